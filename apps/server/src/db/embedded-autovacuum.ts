/**
 * Autovacuum for the embedded database (docs/decisions/024-embedded-autovacuum.md). PGlite runs
 * PostgreSQL in single-user mode, where no autovacuum worker ever starts: `show autovacuum` says `on`,
 * yet a table with 10,000 dead rows still had them, and had never been analyzed, 75 seconds later.
 * Without it, every row version that an update leaves behind (deliveries, pg-boss's jobs, the rate-limit
 * windows, sessions) stays on disk for good, and the planner keeps the statistics of an empty table: pg-boss's
 * job completion then reads every retained job of its queue instead of one row by its key (2.6 ms
 * instead of 0.2 ms with 3,700 jobs kept, and it grows with them).
 *
 * So the process that holds PGlite applies PostgreSQL's own rule (the defaults of autovacuum_* in
 * postgresql.conf), every minute, to the tables that need it, one at a time:
 * - VACUUM when its dead rows pass 50 + 20 % of its live rows, or the rows inserted since its last
 *   vacuum pass 1,000 + 20 % (insert-only tables, for the visibility map);
 * - ANALYZE when the rows changed since its last analyze pass 50 + 10 %.
 * PostgreSQL (DATABASE_URL) has its own autovacuum: this never runs there.
 */
import type { Database } from './client.ts';

export const VACUUM_BASE = 50;
export const VACUUM_SCALE = 0.2;
export const VACUUM_INSERT_BASE = 1_000;
export const ANALYZE_BASE = 50;
export const ANALYZE_SCALE = 0.1;

const DUE_SQL = `
select format('%I.%I', schemaname, relname) as name,
  n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * n_live_tup
    or n_ins_since_vacuum > ${VACUUM_INSERT_BASE} + ${VACUUM_SCALE} * n_live_tup as vacuum,
  n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * n_live_tup as analyze
from pg_stat_user_tables
where n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * n_live_tup
  or n_ins_since_vacuum > ${VACUUM_INSERT_BASE} + ${VACUUM_SCALE} * n_live_tup
  or n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * n_live_tup
order by n_dead_tup + n_mod_since_analyze desc`;

export interface MaintenanceRun {
  /** Tables vacuumed (and analyzed with it, when due), schema-qualified. */
  vacuumed: string[];
  /** Tables only analyzed. */
  analyzed: string[];
}

/** One pass of the rule over every table; answers what it did. */
export async function maintainTables(database: Pick<Database, 'query'>): Promise<MaintenanceRun> {
  // A backend hands its counts to pg_stat_user_tables at most once a second, at the end of a
  // statement: this asks the next one to, so the pass reads every change made before it.
  await database.query('select pg_stat_force_next_flush()');
  const due = await database.query<{ name: string; vacuum: boolean; analyze: boolean }>(DUE_SQL);
  const run: MaintenanceRun = { vacuumed: [], analyzed: [] };
  for (const table of due) {
    // The name comes from the catalog, quoted by format('%I'): no user input reaches this text.
    if (table.vacuum) {
      await database.query(`vacuum ${table.analyze ? '(analyze) ' : ''}${table.name}`);
      run.vacuumed.push(table.name);
    } else {
      await database.query(`analyze ${table.name}`);
      run.analyzed.push(table.name);
    }
  }
  return run;
}

/**
 * Runs `maintainTables` every `intervalMs` on an embedded database (nothing on PostgreSQL); answers
 * the function that stops it. A pass that fails is logged and the next one tries again; passes never
 * overlap.
 */
export function startEmbeddedAutovacuum(
  database: Database,
  opts: {
    intervalMs: number;
    log: { warn(obj: object, msg: string): void; debug(obj: object, msg: string): void };
  },
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const run = await maintainTables(database);
      if (run.vacuumed.length || run.analyzed.length) opts.log.debug(run, 'embedded database maintained');
    } catch (err) {
      if (!stopped) opts.log.warn({ err }, 'embedded database maintenance failed; it runs again');
    }
    schedule();
  };
  const schedule = () => {
    if (!stopped) timer = setTimeout(() => void tick(), opts.intervalMs).unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
