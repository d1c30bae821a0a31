/**
 * Two replicas starting together both run the migrator on a fresh database: both must succeed and
 * every migration must be applied once (PostgreSQL: under an advisory lock; PGlite: one process,
 * callers serialised).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { rebuildDays } from '../modules/analytics/index.ts';
import { rowsOf } from '../lib/throttle.ts';
import {
  migrationsFolder,
  openDatabase,
  pipelinedTransaction,
  runMigrations,
  type Database,
} from './client.ts';

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Two handles on one fresh, empty database (two pools on PostgreSQL; one PGlite shared in-process). */
async function freshPair(): Promise<[Database, Database]> {
  if (!onPostgres) {
    const db = await openDatabase({ inMemory: true });
    cleanups.push(() => db.close());
    return [db, db];
  }
  const runUrl = inject('postgresUrl');
  const name = `vitrine_mig_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const a = await openDatabase({ databaseUrl: url.toString() });
  const b = await openDatabase({ databaseUrl: url.toString() });
  cleanups.push(async () => {
    await a.close();
    await b.close();
    const c = new pg.Client({ connectionString: runUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  return [a, b];
}

describe('migrations', () => {
  it('two concurrent runs on a fresh database both succeed and apply each migration once', async () => {
    const [a, b] = await freshPair();
    const results = await Promise.allSettled([runMigrations(a), runMigrations(b), runMigrations(a)]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
    ]);
    const [row] = await a.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(row!.n).toBe(journal.entries.length);
    const [users] = await b.query<{ n: number }>('select count(*)::int as n from users');
    expect(users!.n).toBe(0);
  });
});

describe('connections', () => {
  it('the rollup rebuild runs without JIT (it cost the rebuild ~1 s at 10 M events)', async () => {
    const [a] = await freshPair();
    await runMigrations(a);
    const jit = await a.db.transaction(async (tx) => {
      await rebuildDays(tx, []);
      return rowsOf<{ jit: string }>(await tx.execute(sql`show jit`))[0]!.jit;
    });
    expect(jit).toBe('off');
  });

  it.runIf(onPostgres)(
    'a transaction whose locks fail ends before its connection goes back to the pool',
    async () => {
      const [a] = await freshPair();
      const url = new URL(inject('postgresUrl'));
      url.pathname = new URL(a.url!).pathname;
      const single = await openDatabase({ databaseUrl: url.toString(), poolMax: 1 });
      cleanups.push(() => single.close());
      const holder = new pg.Client({ connectionString: url.toString() });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query('begin');
      await holder.query(`select pg_advisory_xact_lock(hashtext('lead-lock-test'))`);
      // The pool's only connection gives up waiting for the lock after 200 ms.
      await single.query('set statement_timeout = 200');
      await expect(
        pipelinedTransaction(single.db, ['lead-lock-test'], { text: 'select 1' }, async () => ({
          statements: [],
          result: 'never',
        })),
      ).rejects.toThrow(/statement timeout/);
      await holder.query('rollback');
      // The same connection answers again (it was not handed back inside an aborted transaction).
      await expect(single.query<{ ok: number }>('select 1 as ok')).resolves.toEqual([{ ok: 1 }]);
    },
  );

  it.runIf(onPostgres)(
    'a connection lost in the middle of a transaction fails that transaction, not the process',
    async () => {
      const [a] = await freshPair();
      const single = await openDatabase({ databaseUrl: a.url!, poolMax: 1 });
      cleanups.push(() => single.close());
      const other = new pg.Client({ connectionString: a.url! });
      await other.connect();
      cleanups.push(() => other.end());
      await expect(
        pipelinedTransaction<{ pid: number }, string>(
          single.db,
          ['lost-connection-test'],
          { text: 'select pg_backend_pid() as pid' },
          async ([row]) => {
            // The server ends this transaction's connection (a restart, a failover, an admin).
            await other.query('select pg_terminate_backend($1)', [row!.pid]);
            return { statements: [{ text: 'select 1' }], result: 'never' };
          },
        ),
      ).rejects.toThrow();
      // The pool opens a new connection for the next query.
      await expect(single.query<{ ok: number }>('select 1 as ok')).resolves.toEqual([{ ok: 1 }]);
    },
  );

  it.runIf(onPostgres)(
    'a prepared statement name reused with another text fails the transaction before anything commits',
    async () => {
      const [a] = await freshPair();
      await runMigrations(a);
      const write = (text: string) => async () => ({
        statements: [
          { text: `insert into rate_limits (key, hits, reset_at) values ('two-texts-test', 1, now())` },
          { name: 'two_texts_test', text },
        ],
        result: 'ok',
      });
      await expect(pipelinedTransaction(a.db, [], { text: 'select 1' }, write('select 1'))).resolves.toBe(
        'ok',
      );
      await a.query(`delete from rate_limits where key = 'two-texts-test'`);
      const failed = await pipelinedTransaction(a.db, [], { text: 'select 1' }, write('select 2')).catch(
        (err: unknown) => err,
      );
      // Nothing of the transaction committed (node-postgres alone would have let COMMIT commit the insert).
      expect(await a.query(`select key from rate_limits where key = 'two-texts-test'`)).toEqual([]);
      expect(String(failed)).toMatch(/two texts/);
    },
  );

  it('rate-limit windows are unlogged: their writes wait for no WAL flush', async () => {
    const [a] = await freshPair();
    await runMigrations(a);
    const [row] = await a.query<{ relpersistence: string }>(
      `select relpersistence from pg_class where relname = 'rate_limits'`,
    );
    expect(row!.relpersistence).toBe('u');
  });
});
