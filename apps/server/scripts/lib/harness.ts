/**
 * Shared by the soak and benchmark scripts: a throw-away PostgreSQL database, the real server as a child
 * process (so it can be killed with SIGKILL), and a few API calls made the way the console makes them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const adminUrl =
    process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@localhost:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `vitrine_bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerHandle {
  url: string;
  dataDir: string;
  process(): ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
  cleanup(): void;
}

export async function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const handle: ServerHandle = {
    url,
    dataDir,
    process: () => child!,
    async start() {
      // node itself (with tsx as a loader), not the tsx wrapper: SIGKILL must hit the server process.
      child = spawn(
        path.join(root, 'node_modules/.bin/node'),
        [
          ...(process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : []),
          '--import',
          'tsx',
          path.join(root, 'apps/server/src/server.ts'),
        ],
        {
          cwd: root,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            APP_URL: url,
            DATA_DIR: dataDir,
            SEED_DEMO: 'false',
            LOG_LEVEL: 'warn',
            NODE_ENV: 'production',
            APP_KEY: `base64:${Buffer.alloc(32, 7).toString('base64')}`,
            ...env,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      // Generous: on a loaded shared machine the embedded database can take a while to open and migrate.
      const deadline = Date.now() + 180_000;
      while (Date.now() < deadline) {
        try {
          const res = await fetch(`${url}/healthz`);
          if (res.ok) return;
        } catch {
          /* not up yet */
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('server did not start');
    },
    async kill(signal = 'SIGTERM') {
      if (!child || child.exitCode !== null) return;
      const c = child;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill(signal);
      await exited;
    },
    cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Never leave an orphan server behind when the script stops early.
  process.on('exit', () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });
  await handle.start();
  return handle;
}

/** A cookie-keeping client that speaks the CSRF flow, as the console does. */
export class ConsoleClient {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      this.cookies.set(k!.trim(), v.join('='));
    }
  }
  async call(method: string, url: string, body?: unknown) {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) {
      this.store(
        await fetch(`${this.base}/sanctum/csrf-cookie`, { headers: { cookie: this.cookieHeader() } }),
      );
    }
    const isForm = body instanceof FormData;
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.cookieHeader(),
        ...(isForm ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    this.store(res);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Signs up an agency with published pages (created through SQL, the pages API is not what is measured). */
export async function setupAgency(server: ServerHandle, databaseUrl: string | null, pagesCount: number) {
  const client = new ConsoleClient(server.url);
  const email = `bench.${randomBytes(4).toString('hex')}@teste.com.br`;
  const { user } = await client.call('POST', '/v1/register', {
    name: 'Bench',
    email,
    password: 'senha-do-bench',
    password_confirmation: 'senha-do-bench',
    real_estate_name: 'Imobiliária Bench',
  });
  const realEstateId = user.real_estates[0].id as number;
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
