/**
 * Analytics housekeeping, run hourly by jobs/analytics-retention.job.ts in the processes that run the
 * workers (RUN_WORKER): delete visitor salts older than 48 hours, and raw events and sessions older than
 * ANALYTICS_RETENTION_MONTHS (default 13) in small batches. Rollups stay (their rebuild of dirty days
 * is jobs/analytics-rollups.job.ts).
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { rowsOf } from '../../lib/throttle.ts';

const BATCH = 10_000;

/** The instant before which raw analytics are deleted. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/** Deletes raw events and sessions older than the retention period; returns how many of each. */
export async function sweepRetention(
  deps: Pick<Deps, 'db' | 'config' | 'analytics'>,
  now = deps.analytics.now(),
) {
  const { db } = deps;
  const cutoff = retentionCutoff(now, deps.config.ANALYTICS_RETENTION_MONTHS).toISOString();
  let events = 0;
  let sessions = 0;
  for (;;) {
    const r = rowsOf<{ n: unknown }>(
      await db.execute(
        sql`with gone as (delete from analytics_events where id in (select id from analytics_events where occurred_at < ${cutoff}::timestamptz limit ${BATCH}) returning 1) select count(*) as n from gone`,
      ),
    );
    const n = Number(r[0]?.n ?? 0);
    events += n;
    if (n < BATCH) break;
  }
  for (;;) {
    const r = rowsOf<{ n: unknown }>(
      await db.execute(
        sql`with gone as (delete from analytics_sessions where id in (select id from analytics_sessions where last_seen_at < ${cutoff}::timestamptz limit ${BATCH}) returning 1) select count(*) as n from gone`,
      ),
    );
    const n = Number(r[0]?.n ?? 0);
    sessions += n;
    if (n < BATCH) break;
  }
  return { events, sessions };
}
