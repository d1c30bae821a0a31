/**
 * Stores tracker beacons. Group commit (lib/group-commit.ts, the same design as lead capture): the
 * beacons that arrive together are stored by ONE prepared statement — per-IP limit, sessions opened
 * or continued, rollup days marked dirty, every event appended — so a burst costs a few round trips
 * and commits, not one per beacon. A beacon is answered 202 only after that commit: nothing
 * acknowledged lives only in memory.
 *
 * Sessions: a visitor's events within 30 minutes of each other (ANALYTICS_SESSION_IDLE_MINUTES) share
 * a session. The tab sends back the session id it was given, so a visit that crosses midnight (new
 * salt, new visitor id) continues; without it the visitor id finds the open session.
 */
import {
  ANALYTICS_SESSION_IDLE_MINUTES,
  type AnalyticsDevice,
  type AnalyticsEventName,
} from '@vitrine/contracts';
import type { Database } from '../../db/client.ts';
import { jsonParam } from '../../db/json-rows.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { newId } from '../../lib/ids.ts';
import { WINDOW_UPSERT } from '../../lib/throttle.ts';
import type { Campaign } from './classify-visit.ts';

export const SESSION_IDLE_MS = ANALYTICS_SESSION_IDLE_MINUTES * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

export type EventProps = Record<string, string | number | boolean | null>;

export interface StoredEvent {
  name: AnalyticsEventName;
  occurredAt: Date;
  props: EventProps | null;
}

/** A beacon ready to store: everything derived from the request, nothing raw kept. */
export interface PreparedBeacon {
  realEstateId: number;
  pageId: number;
  /** Today's visitor id first, then yesterday's (while its salt lives). */
  visitorHashes: string[];
  /** The session id the tab was given earlier. */
  hint: string | null;
  /** Rate-limit key (per IP). */
  rateKey: string;
  /** How the session is described if this beacon starts one. */
  visit: Campaign & { source: string; referrer: string | null; device: AnalyticsDevice };
  /** Sorted by time. */
  events: StoredEvent[];
}

export type IngestResult = { status: 202; sessionId: string } | { status: 429; retryAfterSeconds: number };

/** The beacon statement ($1 beacons, $2 events, $3 the per-IP limit), prepared once per connection. */
const INGEST_SQL = `
    with b as (
      select * from json_to_recordset($1::json) as x(i int, agency int, page int, h text, hp text, hint uuid,
        first_at timestamptz, last_at timestamptz, n int, new_id uuid, rate_key text, source text, utm_source text, utm_medium text,
        utm_campaign text, utm_term text, utm_content text, gclid boolean, fbclid boolean, referrer text, device text)
    ), windows as (
      select rate_key, count(*)::int as n from b group by rate_key
    ), hits as (
      insert into rate_limits (key, hits, reset_at)
      select rate_key, n, now() + interval '60 seconds' from windows order by rate_key
      ${WINDOW_UPSERT}
    ), ok as (
      select b.*, h.reset_at, row_number() over (partition by b.rate_key order by b.i) <= $3::int - (h.hits - w.n) as allowed
      from b join windows w on w.rate_key = b.rate_key join hits h on h.key = b.rate_key
    ), candidates as (
      select o.i, s.id, s.started_at, 0 as pref, s.last_seen_at
      from ok o join analytics_sessions s on s.id = o.hint
      where o.allowed and s.real_estate_id = o.agency and s.visitor_hash in (o.h, o.hp) and s.last_seen_at >= o.first_at - interval '${ANALYTICS_SESSION_IDLE_MINUTES} minutes'
      union all
      select o.i, s.id, s.started_at, 1 as pref, s.last_seen_at
      from ok o join analytics_sessions s on s.real_estate_id = o.agency and s.visitor_hash = o.h
        and s.last_seen_at >= o.first_at - interval '${ANALYTICS_SESSION_IDLE_MINUTES} minutes'
      where o.allowed
    ), found as (
      select distinct on (i) i, id, started_at from candidates order by i, pref, last_seen_at desc
    ), assigned as (
      select o.*, f.id as found_id, f.started_at as found_started,
        coalesce(f.id, first_value(o.new_id) over (partition by o.agency, o.h, f.id is null order by o.i)) as session_id
      from ok o left join found f on f.i = o.i
      where o.allowed
    ), created as (
      insert into analytics_sessions (id, real_estate_id, visitor_hash, page_id, started_at, last_seen_at, source, utm_source, utm_medium,
        utm_campaign, utm_term, utm_content, gclid, fbclid, referrer, device, events_count)
      select distinct on (a.session_id) a.session_id, a.agency, a.h, a.page, min(a.first_at) over w, max(a.last_at) over w, a.source,
        a.utm_source, a.utm_medium, a.utm_campaign, a.utm_term, a.utm_content, a.gclid, a.fbclid, a.referrer, a.device, (sum(a.n) over w)::int
      from assigned a where a.found_id is null
      window w as (partition by a.session_id)
      order by a.session_id, a.i
      returning id
    ), continued as (
      update analytics_sessions s set last_seen_at = greatest(s.last_seen_at, x.last_at), events_count = s.events_count + x.n
      from (select found_id, max(last_at) as last_at, sum(n)::int as n from assigned where found_id is not null group by found_id) x
      where s.id = x.found_id
      returning s.id
    ), dirty as (
      insert into analytics_dirty_days (real_estate_id, day)
      select distinct agency, (coalesce(found_started, first_at) at time zone 'America/Sao_Paulo')::date from assigned
      on conflict do nothing
      returning 1
    ), stored as (
      insert into analytics_events (real_estate_id, session_id, page_id, name, occurred_at, props)
      select a.agency, a.session_id, a.page, e.name, e.at, e.props
      from json_to_recordset($2::json) as e(i int, name text, at timestamptz, props jsonb) join assigned a on a.i = e.i
      returning 1
    )
    select o.i, o.allowed, a.session_id, o.reset_at from ok o left join assigned a on a.i = o.i`;

/**
 * Stores a batch of beacons in ONE statement (one round trip, one commit, however many beacons): the
 * per-IP windows are counted and the beacons beyond the limit refused; each kept beacon continues the
 * session its tab named (if it is the visitor's and still open) or the visitor's open session, or
 * starts one (a visitor's beacons in one batch share it); sessions are inserted or advanced, their
 * rollup days marked dirty and the events appended. A visitor is never in two batches at once in this
 * process (the group commit's key), so two sessions cannot be opened for one visitor here; two
 * replicas could only race for a visitor's very first beacon (docs/operations.md).
 */
async function storeBeacons(
  database: Database,
  beacons: PreparedBeacon[],
  perIpPerMinute: number,
): Promise<IngestResult[]> {
  const rows = beacons.map((b, i) => ({
    i,
    agency: b.realEstateId,
    page: b.pageId,
    h: b.visitorHashes[0],
    hp: b.visitorHashes[1] ?? null,
    hint: isUuid(b.hint) ? b.hint : null,
    first_at: b.events[0]!.occurredAt.toISOString(),
    last_at: b.events.at(-1)!.occurredAt.toISOString(),
    n: b.events.length,
    new_id: newId(),
    rate_key: b.rateKey,
    source: b.visit.source,
    utm_source: b.visit.utmSource,
    utm_medium: b.visit.utmMedium,
    utm_campaign: b.visit.utmCampaign,
    utm_term: b.visit.utmTerm,
    utm_content: b.visit.utmContent,
    gclid: b.visit.gclid,
    fbclid: b.visit.fbclid,
    referrer: b.visit.referrer,
    device: b.visit.device,
  }));
  const events = beacons.flatMap((b, i) =>
    b.events.map((e) => ({ i, name: e.name, at: e.occurredAt.toISOString(), props: e.props })),
  );
  const result = await database.query<{
    i: number;
    allowed: boolean;
    session_id: string | null;
    reset_at: string | Date;
  }>(INGEST_SQL, [jsonParam(rows), jsonParam(events), perIpPerMinute], {
    name: 'analytics_ingest',
  });
  const answers = new Map(result.map((r) => [Number(r.i), r]));
  return beacons.map((_, i) => {
    const r = answers.get(i)!;
    if (r.allowed && r.session_id) return { status: 202, sessionId: r.session_id };
    const resetAt = r.reset_at instanceof Date ? r.reset_at.getTime() : new Date(r.reset_at).getTime();
    return { status: 429, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
  });
}

export interface IngestOptions {
  /** Beacons per IP and minute before 429. */
  perIpPerMinute: number;
}

/** The app's beacon store (one group-commit queue per app). */
export function createEventIngest(database: Database, opts: IngestOptions) {
  const batcher = new GroupCommit<PreparedBeacon, IngestResult>({
    maxBatch: 200,
    // More batches at once than lead capture (PostgreSQL flushes concurrent commits together); a
    // visitor's beacons are never in two of them.
    maxInFlight: 8,
    keyOf: (b) => `${b.realEstateId}|${b.visitorHashes[0]}`,
    run: (beacons) => storeBeacons(database, beacons, opts.perIpPerMinute),
  });
  return { submit: (b: PreparedBeacon) => batcher.submit(b) };
}
export type EventIngest = ReturnType<typeof createEventIngest>;
