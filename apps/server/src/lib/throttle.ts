/** Fixed-window counters in the database, so every API process shares them (login, public forms). */
import { sql } from 'drizzle-orm';
import { queryPrepared, type Db, type Tx } from '../db/client.ts';

type WindowRow = { hits: number; reset_at: string | Date };

export interface ThrottleState {
  hits: number;
  retryAfterSeconds: number;
}

/**
 * How a count lands in its window (the rows to insert give `key`, `hits` and a `reset_at` one window
 * away): added to the window while it is open, starting a new one once it has passed. Every statement
 * that counts rate-limit hits ends with it; answers `key, hits, reset_at`.
 */
export const WINDOW_UPSERT = `on conflict (key) do update set
  hits = case when rate_limits.reset_at <= now() then excluded.hits else rate_limits.hits + excluded.hits end,
  reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
returning key, hits, reset_at`;

export function createThrottle(db: Db) {
  return {
    /** Counts one hit and returns the window's state. */
    async hit(key: string, decaySeconds: number): Promise<ThrottleState> {
      const result = await db.execute(sql`
        insert into rate_limits (key, hits, reset_at) values (${key}, 1, now() + make_interval(secs => ${decaySeconds}))
        ${sql.raw(WINDOW_UPSERT)}`);
      const row = rowsOf<WindowRow>(result)[0]!;
      return windowState(row.hits, row.reset_at);
    },
    /** Counts one hit (or `count` hits) on several windows in one round trip. Keys must be distinct. */
    async hitMany(windows: [key: string, decaySeconds: number, count?: number][]): Promise<ThrottleState[]> {
      const result = await db.execute(hitWindowsSql(windows));
      return statesOf(windows, rowsOf<WindowRow & { key: string }>(result));
    },
    /** The current state without counting. */
    async peek(key: string): Promise<ThrottleState> {
      const result = await db.execute(
        sql`select hits, reset_at from rate_limits where key = ${key} and reset_at > now()`,
      );
      const row = rowsOf<WindowRow>(result)[0];
      return row ? windowState(row.hits, row.reset_at) : { hits: 0, retryAfterSeconds: 0 };
    },
    /** Sets (or extends) a window that ends in `seconds`: a lock. */
    async lockFor(key: string, seconds: number) {
      await db.execute(sql`
        insert into rate_limits (key, hits, reset_at) values (${key}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set hits = rate_limits.hits + 1, reset_at = greatest(rate_limits.reset_at, excluded.reset_at)`);
    },
    async clear(key: string) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
    async sweep() {
      await db.execute(sql`delete from rate_limits where reset_at <= now()`);
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

/**
 * The statement behind hitMany, for callers that run it inside their own transaction or statement
 * (analytics beacons count their window and take their locks in one round trip). Returns key, hits, reset_at.
 */
export function hitWindowsSql(windows: [key: string, decaySeconds: number, count?: number][]) {
  const keys = windows.map(([k]) => k);
  const decays = windows.map(([, d]) => d);
  const counts = windows.map(([, , n]) => n ?? 1);
  return sql`
    insert into rate_limits (key, hits, reset_at)
    select k, n, now() + make_interval(secs => d) from unnest(${sql.param(keys)}::text[], ${sql.param(decays)}::int[], ${sql.param(counts)}::int[]) as w(k, d, n)
    order by k
    ${sql.raw(WINDOW_UPSERT)}`;
}

const GROUPED_WINDOWS_SQL = `
insert into rate_limits (key, hits, reset_at)
select k, n, now() + make_interval(secs => d)
from unnest($1::text[], $2::int[], $3::int[]) as w(k, d, n)
order by k
${WINDOW_UPSERT}`;

/**
 * Counts the hits of a group of requests (group commit: several callers' requests together) in one
 * upsert, and gives each request the state it would have seen alone: the window's count before the
 * group plus the request's place among the group's hits on that key, in the order given (arrival
 * order). `windows[i]` are request i's windows (distinct keys within one request); the answer has the
 * same shape.
 */
export async function hitWindowsGrouped(
  db: Tx,
  windows: [key: string, decaySeconds: number][][],
): Promise<ThrottleState[][]> {
  const wanted = new Map<string, { decay: number; n: number }>();
  for (const request of windows)
    for (const [key, decay] of request) {
      const w = wanted.get(key);
      if (w) w.n++;
      else wanted.set(key, { decay, n: 1 });
    }
  if (!wanted.size) return windows.map(() => []);
  const rows = await queryPrepared<WindowRow & { key: string }>(
    db,
    'throttle_grouped_windows',
    GROUPED_WINDOWS_SQL,
    [[...wanted.keys()], [...wanted.values()].map((w) => w.decay), [...wanted.values()].map((w) => w.n)],
  );
  const rowOf = new Map(rows.map((r) => [r.key, r]));
  const placed = new Map<string, number>();
  return windows.map((request) =>
    request.map(([key]) => {
      const row = rowOf.get(key)!;
      const place = (placed.get(key) ?? 0) + 1;
      placed.set(key, place);
      return windowState(Number(row.hits) - wanted.get(key)!.n + place, row.reset_at);
    }),
  );
}

/** The windows' states, in the order asked, from the statement's rows. */
export function statesOf(
  windows: [key: string, ...unknown[]][],
  rows: (WindowRow & { key: string })[],
): ThrottleState[] {
  return windows.map(([k]) => {
    const row = rows.find((r) => r.key === k)!;
    return windowState(row.hits, row.reset_at);
  });
}

/** An account's lock after `failures` failed sign-ins (threshold reached): 1 min, doubling, at most 15 min. */
export function accountLockSeconds(failures: number, threshold: number): number {
  const over = Math.max(0, failures - threshold);
  return Math.min(60 * 2 ** Math.min(over, 10), 15 * 60);
}

/** node-postgres returns {rows}, PGlite returns {rows} too; both through drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** A window's state from its row (hits as the driver returns them; at least a second to wait). */
export function windowState(hits: string | number, resetAt: string | Date): ThrottleState {
  const t = resetAt instanceof Date ? resetAt.getTime() : new Date(resetAt).getTime();
  return { hits: Number(hits), retryAfterSeconds: Math.max(1, Math.ceil((t - Date.now()) / 1000)) };
}
