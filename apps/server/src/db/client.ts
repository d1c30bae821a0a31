/** The database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export { migrationsFolder };

export interface Database {
  db: Db;
  /** The embedded client, when the database is PGlite. */
  client?: PGlite;
  /** The connection string, when the database is PostgreSQL (the queue opens its own pool). */
  url?: string;
  kind: 'pglite' | 'postgres';
  /**
   * Raw SQL for the few places that need it (queue, health, the analytics beacon statement). `name`
   * makes it a prepared statement on each PostgreSQL connection (parsed and planned once).
   */
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    opts?: { name?: string },
  ): Promise<T[]>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL: the pool's connections at most (10 unless said). */
  poolMax?: number;
  dataDir?: string;
  /** Start from a PGlite data dir dump (tests: a migrated template). */
  loadDataDir?: Blob;
  inMemory?: boolean;
}

/** Where the embedded database lives under DATA_DIR. */
export const pgdataDir = (dataDir = './data') => path.join(dataDir, 'pgdata');

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      // A query is written as soon as it is made, without waiting for the answer to the one before
      // (node-postgres's pipeline mode): code that awaits each query sees no difference, and the hot
      // paths send a transaction's statements together (pipelinedTransaction, below).
      pipeline: true,
    } as pg.PoolConfig);
    // An idle connection dropped by the server (restart, failover, admin) emits 'error' on the pool;
    // unheard, that event would crash the process. The pool discards the client and the next query
    // opens a new one (or fails, and that request gets its 5xx / the readiness probe its 503).
    pool.on('error', () => undefined);
    // A connection lost while checked out (a transaction in progress: the server restarted or
    // terminated it) emits 'error' on its client, which the pool stops listening to while the client is
    // lent: unheard, that crashes the process. Heard, the client's queries fail, the transaction
    // throws and the client goes back as broken.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      url: opts.databaseUrl,
      kind: 'postgres',
      query: async (text, params, opts) =>
        (await pool.query({ text, values: params as unknown[], name: opts?.name })).rows,
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = pgdataDir(opts.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    client,
    kind: 'pglite',
    query: async (text, params) => (await client.query(text, params as unknown[])).rows as never,
    close: () => client.close(),
  };
}

/** Any constant: the key of the session-level advisory lock that serialises migrators across replicas. */
export const MIGRATION_LOCK_KEY = 4_242_001;
const pgliteMigrations = new WeakMap<PGlite, Promise<void>>();

/**
 * Applies the committed SQL migrations. A failure throws, and the start stops.
 *
 * PostgreSQL: on one dedicated connection holding `pg_advisory_lock`, so replicas that start together
 * run the migrator one after the other (the later ones find everything applied). The lock is a session
 * lock: if the process dies mid-migration the connection closes and the lock is released.
 * PGlite belongs to one process: callers in that process are chained instead.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
    return;
  }
  const pglite = database.client!;
  const previous = pgliteMigrations.get(pglite) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => migratePglite(database.db as never, { migrationsFolder }));
  pgliteMigrations.set(pglite, run);
  await run;
}

/**
 * One named prepared statement on the hot path, in the caller's transaction (or on the pool). On
 * PostgreSQL node-postgres parses and plans `text` once per connection under `name` (so a `name` must
 * always go with the same text); PGlite runs it as a plain parameterised query. Rows come back with the
 * database's column names and the driver's types.
 */
export async function queryPrepared<T>(db: Tx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { session: { client: RawClient } }).session.client;
  if (client instanceof pg.Pool || client instanceof pg.Client)
    return ((await (client as PgRawClient).query({ name, text, values })) as { rows: T[] }).rows;
  return ((await (client as PgliteRawClient).query(text, values)) as { rows: T[] }).rows;
}
type PgRawClient = { query(config: { name: string; text: string; values: unknown[] }): Promise<unknown> };
type PgliteRawClient = { query(text: string, values: unknown[]): Promise<unknown> };
type RawClient = PgRawClient | PgliteRawClient;

/** A statement for pipelinedTransaction: a named prepared statement when `name` is set. */
export interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
}

type PipelineClient = pg.PoolClient & { connection?: { stream?: { cork(): void; uncork(): void } } };

/**
 * Sends statements on one connection without waiting between them, in one write to the socket, and
 * waits for every answer (so none is left unheard when one fails).
 */
function sendAll(client: PipelineClient, statements: Statement[]) {
  // node-postgres refuses a name already prepared with another text without telling the server, so the
  // transaction would not abort and COMMIT would commit the others: refuse it here, before sending.
  for (const s of statements) {
    if (!s.name) continue;
    const known = statementTexts.get(s.name);
    if (known === undefined) statementTexts.set(s.name, s.text);
    else if (known !== s.text) throw new Error(`Prepared statement ${s.name} used with two texts.`);
  }
  const stream = client.connection?.stream;
  stream?.cork();
  try {
    return Promise.allSettled(
      statements.map((s) => client.query({ name: s.name, text: s.text, values: s.values })),
    );
  } finally {
    stream?.uncork();
  }
}
/** The text of each prepared statement's name, as sendAll has sent it. */
const statementTexts = new Map<string, string>();
const firstError = (settled: PromiseSettledResult<unknown>[]) =>
  settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');

/**
 * A transaction in two round trips, for the hot paths (lead capture): the first sends BEGIN, the
 * transaction-scoped advisory locks on `keys` (taken in sorted order, so two callers never wait on each
 * other in a cycle) and the `read` statement together; `write` gets the rows read and returns the
 * statements to write (and the caller's result), which go out together with COMMIT.
 *
 * On PostgreSQL the pool's connections are in pipeline mode: the statements are written at once and
 * answered in order. If one fails, PostgreSQL skips the rest of the transaction and the COMMIT that
 * follows rolls it back; the error is thrown. A transaction is only reported committed when COMMIT
 * answers COMMIT. A connection whose transaction may still be open goes back to the pool only after
 * a ROLLBACK, and is discarded if that fails. On PGlite (one connection in this process, no wire to
 * wait on) the same statements run one after another in a plain transaction.
 */
export async function pipelinedTransaction<R, T>(
  db: Db,
  keys: string[],
  read: Statement,
  write: (rows: R[]) => Promise<{ statements: Statement[]; result: T }>,
): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool))
    return db.transaction(async (tx) => {
      if (sorted.length)
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${sql.param(sorted)}::text[]) as k order by k`,
        );
      const rows = await queryPrepared<R>(tx, read.name ?? '', read.text, read.values ?? []);
      const { statements, result } = await write(rows);
      for (const s of statements) await queryPrepared(tx, s.name ?? '', s.text, s.values ?? []);
      return result;
    });
  const client = (await pool.connect()) as PipelineClient;
  // Until COMMIT answers, the connection may hold an open (or aborted) transaction.
  let open = true;
  // A connection whose ROLLBACK failed is in an unknown state: the pool discards it.
  let broken = false;
  try {
    const locks = sorted.length
      ? `; select count(pg_advisory_xact_lock(hashtext(k))) from (select k from json_array_elements_text(${client.escapeLiteral(JSON.stringify(sorted))}::json) as k order by k) as l`
      : '';
    const begun = await sendAll(client, [{ text: `begin${locks}` }, read]);
    const beginError = firstError(begun);
    if (beginError) throw beginError.reason;
    const found = (begun[1] as PromiseFulfilledResult<pg.QueryResult>).value;
    const { statements, result } = await write(found.rows as R[]);
    const settled = await sendAll(client, [...statements, { text: 'commit' }]);
    const ended = settled.at(-1)!;
    // COMMIT answered (COMMIT, or ROLLBACK after a failed statement): the transaction is over.
    if (ended.status === 'fulfilled') open = false;
    const error = firstError(settled);
    if (error) throw error.reason;
    if ((ended as PromiseFulfilledResult<pg.QueryResult>).value.command !== 'COMMIT')
      throw new Error('The transaction was rolled back.');
    return result;
  } catch (err) {
    if (open)
      await client.query('rollback').catch(() => {
        broken = true;
      });
    throw err;
  } finally {
    client.release(broken);
  }
}
