/** Fixed-window counters in the database, so every API process shares them (login, public forms). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type WindowRow = { hits: number; reset_at: string | Date };

export interface ThrottleState {
  hits: number;
  retryAfterSeconds: number;
}

export function createThrottle(db: Db) {
  return {
    /** Counts one hit and returns the window's state. */
    async hit(key: string, decaySeconds: number): Promise<ThrottleState> {
      const result = await db.execute(sql`
        insert into rate_limits (key, hits, reset_at) values (${key}, 1, now() + make_interval(secs => ${decaySeconds}))
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`);
      const row = rowsOf<WindowRow>(result)[0]!;
      return { hits: Number(row.hits), retryAfterSeconds: secondsUntil(row.reset_at) };
    },
    /** Counts one hit on several windows in one round trip. */
    async hitMany(windows: [key: string, decaySeconds: number][]): Promise<ThrottleState[]> {
      const keys = windows.map(([k]) => k);
      const decays = windows.map(([, d]) => d);
      const result = await db.execute(sql`
        insert into rate_limits (key, hits, reset_at)
        select k, 1, now() + make_interval(secs => d) from unnest(${sql.param(keys)}::text[], ${sql.param(decays)}::int[]) as w(k, d)
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
        returning key, hits, reset_at`);
      const rows = rowsOf<WindowRow & { key: string }>(result);
      return keys.map((k) => {
        const row = rows.find((r) => r.key === k)!;
        return { hits: Number(row.hits), retryAfterSeconds: secondsUntil(row.reset_at) };
      });
    },
    /** The current state without counting. */
    async peek(key: string): Promise<ThrottleState> {
      const result = await db.execute(
        sql`select hits, reset_at from rate_limits where key = ${key} and reset_at > now()`,
      );
      const row = rowsOf<WindowRow>(result)[0];
      return row ? { hits: Number(row.hits), retryAfterSeconds: secondsUntil(row.reset_at) } : { hits: 0, retryAfterSeconds: 0 };
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

/** node-postgres returns {rows}, PGlite returns {rows} too; both through drizzle's execute. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

function secondsUntil(value: string | Date): number {
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Math.max(1, Math.ceil((t - Date.now()) / 1000));
}
