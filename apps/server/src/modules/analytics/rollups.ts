/**
 * Daily rollups (analytics_daily), rebuilt from sessions and events for the days ingestion marked
 * dirty: per São Paulo day × page × source (campaign, referrer host) × device. Rebuilding a whole day
 * from its sessions is exact and idempotent (a crash mid-way leaves the day dirty, to be rebuilt
 * again; two rebuilders of one day take turns, and the second finds nothing left to do). The dashboard rebuilds what is dirty in its range before reading (usually today only), and a
 * timer keeps the rest fresh, so a 30-day dashboard reads a few hundred rollup rows, not the events.
 */
import { sql } from 'drizzle-orm';
import { ANALYTICS_ENGAGED_SECONDS } from '@vitrine/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { rowsOf } from '../../lib/throttle.ts';

/** Days rebuilt per transaction. */
const CHUNK = 20;

/**
 * Rebuild statement for a set of (agency, day) pairs ($1 = JSON [{real_estate_id, day}]).
 * pairs: each session-and-page pair of sessions started on those days, with what happened there.
 * A pair is engaged with a second pageview, ANALYTICS_ENGAGED_SECONDS visible, 50% scroll or any
 * interaction; a session bounces when none of its pairs is engaged (counted on its entry pair).
 */
const rebuildSql = (days: string) => sql`
  with d as (
    select * from json_to_recordset(${days}::json) as x(real_estate_id int, day date)
  ), s as (
    select s.id, s.real_estate_id, d.day, s.visitor_hash, s.source, coalesce(s.utm_campaign, '') as utm_campaign,
      coalesce(s.referrer, '') as referrer, s.device,
      row_number() over (partition by s.real_estate_id, d.day, s.visitor_hash order by s.started_at, s.id) = 1 as first_of_visitor
    -- Index range scans per day and per session, whatever the planner guesses from the JSON's size:
    -- "offset 0" keeps each lateral subquery from being flattened into a hash join over every row.
    from d cross join lateral (
      select * from analytics_sessions s where s.real_estate_id = d.real_estate_id
        and s.started_at >= (d.day::timestamp at time zone 'America/Sao_Paulo')
        and s.started_at < ((d.day + 1)::timestamp at time zone 'America/Sao_Paulo')
      offset 0
    ) s
  ), pairs as (
    select e.session_id, coalesce(e.page_id, 0) as page_id,
      count(*) filter (where e.name = 'pageview') as pageviews,
      coalesce(sum(case when e.name = 'engaged' and jsonb_typeof(e.props->'seconds') = 'number' then (e.props->>'seconds')::numeric end), 0) as seconds,
      coalesce(max(case when e.name = 'scroll' and jsonb_typeof(e.props->'depth') = 'number' then (e.props->>'depth')::numeric end), 0) as depth,
      bool_or(e.name in ('photo_view', 'video_play', 'video_progress')) as media,
      bool_or(e.name in ('whatsapp_click', 'phone_click', 'form_start')) as contact,
      bool_or(e.name = 'lead_submitted') as lead,
      min(e.occurred_at) as first_at
    from s cross join lateral (select * from analytics_events e where e.session_id = s.id offset 0) e
    group by e.session_id, coalesce(e.page_id, 0)
  ), scored as (
    select p.*,
      (p.pageviews >= 2 or p.seconds >= ${ANALYTICS_ENGAGED_SECONDS} or p.depth >= 50 or p.media or p.contact or p.lead) as engaged,
      row_number() over (partition by p.session_id order by p.first_at, p.page_id) = 1 as is_entry
    from pairs p
  ), sessions_engaged as (
    select session_id, bool_or(engaged) or sum(pageviews) >= 2 as engaged from scored group by session_id
  )
  insert into analytics_daily (real_estate_id, day, page_id, source, utm_campaign, referrer, device,
    sessions, entries, visitors, first_visitors, pageviews, engaged, bounces, engaged_seconds, media, contact, leads)
  select s.real_estate_id, s.day, p.page_id, s.source, s.utm_campaign, s.referrer, s.device,
    count(*), count(*) filter (where p.is_entry), count(distinct s.visitor_hash),
    count(*) filter (where p.is_entry and s.first_of_visitor),
    sum(p.pageviews), count(*) filter (where p.engaged), count(*) filter (where p.is_entry and not se.engaged),
    sum(p.seconds)::int, count(*) filter (where p.media), count(*) filter (where p.contact), count(*) filter (where p.lead)
  from scored p join s on s.id = p.session_id join sessions_engaged se on se.session_id = p.session_id
  group by s.real_estate_id, s.day, p.page_id, s.source, s.utm_campaign, s.referrer, s.device`;

/**
 * Rebuilds these (agency, day) pairs in the caller's transaction. Only the pairs still dirty once their
 * locks are held are rebuilt (another rebuilder may have just done one), unless `force` (the demo seed,
 * which writes its days directly). Returns how many were rebuilt.
 */
export async function rebuildDays(
  tx: Tx,
  pairs: { realEstateId: number; day: string }[],
  opts: { force?: boolean } = {},
): Promise<number> {
  // JIT off for this transaction: the planner's estimate for the lateral join over a day's sessions
  // crosses jit_above_cost, and compiling took ~950 ms of a 1,020 ms statement that runs in 31 ms
  // without it (bench:ingest at 10 M events). SET LOCAL: it ends with the transaction, whatever pooler
  // sits between us and PostgreSQL.
  await tx.execute(sql`set local jit = off`);
  const asked = JSON.stringify(pairs.map((p) => ({ real_estate_id: p.realEstateId, day: p.day })));
  // Two rebuilders of one day (the timer, a dashboard read, another replica) take turns; locks in one
  // order, so they never wait on each other in a cycle.
  const keys = [...new Set(pairs.map((p) => `rollup:${p.realEstateId}:${p.day}`))].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${sql.param(keys)}::text[]) as k order by k`,
  );
  // The marks go first: a day whose events arrive meanwhile is marked dirty again after this commits.
  const cleared = rowsOf<{ real_estate_id: number; day: string | Date }>(
    await tx.execute(
      sql`delete from analytics_dirty_days t using json_to_recordset(${asked}::json) as x(real_estate_id int, day date) where t.real_estate_id = x.real_estate_id and t.day = x.day returning t.real_estate_id, t.day`,
    ),
  );
  const days = opts.force
    ? asked
    : JSON.stringify(
        cleared.map((r) => ({ real_estate_id: Number(r.real_estate_id), day: dayString(r.day) })),
      );
  if (!opts.force && !cleared.length) return 0;
  await tx.execute(
    sql`delete from analytics_daily t using json_to_recordset(${days}::json) as x(real_estate_id int, day date) where t.real_estate_id = x.real_estate_id and t.day = x.day`,
  );
  await tx.execute(rebuildSql(days));
  return opts.force ? pairs.length : cleared.length;
}

export function createRollups(db: Db) {
  /** Rebuilds these (agency, day) pairs, one transaction per chunk. */
  async function rebuild(pairs: { realEstateId: number; day: string }[]) {
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const chunk = pairs.slice(i, i + CHUNK);
      await db.transaction((tx) => rebuildDays(tx, chunk));
    }
  }

  return {
    rebuild,
    /** Rebuilds the dirty days of one agency within [from, to] (before a dashboard read). */
    async refresh(realEstateId: number, from: string, to: string) {
      const rows = rowsOf<{ day: string | Date }>(
        await db.execute(
          sql`select day from analytics_dirty_days where real_estate_id = ${realEstateId} and day between ${from}::date and ${to}::date`,
        ),
      );
      if (rows.length) await rebuild(rows.map((r) => ({ realEstateId, day: dayString(r.day) })));
    },
    /** Rebuilds up to `limit` dirty days (the worker's timer). Returns how many were dirty when read. */
    async refreshAll(limit = 500): Promise<number> {
      const rows = rowsOf<{ real_estate_id: number; day: string | Date }>(
        await db.execute(
          sql`select real_estate_id, day from analytics_dirty_days order by day, real_estate_id limit ${limit}`,
        ),
      );
      await rebuild(rows.map((r) => ({ realEstateId: Number(r.real_estate_id), day: dayString(r.day) })));
      return rows.length;
    },
  };
}
export type Rollups = ReturnType<typeof createRollups>;

/** A date column as AAAA-MM-DD (node-postgres may hand back a Date at local midnight). */
export function dayString(v: string | Date): string {
  if (typeof v === 'string') return v.slice(0, 10);
  const y = v.getFullYear();
  return `${y}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
}
