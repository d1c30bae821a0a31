/**
 * The soak's and the benchmarks' part of the test kit: the real server as a child process that can be
 * killed with SIGKILL and started again on the same port and DATA_DIR, an agency with published pages,
 * a percentile. The rest (free port, server process, console client with CSRF, fake webhook, scratch
 * PostgreSQL) is the repository's one test kit, `@vitrine/test-kit` (packages/test-kit), re-exported here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  ConsoleClient,
  freePort,
  registerAgency,
  resolveChromium,
  scratchPostgres as kitScratchPostgres,
  spawnServer,
  waitForHttp,
  type ServerProcess,
} from '@vitrine/test-kit';

export {
  ConsoleClient,
  freePort,
  resolveChromium,
  startFakeWebhook,
  startSmtpSink,
  type WebhookCall,
} from '@vitrine/test-kit';

/** A throw-away PostgreSQL database named vitrine_bench_…; null when none answers. */
export const scratchPostgres = () => kitScratchPostgres('vitrine_bench');

/** What gc-probe.mjs writes: process.memoryUsage() in bytes after a full GC, and live handles. */
export interface MemoryAfterGc {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  handles: number;
}

export interface ServerHandle {
  url: string;
  /** LANDING_URL: the landing pages' origin (same port, the other loopback name; decision 017). */
  landingUrl: string;
  dataDir: string;
  /** The running process's id (CPU accounting from /proc). */
  pid(): number | undefined;
  /** After a forced full GC: the process's memory (null unless started with gcProbe). */
  memoryAfterGc(): Promise<MemoryAfterGc | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  cleanup(): void;
}

/** The environment the benchmarks' server and worker processes share (same APP_KEY: same secrets). */
const processEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
});

/** node itself (with tsx as a loader), not the tsx wrapper: SIGKILL must hit the process. */
const entryArgs = (entry: 'server.ts' | 'worker.ts', nodeArgs: string[] = []) => [
  ...nodeArgs,
  ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  '--import',
  'tsx',
  path.join(import.meta.dirname, '../../src', entry),
];

/**
 * The API server (server.ts) on a free port. `dataDir`: another server's DATA_DIR, as replicas share one
 * volume for uploads (docs/operations.md, Replicas); by default a new one, removed by cleanup().
 * `gcProbe`: the process runs with gc-probe.mjs, so that `handle.memoryAfterGc()` can force a full
 * collection and read what the process still holds.
 */
export async function startServer(
  env: Record<string, string>,
  options: { dataDir?: string; gcProbe?: boolean } = {},
): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const landingUrl = `http://localhost:${port}`;
  let server: ServerProcess | null = null;
  const probeFile = path.join(dataDir, 'gc-probe.json');
  const handle: ServerHandle = {
    url,
    landingUrl,
    dataDir,
    pid: () => server?.child.pid,
    async memoryAfterGc() {
      if (!options.gcProbe || !server?.child.pid) return null;
      rmSync(probeFile, { force: true });
      server.child.kill('SIGUSR2');
      for (let waited = 0; waited < 10_000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
        if (!existsSync(probeFile)) continue;
        try {
          return JSON.parse(readFileSync(probeFile, 'utf8')) as MemoryAfterGc;
        } catch {
          // written meanwhile: read again
        }
      }
      return null;
    },
    async start() {
      server = spawnServer({
        args: entryArgs(
          'server.ts',
          options.gcProbe
            ? ['--expose-gc', '--import', pathToFileURL(path.join(import.meta.dirname, 'gc-probe.mjs')).href]
            : [],
        ),
        env: {
          ...(options.gcProbe ? { GC_PROBE_FILE: probeFile } : {}),
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
          LANDING_URL: landingUrl,
          ...processEnv(dataDir),
          ...env,
        },
        echoStderr: true,
      });
      // Generous: on a loaded shared machine the embedded database can take a while to open and migrate.
      await waitForHttp(`${url}/healthz`, server, { timeoutMs: 180_000 });
    },
    async kill(signal = 'SIGTERM') {
      await server?.stop(signal);
    },
    cleanup() {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Never leave an orphan server behind when the script stops early.
  process.on('exit', () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await handle.start();
  return handle;
}

export interface WorkerHandle {
  /** Resolves when the process last started says it is ready (its "Worker pronto" line). */
  ready(): Promise<void>;
  /** Sends the signal (SIGTERM: a graceful stop) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (after kill) and waits until it is ready. */
  start(): Promise<void>;
  stop(): Promise<unknown>;
}

/**
 * The job workers in a process of their own (`npm run worker`) beside `server` (started with
 * RUN_WORKER=false), on the same PostgreSQL. It has no HTTP side: ready() waits for the line worker.ts
 * prints once its workers listen; waitForWorker() proves it delivers.
 */
export function startWorker(
  server: ServerHandle,
  databaseUrl: string,
  env: Record<string, string> = {},
): WorkerHandle {
  let worker: ServerProcess;
  let ready: Promise<void>;
  const spawn = () => {
    worker = spawnServer({
      args: entryArgs('worker.ts'),
      env: {
        ...processEnv(server.dataDir),
        APP_URL: server.url,
        LANDING_URL: server.landingUrl,
        DATABASE_URL: databaseUrl,
        ALLOW_PRIVATE_NETWORK_TARGETS: '1',
        ...env,
      },
      echoStderr: true,
    });
    ready = waitForOutput(worker, 'Worker pronto', 180_000);
    // A caller that never asks still must not see an unhandled rejection (the process died first).
    ready.catch(() => {});
  };
  spawn();
  process.on('exit', () => {
    if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  });
  return {
    ready: () => ready,
    async kill(signal = 'SIGTERM') {
      await worker.stop(signal);
    },
    async start() {
      spawn();
      await ready;
    },
    stop: () => worker.stop(),
  };
}

/** Resolves when `text` appears on the process's stdout; rejects when it exits first or after `timeoutMs`. */
function waitForOutput(proc: ServerProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => done(new Error(`"${text}" não apareceu em ${timeoutMs / 1000} s:\n${proc.output()}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-10_000);
      if (seen.includes(text)) done();
    };
    const onExit = () => done(new Error(`O processo terminou antes de "${text}":\n${proc.output()}`));
    function done(err?: Error) {
      clearTimeout(timer);
      proc.child.stdout?.off('data', onData);
      proc.child.off('exit', onExit);
      if (err) reject(err);
      else resolve();
    }
    proc.child.stdout?.on('data', onData);
    proc.child.once('exit', onExit);
  });
}

/**
 * A real load balancer in front of `upstreams` (the API replicas): Caddy (Debian's /usr/bin/caddy, or
 * CADDY_PATH), round robin, active health checks on /health/ready every second, a replica that refuses
 * connections taken out for `failSeconds` and the request tried on the other (lb_try_duration). It
 * appends the client's address to X-Forwarded-For (the caller is trusted as a CDN in front: the API
 * runs with TRUST_PROXY=2) and names the replica that answered in `X-Upstream` (host:port).
 */
export async function startProxy(upstreams: string[], options: { port?: number; failSeconds?: number } = {}) {
  const caddy = process.env.CADDY_PATH ?? '/usr/bin/caddy';
  if (!existsSync(caddy))
    throw new Error(`Caddy não encontrado em ${caddy} (apt-get install caddy, ou defina CADDY_PATH).`);
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-proxy-'));
  const hosts = upstreams.map((u) => new URL(u).host);
  const caddyfile = path.join(dir, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	auto_https off
}
http://127.0.0.1:${port} {
	reverse_proxy ${hosts.join(' ')} {
		lb_policy round_robin
		lb_try_duration 10s
		lb_try_interval 100ms
		fail_duration ${options.failSeconds ?? 5}s
		max_fails 1
		health_uri /health/ready
		health_interval 1s
		health_timeout 2s
		trusted_proxies 127.0.0.1/32
		header_down X-Upstream {http.reverse_proxy.upstream.hostport}
	}
}
`,
  );
  const proxy = spawnServer({
    node: caddy,
    args: ['run', '--config', caddyfile, '--adapter', 'caddyfile'],
    // Caddy keeps its state under XDG_DATA_HOME/XDG_CONFIG_HOME: a folder of its own, not $HOME.
    env: { XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  process.on('exit', () => {
    if (proxy.child.exitCode === null) proxy.child.kill('SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/health/live`, proxy, { timeoutMs: 30_000 });
  return {
    url,
    async stop() {
      await proxy.stop('SIGTERM', 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until a worker process started beside the API is up: it is when it delivers. Posts one lead
 * to `leadUrl` (not measured) and waits until `received()` (the receiver's calls) grows; throws after
 * 120 s.
 */
export async function waitForWorker(leadUrl: string, received: () => number) {
  const before = received();
  await fetch(leadUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '100.127.255.255' },
    body: JSON.stringify({ name: 'Pessoa de teste', email: 'probe@worker.test', consent: true }),
  });
  const deadline = Date.now() + 120_000;
  while (received() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (received() === before) throw new Error('O worker separado não entregou o lead de teste em 120 s.');
}

/**
 * A baseline server of a benchmark (`script`, relative to apps/server/scripts: 'lib/bare-*.ts') on a
 * free port, waited for on /healthz; killed with the script if it stops early.
 */
export async function startBareServer(script: string, env: Record<string, string>) {
  const port = await freePort();
  const bare = spawnServer({
    args: ['--import', 'tsx', path.join(import.meta.dirname, '..', script)],
    env: { ...env, PORT: String(port) },
    echoStderr: true,
  });
  process.on('exit', () => {
    if (bare.child.exitCode === null) bare.child.kill('SIGKILL');
  });
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, bare, { timeoutMs: 30_000 });
  return { url: `http://127.0.0.1:${port}`, pid: bare.child.pid, stop: () => bare.stop() };
}

/** Signs up an agency with published pages (created through SQL, the pages API is not what is measured). */
export async function setupAgency(
  server: Pick<ServerHandle, 'url'>,
  databaseUrl: string | null,
  pagesCount: number,
) {
  const client = new ConsoleClient(server.url);
  const email = `bench.${randomBytes(4).toString('hex')}@teste.com.br`;
  const { agencyId: realEstateId } = await registerAgency(
    client,
    { name: 'Bench', email, password: 'senha-do-bench' },
    'Imobiliária Bench',
  );
  if (!databaseUrl) {
    // Embedded database: the server holds it, so the pages go through the API.
    const slugs: string[] = [];
    for (let i = 0; i < pagesCount; i++) {
      const { data: page } = await client.call('POST', `/v1/real-estates/${realEstateId}/pages`, {
        page: { title: `Imóvel ${i}` },
      });
      await client.call('PUT', `/v1/pages/${page.id}`, { status: 'published', purpose: 'sale' });
      slugs.push(page.slug as string);
    }
    return { client, realEstateId, slugs };
  }
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const slugs: string[] = [];
  for (let i = 0; i < pagesCount; i++) {
    const slug = `bench-${i}-${randomBytes(3).toString('hex')}`;
    await db.query(
      `insert into pages (real_estate_id, title, slug, status, purpose) values ($1, $2, $3, 'published', 'sale')`,
      [realEstateId, `Imóvel ${i}`, slug],
    );
    slugs.push(slug);
  }
  await db.end();
  return { client, realEstateId, slugs };
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Chromium for Lighthouse (the system's, else the npm package's: packages/test-kit/src/chromium.ts), headless, with the flags this machine's closed network needs (no
 * background connections to Google's hosts). `extraFlags` add to them.
 */
export async function launchChrome(extraFlags: string[] = []) {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = resolveChromium();
  return chromeLauncher.launch({
    chromePath: chrome.path,
    envVars: { ...process.env, ...chrome.env } as Record<string, string>,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraFlags,
    ],
  });
}
