/**
 * bench:start — time from spawning the server to its first answer (GET /health/ready: the database and
 * the queue answer), for:
 *
 *   baseline           plain Node starting a bare Fastify hello server (scripts/lib/bare-hello-server.mjs)
 *   npm start, first   `node scripts/start.mjs` on an empty DATA_DIR (embedded database, demo seed on);
 *                      also the time until the demo login works (POST /v1/demo/login answers 200)
 *   npm start          the same on the DATA_DIR the first start left (an existing install)
 *   production, first  `node apps/server/dist/server.js` (built; run `npm run build` first) on an empty
 *                      DATA_DIR, NODE_ENV=production
 *   production         the same on the DATA_DIR it left
 *
 * Each is run --runs times (3 unless told), in turn, and the medians printed: times on a shared machine
 * are noisy. The console must be built (npm start would build it, and that is not start-up time).
 *
 *   npm run bench:start [-- --runs 5] [-- --only first,existing,prod]
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  ConsoleClient,
  freePort,
  pinnedNode,
  repoRoot,
  spawnServer,
  type ServerProcess,
} from '@vitrine/test-kit';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('runs') ?? 3);
const ONLY = arg('only')?.split(',');
const wanted = (name: string) => !ONLY || ONLY.includes(name);

const PATH = `${path.join(repoRoot, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`;
const APP_KEY = `base64:${Buffer.alloc(32, 7).toString('base64')}`;
const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');

const live = new Set<ServerProcess>();
process.on('exit', () => {
  for (const s of live) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

/** Polls `url` every 20 ms until `ok(status)`; ms since the process was spawned. */
async function waitFor(
  server: ServerProcess,
  request: () => Promise<number>,
  timeoutMs = 300_000,
): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`O servidor terminou antes de responder:\n${server.output()}`);
    const status = await request().catch(() => 0);
    if (status === 200) return Math.round(performance.now() - server.started);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Sem resposta em ${timeoutMs / 1000} s:\n${server.output()}`);
}

/**
 * CPU time (user + system, ms) the process and its children have used so far, from /proc (Linux): on a
 * shared, loaded machine the wall time mostly measures the wait for a core, the CPU time what the start
 * costs. null where /proc is not there.
 */
function cpuMsOfTree(root: number): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length) {
    const pid = queue.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) queue.push(child);
  }
  return Math.round((ticks * 1000) / 100); // USER_HZ is 100 on Linux
}

const get = (url: string) => async () => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;

interface Run {
  ready: number;
  /** CPU ms used by the process tree when it first answered. */
  cpu: number | null;
  demo?: number;
}

async function startOnce(kind: 'baseline' | 'npm' | 'prod', dataDir: string, demo = false): Promise<Run> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_PRETTY: '0',
  };
  const args =
    kind === 'baseline'
      ? [path.join(import.meta.dirname, 'lib/bare-hello-server.mjs')]
      : kind === 'npm'
        ? [path.join(repoRoot, 'scripts/start.mjs')]
        : ['--enable-source-maps', serverBundle];
  if (kind === 'prod') Object.assign(env, { NODE_ENV: 'production', APP_KEY });
  else if (kind === 'npm') env.NODE_ENV = 'development';
  const server = spawnServer({ node: pinnedNode, args, env, cwd: repoRoot });
  live.add(server);
  try {
    const ready = await waitFor(server, get(kind === 'baseline' ? url : `${url}/health/ready`));
    const cpu = cpuMsOfTree(server.child.pid!);
    let demoMs: number | undefined;
    if (demo) {
      const client = new ConsoleClient(url);
      demoMs = await waitFor(server, async () => (await client.request('POST', '/v1/demo/login')).status);
    }
    return { ready, cpu, demo: demoMs };
  } finally {
    await server.stop('SIGTERM', 20_000);
    live.delete(server);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : Math.round((s[s.length / 2 - 1]! + s[s.length / 2]!) / 2);
};

const rows: { name: string; ms: number[]; cpu: number[]; target?: string }[] = [];
const record = (name: string, runs: (Run | number)[], target?: string) => {
  const ms = runs.map((r) => (typeof r === 'number' ? r : r.ready));
  const cpu = runs.flatMap((r) => (typeof r === 'number' || r.cpu === null ? [] : [r.cpu]));
  rows.push({ name, ms, cpu, target });
  console.log(
    `  ${name}: ${ms.join(', ')} ms (mediana ${median(ms)} ms)${cpu.length ? `; CPU ${cpu.join(', ')} ms (mediana ${median(cpu)} ms)` : ''}`,
  );
};

const scratch = () => mkdtempSync(path.join(tmpdir(), 'vitrine-bench-start-'));
const dirs: string[] = [];
const load = () => loadavg()[0]!.toFixed(1);

console.log(`bench:start — ${RUNS} execuções de cada, load average ${load()} no início`);
if (!existsSync(path.join(repoRoot, 'apps/console/dist/index.html')))
  throw new Error('Compile o console antes (npm run build).');

const baseline: Run[] = [];
const npmFirst: Run[] = [];
const npmDemo: number[] = [];
const npmExisting: Run[] = [];
const prodFirst: Run[] = [];
const prodExisting: Run[] = [];
const hasBundle = existsSync(serverBundle);
if (wanted('prod') && !hasBundle)
  console.log('  (sem apps/server/dist/server.js: rode `npm run build` para medir a produção)');

for (let i = 0; i < RUNS; i++) {
  baseline.push(await startOnce('baseline', tmpdir()));
  if (wanted('first') || wanted('existing')) {
    const dir = scratch();
    dirs.push(dir);
    const first = await startOnce('npm', dir, true);
    npmFirst.push(first);
    npmDemo.push(first.demo!);
    if (wanted('existing')) npmExisting.push(await startOnce('npm', dir));
  }
  if (wanted('prod') && hasBundle) {
    const dir = scratch();
    dirs.push(dir);
    prodFirst.push(await startOnce('prod', dir));
    prodExisting.push(await startOnce('prod', dir));
  }
  console.log(`  execução ${i + 1} de ${RUNS} feita (load average ${load()})`);
}
for (const dir of dirs) rmSync(dir, { recursive: true, force: true });

console.log('\nTempo até a primeira resposta (GET /health/ready), ms:');
record('baseline: node + Fastify "hello"', baseline);
if (npmFirst.length) {
  record('npm start, primeira vez (DATA_DIR vazio)', npmFirst, '≤ 8.000');
  record('npm start, primeira vez, até o login da demonstração', npmDemo, '≤ 8.000');
}
if (npmExisting.length) record('npm start, instalação existente', npmExisting, '≤ 3.000');
if (prodFirst.length) {
  record('produção (dist/server.js), primeira vez', prodFirst);
  record('produção (dist/server.js), instalação existente', prodExisting, '≤ 2.000');
}
console.log('\n| o quê | mediana | execuções | CPU (mediana) | meta |\n| --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(
    `| ${r.name} | ${median(r.ms)} ms | ${r.ms.join(', ')} | ${r.cpu.length ? `${median(r.cpu)} ms` : ''} | ${r.target ? `${r.target} ms` : ''} |`,
  );
console.log(`\nload average no fim: ${load()}`);
process.exit(0);
