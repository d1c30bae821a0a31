/**
 * Each agency's retention periods, applied (the privacy-retention job, hourly in the processes that run
 * workers). Per agency, walked in id order (keyset, 200 agencies a read):
 *
 * - raw analytics events, then sessions, older than the agency's `analytics_months` are deleted, in
 *   batches of `batchSize`, at most `maxBatches` of each per agency and run (the rest goes next run).
 *   An agency on the platform's ceiling is left to the analytics sweep (modules/analytics/retention.ts),
 *   which deletes past ANALYTICS_RETENTION_MONTHS for everyone;
 * - the CRMs' answers (`delivery_attempts.response`) and error texts (`error`, which may quote the
 *   answer) of attempts older than `delivery_bodies_months` are blanked, with those deliveries'
 *   `last_error`; the rows kept (the ledger still shows every attempt, its time, status code and outcome).
 *   Deliveries are walked by keyset (created_at, id) over the agency's index, only those with an answer
 *   left to blank come into a batch, and a run changes at most `maxBatches` batches of them per agency;
 * - the bodies of the inbound ledger's requests (what a portal, Meta or the API sent) older than
 *   `inbound_bodies_months` are blanked, the rows kept (time, channel, outcome, reason, lead), in
 *   batches like the analytics rows; a blanked request can no longer be replayed.
 *
 * Safe to run twice, or in two processes at once: each statement deletes or blanks only what is still
 * there and past its date.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { rowsOf } from '../../lib/throttle.ts';
import { retentionCutoff } from '../analytics/index.ts';
import { retentionPolicy } from './retention-settings.ts';

const AGENCIES_PER_READ = 200;

export interface RetentionOptions {
  now?: Date;
  /** Rows a statement deletes or deliveries it blanks. */
  batchSize?: number;
  /** Statements of each kind per agency and run. */
  maxBatches?: number;
}

export interface RetentionResult {
  agencies: number;
  events: number;
  sessions: number;
  /** Delivery attempts whose CRM answer was blanked. */
  bodies: number;
  /** Inbound ledger requests whose body was blanked. */
  inboundBodies: number;
}

export async function applyRetention(
  deps: Pick<Deps, 'db' | 'config'>,
  options: RetentionOptions = {},
): Promise<RetentionResult> {
  const { db } = deps;
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 5_000;
  const maxBatches = options.maxBatches ?? 20;
  const policy = retentionPolicy(deps.config);
  const result: RetentionResult = { agencies: 0, events: 0, sessions: 0, bodies: 0, inboundBodies: 0 };

  /** Runs `statement` (answering `n`) until a batch comes back short or the budget is spent. */
  const repeat = async (statement: () => ReturnType<typeof db.execute>) => {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = Number(rowsOf<{ n: unknown }>(await statement())[0]?.n ?? 0);
      total += n;
      if (n < batchSize) break;
    }
    return total;
  };

  let after = 0;
  for (;;) {
    const agencies = rowsOf<{
      id: number;
      analytics_months: number | null;
      bodies_months: number | null;
      inbound_months: number | null;
    }>(
      await db.execute(sql`
        select r.id, s.analytics_months, s.delivery_bodies_months as bodies_months,
          s.inbound_bodies_months as inbound_months
        from real_estates r left join privacy_settings s on s.real_estate_id = r.id
        where r.id > ${after} order by r.id limit ${AGENCIES_PER_READ}`),
    );
    for (const agency of agencies) {
      const id = Number(agency.id);
      result.agencies++;
      const analyticsMonths = Math.min(
        agency.analytics_months ?? policy.defaults.analytics_months,
        policy.limits.analytics_months.max,
      );
      if (analyticsMonths < deps.config.ANALYTICS_RETENTION_MONTHS) {
        const cutoff = retentionCutoff(now, analyticsMonths).toISOString();
        result.events += await repeat(() =>
          db.execute(sql`
            with gone as (delete from analytics_events where id in (
              select id from analytics_events where real_estate_id = ${id} and occurred_at < ${cutoff}::timestamptz
              limit ${batchSize}) returning 1)
            select count(*)::int as n from gone`),
        );
        result.sessions += await repeat(() =>
          db.execute(sql`
            with gone as (delete from analytics_sessions where id in (
              select id from analytics_sessions where real_estate_id = ${id} and started_at < ${cutoff}::timestamptz
                and last_seen_at < ${cutoff}::timestamptz
              limit ${batchSize}) returning 1)
            select count(*)::int as n from gone`),
        );
      }

      const bodiesMonths = agency.bodies_months ?? policy.defaults.delivery_bodies_months;
      const cutoff = retentionCutoff(now, bodiesMonths).toISOString();
      // The cursor as PostgreSQL prints it: microseconds survive (a JavaScript Date would drop them).
      let cursor = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
      for (let i = 0; i < maxBatches; i++) {
        const [row] = rowsOf<{
          n: unknown;
          blanked: unknown;
          last_at: string | null;
          last_id: string | null;
        }>(
          await db.execute(sql`
            with batch as (
              select d.id, d.created_at from deliveries d
              where d.real_estate_id = ${id} and d.created_at < ${cutoff}::timestamptz
                and (d.created_at, d.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)
                and exists (select 1 from delivery_attempts a where a.delivery_id = d.id
                  and a.started_at < ${cutoff}::timestamptz
                  and (a.response is not null or a.error is not null))
              order by d.created_at, d.id limit ${batchSize}
            ), blanked as (
              update delivery_attempts a set response = null, error = null from batch
              where a.delivery_id = batch.id and a.started_at < ${cutoff}::timestamptz
                and (a.response is not null or a.error is not null)
              returning 1
            ), last_errors as (
              update deliveries d set last_error = null from batch
              where d.id = batch.id and d.last_error is not null
              returning 1
            ), last as (select created_at::text as at, id::text as id from batch order by created_at desc, id desc limit 1)
            select (select count(*) from batch)::int as n, (select count(*) from blanked)::int as blanked,
              (select count(*) from last_errors)::int as last_errors,
              (select at from last) as last_at, (select id from last) as last_id`),
        );
        result.bodies += Number(row?.blanked ?? 0);
        if (Number(row?.n ?? 0) < batchSize || !row?.last_at || !row.last_id) break;
        cursor = { at: row.last_at, id: row.last_id };
      }

      // The inbound ledger's bodies (inbound_requests_bodies_idx holds only those not blanked yet).
      const inboundCutoff = retentionCutoff(
        now,
        agency.inbound_months ?? policy.defaults.inbound_bodies_months,
      ).toISOString();
      result.inboundBodies += await repeat(() =>
        db.execute(sql`
          with blanked as (update inbound_requests set body = null where id in (
            select id from inbound_requests where real_estate_id = ${id} and body is not null
              and received_at < ${inboundCutoff}::timestamptz
            limit ${batchSize}) returning 1)
          select count(*)::int as n from blanked`),
      );
    }
    if (agencies.length < AGENCIES_PER_READ) break;
    after = Number(agencies[agencies.length - 1]!.id);
  }
  return result;
}
