/**
 * The soak's and the benchmarks' part of the test kit: the real server as a child process that can be
 * killed with SIGKILL and started again on the same port and DATA_DIR, an agency with published pages,
 * a percentile. The rest (free port, server process, console client with CSRF, fake webhook, scratch
 * PostgreSQL) is the repository's one test kit, `test-kit/`, re-exported here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ConsoleClient,
  freePort,
  registerAgency,
  scratchPostgres as kitScratchPostgres,
  spawnServer,
  waitForHttp,
  type ServerProcess,
} from '../../../../test-kit/index.ts';

export {
  ConsoleClient,
  freePort,
  startFakeWebhook,
  startSmtpSink,
  type WebhookCall,
} from '../../../../test-kit/index.ts';

/** A throw-away PostgreSQL database named vitrine_bench_…; null when none answers. */
export const scratchPostgres = () => kitScratchPostgres('vitrine_bench');

export interface ServerHandle {
  url: string;
  /** LANDING_URL: the landing pages' origin (same port, the other loopback name; decision 016). */
  landingUrl: string;
  dataDir: string;
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
const entryArgs = (entry: 'server.ts' | 'worker.ts') => [
  ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
  '--import',
  'tsx',
  path.join(import.meta.dirname, '../../src', entry),
];

export async function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const landingUrl = `http://localhost:${port}`;
  let server: ServerProcess | null = null;
  const handle: ServerHandle = {
    url,
    landingUrl,
    dataDir,
    async start() {
      server = spawnServer({
        args: entryArgs('server.ts'),
        env: {
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Never leave an orphan server behind when the script stops early.
  process.on('exit', () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await handle.start();
  return handle;
}

/**
 * The job workers in a process of their own (`npm run worker`) beside `server` (started with
 * RUN_WORKER=false), on the same PostgreSQL. It has no HTTP side: the caller knows it is up when it
 * delivers something.
 */
export function startWorker(server: ServerHandle, databaseUrl: string, env: Record<string, string> = {}) {
  const worker = spawnServer({
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
  process.on('exit', () => {
    if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  });
  return { stop: () => worker.stop() };
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
  return { url: `http://127.0.0.1:${port}`, stop: () => bare.stop() };
}

/** Signs up an agency with published pages (created through SQL, the pages API is not what is measured). */
export async function setupAgency(server: ServerHandle, databaseUrl: string | null, pagesCount: number) {
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
 * Debian's Chromium for Lighthouse, headless, with the flags this machine's closed network needs (no
 * background connections to Google's hosts). `extraFlags` add to them.
 */
export async function launchChrome(extraFlags: string[] = []) {
  const chromeLauncher = await import('chrome-launcher');
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
