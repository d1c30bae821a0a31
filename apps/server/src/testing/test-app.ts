/**
 * One app per test file on its own database (a PGlite clone of the migrated template, or the run's
 * PostgreSQL database), plus an HTTP client that keeps cookies and speaks the CSRF flow like the console.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config.ts';
import pg from 'pg';
import { openDatabase, runMigrations, type Database } from '../db/client.ts';
import { memberships, pages } from '../db/schema.ts';
import { createUser } from '../modules/auth/index.ts';
import { createRealEstate } from '../modules/real-estates/index.ts';
import type { Role } from '@vitrine/contracts';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DATABASE === 'postgres') return openDatabase({ databaseUrl: inject('postgresUrl') });
  const template = await readFile(inject('pgliteTemplate'));
  return openDatabase({ inMemory: true, loadDataDir: new Blob([template]) });
}

export async function createTestContext(
  overrides: Partial<AppConfig> = {},
  env: NodeJS.ProcessEnv = {},
  logger?: FastifyServerOptions['logger'],
  /** Runs between building and ready(): hooks a test adds to watch the app (e.g. preSerialization). */
  beforeReady?: (app: FastifyInstance) => void,
  /** A database of its own even on PostgreSQL, dropped on close: for tests that change rows every
   * other file may read at the same time (the demo's). */
  isolated = false,
  /** Another app's database (two app instances on one database, as two processes would be); not closed here. */
  shared?: Database,
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-app-'));
  const scratch = isolated && process.env.TEST_DATABASE === 'postgres' ? await scratchPostgres() : null;
  const database = shared ?? (scratch ? scratch.database : await openTestDatabase());
  const config = loadConfig(
    // Load shedding watches the whole process's event loop, which the other apps of a test file block
    // while they start: off here unless a test turns it on.
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: 'http://localhost:3000',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      // Tests never contact YouTube or Vimeo: a closed local port unless a test serves thumbnails.
      YOUTUBE_THUMBNAIL_BASE: 'http://127.0.0.1:9/vi',
      VIMEO_OEMBED_URL: 'http://127.0.0.1:9/api/oembed.json',
      ...env,
    },
    { dataDir, appKey: randomBytes(32), ...overrides },
  );
  const app = await buildApp({ config, database, logger });
  sendLandingPathsToLandingHost(app, config);
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a browser asks of the landing pages' origin (LANDING_URL): the pages, the tracker, the form, the beacons. */
export const LANDING_PATH_PREFIXES = [
  '/imoveis/',
  '/p/',
  '/feeds/',
  '/v1/public/pages/',
  '/v1/public/events',
];

/**
 * Landing pages answer on LANDING_URL's host only (decision 017; the console's host redirects
 * /imoveis/*). A test's request for a landing path that names no Host goes there, as a browser's does
 * once the page links and redirects have brought it: `ctx.app.inject({ url: '/imoveis/x' })` and
 * `TestClient` reach the page. A test of the routing itself names the Host (`headers: { host }`).
 */
function sendLandingPathsToLandingHost(app: FastifyInstance, config: AppConfig) {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const landingHost = new URL(config.LANDING_URL).host;
  const routed = (opts: InjectOptions | string): InjectOptions | string => {
    const o = typeof opts === 'string' ? { url: opts } : opts;
    const url = typeof o.url === 'string' ? o.url : '';
    const headers = (o.headers ?? {}) as Record<string, unknown>;
    if (!LANDING_PATH_PREFIXES.some((p) => url.startsWith(p)) || 'host' in headers) return opts;
    return { ...o, headers: { ...headers, host: landingHost } };
  };
  app.inject = ((opts?: InjectOptions | string, ...rest: unknown[]) =>
    opts === undefined ? inject() : inject(routed(opts), ...rest)) as typeof app.inject;
}

/** A new, migrated PostgreSQL database next to the run's one. */
async function scratchPostgres() {
  const url = new URL(inject('postgresUrl'));
  const name = `${url.pathname.slice(1)}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return { database, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}@teste.com.br`;

export const TEST_PASSWORD = 'senha-segura-123';

/** A user with an agency of their own (owner), through the same services the app uses. */
export async function createOwner(ctx: TestContext, agencyName = 'Imobiliária Teste') {
  const email = uniqueEmail('owner');
  const userId = await createUser(ctx.app.deps, { name: 'Dona Teste', email, password: TEST_PASSWORD });
  const realEstateId = await createRealEstate(ctx.app.deps, { name: agencyName, ownerId: userId });
  return { userId, email, realEstateId };
}

export async function addMember(ctx: TestContext, realEstateId: number, role: Role) {
  const email = uniqueEmail(role);
  const userId = await createUser(ctx.app.deps, { name: `Membro ${role}`, email, password: TEST_PASSWORD });
  await ctx.database.db.insert(memberships).values({ realEstateId, userId, role });
  return { userId, email };
}

type Payload = string | Buffer | Record<string, unknown> | unknown[] | null;

/** Cookie jar + CSRF, like the console's client. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    public ip = '127.0.0.1',
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (
        c.value === '' ||
        (c.maxAge !== undefined && c.maxAge <= 0) ||
        (c.expires && c.expires.getTime() < Date.now())
      )
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  get xsrf() {
    const v = this.cookies.get('XSRF-TOKEN');
    return v ? decodeURIComponent(v) : undefined;
  }

  async csrf() {
    const res = await this.request('GET', '/sanctum/csrf-cookie');
    return res;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
    url: string,
    opts: { body?: Payload; headers?: Record<string, string>; csrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    const stateChanging = method !== 'GET' && method !== 'HEAD';
    if (stateChanging && opts.csrf !== false) {
      if (!this.xsrf) {
        await this.csrf();
        headers.cookie = this.cookieHeader();
      }
      headers['x-xsrf-token'] = this.xsrf!;
    }
    let payload: string | Buffer | undefined;
    if (
      opts.body !== undefined &&
      opts.body !== null &&
      typeof opts.body === 'object' &&
      !Buffer.isBuffer(opts.body)
    ) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined && opts.body !== null) {
      payload = opts.body as string | Buffer;
    }
    const res = await this.app.inject({ method, url, headers, payload, remoteAddress: this.ip });
    this.store(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }
  post(url: string, body?: Payload, headers?: Record<string, string>) {
    return this.request('POST', url, { body, headers });
  }
  put(url: string, body?: Payload, headers?: Record<string, string>) {
    return this.request('PUT', url, { body, headers });
  }
  delete(url: string, body?: Payload) {
    return this.request('DELETE', url, { body });
  }

  async login(email: string, password = TEST_PASSWORD) {
    const res = await this.post('/v1/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}

/**
 * An agency's owner, signed in: the user and agency (`createOwner`) and a `TestClient` logged in as
 * them, from `ip` when a test counts requests per address (the login and the rate limits).
 */
export async function signedInOwner(ctx: TestContext, agencyName?: string, options: { ip?: string } = {}) {
  const owner = await createOwner(ctx, agencyName);
  const client = new TestClient(ctx.app, options.ip);
  await client.login(owner.email);
  return { ...owner, client };
}

/**
 * A second app on `ctx`'s database with other settings (lower limits, say), as a second process
 * configured otherwise would be: created before the describe block's tests, closed after them.
 * Call it inside a `describe`; the getter gives the context once it exists.
 */
export function appWithSettings(ctx: () => TestContext, env: NodeJS.ProcessEnv): () => TestContext {
  let other: TestContext | undefined;
  beforeAll(async () => {
    other = await createTestContext({}, env, undefined, undefined, false, ctx().database);
  });
  afterAll(async () => {
    await other?.close();
  });
  return () => other!;
}

/** A member of `realEstateId` with `role` (`addMember`), signed in. */
export async function signedInMember(
  ctx: TestContext,
  realEstateId: number,
  role: Role,
  options: { ip?: string } = {},
) {
  const member = await addMember(ctx, realEstateId, role);
  const client = new TestClient(ctx.app, options.ip);
  await client.login(member.email);
  return { ...member, client };
}

/** Builds a multipart body by hand, so tests can also send broken ones. */
export function multipart(
  fields: Record<string, string>,
  files: { name: string; filename: string; type: string; content: Buffer }[] = [],
) {
  const boundary = `----vitrine${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Polls until the check returns a truthy value (background work such as deliveries). */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  opts: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as NonNullable<T>;
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 50));
  }
  throw new Error(
    `waitFor timed out${opts.what ? `: ${opts.what}` : ''} (last value: ${JSON.stringify(last)})`,
  );
}

/** A page row straight into the table (the pages API has its own tests). */
export async function insertPage(
  ctx: TestContext,
  realEstateId: number,
  overrides: Partial<typeof pages.$inferInsert> = {},
) {
  const slug = overrides.slug ?? `imovel-${randomBytes(5).toString('hex')}`;
  const [row] = await ctx.database.db
    .insert(pages)
    .values({
      realEstateId,
      title: 'Apartamento com 3 quartos em Pinheiros',
      slug,
      status: 'published',
      listingCode: 'AP-123',
      purpose: 'sale',
      propertyType: 'apartment',
      priceCents: 85_000_000,
      condoFeeCents: 120_000,
      iptuCents: 35_000,
      areaM2: 92,
      bedrooms: 3,
      suites: 1,
      bathrooms: 2,
      parkingSpaces: 1,
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
      description: 'Apartamento claro e silencioso.\n\nPerto do metrô.',
      features: ['Varanda', 'Piscina'],
      photos: [
        { id: 'p1', url: 'https://img.exemplo.com/1.jpg', key: null, width: 1200, height: 900, alt: null },
      ],
      whatsapp: '11988887777',
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}
