/**
 * The embedded database's autovacuum (db/embedded-autovacuum.ts): PostgreSQL's rule applied by the
 * process that holds PGlite, which starts no autovacuum worker of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { maintainTables, startEmbeddedAutovacuum } from './embedded-autovacuum.ts';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ inMemory: true });
}, 60_000);
afterAll(() => database?.close());

type TableStats = {
  n_dead_tup: number;
  last_vacuum: Date | null;
  last_analyze: Date | null;
  last_autovacuum: Date | null;
  last_autoanalyze: Date | null;
};
async function stats(table: string): Promise<TableStats> {
  // The statistics a backend counted reach pg_stat_user_tables when it flushes them.
  await database.query('select pg_stat_force_next_flush()');
  await database.query('select 1');
  const [row] = await database.query<TableStats>(
    `select n_dead_tup::int as n_dead_tup, last_vacuum, last_analyze, last_autovacuum, last_autoanalyze
     from pg_stat_user_tables where relname = $1`,
    [table],
  );
  return row!;
}

const lastLog = { warn: () => undefined, debug: () => undefined };

describe('embedded autovacuum', () => {
  it('PGlite runs no autovacuum of its own: the dead rows stay and nothing is analyzed', async () => {
    await database.query('create table left_alone (id int primary key, v text)');
    await database.query(`insert into left_alone select g, 'v' from generate_series(1, 2000) g`);
    await database.query(`update left_alone set v = 'w' where id <= 1000`);
    const before = await stats('left_alone');
    expect(before.n_dead_tup).toBe(1000);
    expect(before.last_autovacuum).toBeNull();
    expect(before.last_autoanalyze).toBeNull();
    await database.query('drop table left_alone');
  });

  it('vacuums and analyzes the tables past PostgreSQL’s thresholds, and leaves the others alone', async () => {
    await database.query('create table churned (id int primary key, v text)');
    await database.query('create table quiet (id int primary key, v text)');
    await database.query(`insert into churned select g, 'v' from generate_series(1, 2000) g`);
    await database.query(`insert into quiet select g, 'v' from generate_series(1, 10) g`);
    // 1,000 dead rows in 2,000 live: past 50 + 20 %.
    await database.query(`update churned set v = 'w' where id <= 1000`);
    // A first pass also takes the tables that only grew (the analyze threshold: 50 + 10 %).
    await maintainTables(database);
    await database.query(`update quiet set v = 'w' where id = 1`);
    await database.query(`update churned set v = 'x' where id <= 600`);
    expect((await stats('churned')).n_dead_tup).toBe(600);

    const run = await maintainTables(database);
    expect(run.vacuumed).toContain('public.churned');
    expect([...run.vacuumed, ...run.analyzed]).not.toContain('public.quiet');
    const churned = await stats('churned');
    expect(churned.n_dead_tup).toBe(0);
    expect(churned.last_vacuum).not.toBeNull();
    expect(churned.last_analyze).not.toBeNull();
    expect((await stats('quiet')).n_dead_tup).toBe(1);

    // Nothing left to do: the next pass does nothing.
    expect(await maintainTables(database)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('gives the planner the statistics of what the table holds', async () => {
    await database.query('create table grown (id int primary key, kind text not null)');
    await database.query('create index grown_kind on grown (kind)');
    await database.query(
      `insert into grown select g, case when g % 100 = 0 then 'rare' else 'common' end from generate_series(1, 20000) g`,
    );
    const estimate = async () => {
      const [plan] = await database.query<{ 'QUERY PLAN': string }>(
        `explain select * from grown where kind = 'common'`,
      );
      return Number(/rows=(\d+)/.exec(plan!['QUERY PLAN'])![1]);
    };
    expect(await estimate()).toBeLessThan(1_000);
    const run = await maintainTables(database);
    expect([...run.vacuumed, ...run.analyzed]).toContain('public.grown');
    expect(await estimate()).toBeGreaterThan(15_000);
  });

  it('runs by itself every interval on PGlite, until stopped', async () => {
    await database.query('create table ticking (id int primary key)');
    await database.query('insert into ticking select generate_series(1, 500)');
    const stop = startEmbeddedAutovacuum(database, { intervalMs: 20, log: lastLog });
    try {
      await expect
        .poll(async () => (await stats('ticking')).last_analyze, { timeout: 10_000 })
        .not.toBeNull();
    } finally {
      stop();
    }
    const analyzedAt = (await stats('ticking')).last_analyze;
    await database.query('insert into ticking select generate_series(501, 2000)');
    await new Promise((r) => setTimeout(r, 200));
    expect((await stats('ticking')).last_analyze).toEqual(analyzedAt);
  });

  it('never runs on PostgreSQL, which has its own', async () => {
    let queried = false;
    const postgres = {
      kind: 'postgres',
      query: async () => {
        queried = true;
        return [];
      },
    } as unknown as Database;
    const stop = startEmbeddedAutovacuum(postgres, { intervalMs: 5, log: lastLog });
    await new Promise((r) => setTimeout(r, 100));
    stop();
    expect(queried).toBe(false);
  });
});
