/**
 * A lead and its visit point at each other: the lead stores its session's id, the session its lead,
 * and the session gets a `lead_submitted` event — written by the server in the lead's own transaction,
 * so it is neither lost nor forged by a browser. The session is the one whose id the tracker put in the
 * form (an id of this agency, seen in the last day), or else the visitor's open session (same daily
 * visitor id: a form sent before the tracker's first answer arrived, or with the tracker blocked).
 */
import type { Deps } from '../../deps.ts';
import { isUuid, SESSION_IDLE_MS } from './ingest-events.ts';

/** How long after its last event a session can still be named by a lead form. */
const HINT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface LeadVisit {
  leadId: string;
  realEstateId: number;
  pageId: number | null;
  /** What the form sent as session_id (unchecked). */
  sessionId?: string | null;
  /** The visitor's ids today/yesterday (from the lead request's IP and user agent). */
  visitor?: string[];
}

interface OpenSession {
  id: string;
  realEstateId: number;
  visitorHash: string;
  startedAt: Date;
  lastSeenAt: Date;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/** The parameters of the session lookup for a group of leads (`leadSessionCandidatesSql`). */
export interface LeadSessionLookup {
  /** The visits that may have a session (a session id in the form, or the visitor's ids). */
  tracked: LeadVisit[];
  now: Date;
  /**
   * $agencies int[] and $hashes text[] (pairs: each visitor's agency and today's id), $ids uuid[],
   * $since timestamptz, in this order.
   */
  params: [number[], string[], string[], string];
}

/** What to look up to find these leads' sessions (empty arrays when none can have one). */
export function leadSessionLookup(
  deps: Partial<Pick<Deps, 'analytics'>>,
  visits: LeadVisit[],
): LeadSessionLookup {
  const tracked = visits.filter((v) => isUuid(v.sessionId) || v.visitor?.length);
  const now = deps.analytics?.now() ?? new Date();
  const withVisitor = tracked.filter((v) => v.visitor?.length);
  return {
    tracked,
    now,
    params: [
      withVisitor.map((v) => v.realEstateId),
      withVisitor.map((v) => v.visitor![0]!),
      [
        ...new Set(
          tracked
            .map((v) => v.sessionId)
            .filter(isUuid)
            .map((id) => id.toLowerCase()),
        ),
      ],
      new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
    ],
  };
}

/**
 * A scalar subquery (for a caller's statement) giving, as one JSON array, the sessions named by the
 * ids and the visitors' sessions seen since `since`. `p` are the four parameters' placeholders, in the
 * order of `LeadSessionLookup.params`. Each (agency, visitor) pair is its own index lookup: a filter
 * on "any agency and any visitor" lets the planner scan every session of the agency (it did, with a
 * plan made while the table was small), and a lead must cost the same with a million sessions.
 */
export const leadSessionCandidatesSql = (p: [string, string, string, string]) => `(
  select coalesce(json_agg(s), '[]'::json) from (
    select s.id, s.real_estate_id, s.visitor_hash, s.started_at, s.last_seen_at
    from unnest(${p[0]}::int[], ${p[1]}::text[]) as k(agency, visitor)
    cross join lateral (
      select id, real_estate_id, visitor_hash, started_at, last_seen_at from analytics_sessions
      where real_estate_id = k.agency and visitor_hash = k.visitor and last_seen_at >= ${p[3]}::timestamptz
    ) s
    union
    select id, real_estate_id, visitor_hash, started_at, last_seen_at from analytics_sessions where id = any(${p[2]}::uuid[])
  ) s)`;

export type SessionCandidateRow = {
  id: string;
  real_estate_id: number;
  visitor_hash: string;
  started_at: string | Date;
  last_seen_at: string | Date;
};

export interface LeadSessionLink {
  session_id: string;
  lead_id: string;
  real_estate_id: number;
  page_id: number | null;
  day_of: string;
}

/** Each lead's session among the candidates found, and the links to write once the leads exist. */
export function matchLeadSessions(lookup: LeadSessionLookup, candidates: SessionCandidateRow[]) {
  const { tracked, now } = lookup;
  const known: OpenSession[] = candidates.map((r) => ({
    id: r.id,
    realEstateId: Number(r.real_estate_id),
    visitorHash: r.visitor_hash,
    startedAt: asDate(r.started_at),
    lastSeenAt: asDate(r.last_seen_at),
  }));
  const sessionOf = new Map<string, string>();
  const links: LeadSessionLink[] = [];
  for (const v of tracked) {
    const named = isUuid(v.sessionId) ? known.find((s) => s.id === v.sessionId!.toLowerCase()) : undefined;
    let session =
      named &&
      named.realEstateId === v.realEstateId &&
      named.lastSeenAt.getTime() >= now.getTime() - HINT_MAX_AGE_MS
        ? named
        : undefined;
    if (!session && v.visitor?.length) {
      // The visitor's open session (today's visitor id), the latest if several.
      for (const s of known) {
        if (
          s.realEstateId === v.realEstateId &&
          s.visitorHash === v.visitor[0] &&
          s.lastSeenAt.getTime() >= now.getTime() - SESSION_IDLE_MS &&
          (!session || s.lastSeenAt > session.lastSeenAt)
        )
          session = s;
      }
    }
    if (!session) continue;
    sessionOf.set(v.leadId, session.id);
    links.push({
      session_id: session.id,
      lead_id: v.leadId,
      real_estate_id: v.realEstateId,
      page_id: v.pageId,
      day_of: session.startedAt.toISOString(),
    });
  }
  return { sessionOf, links };
}

/**
 * Common table expressions (for a caller's statement that inserts the leads in the same statement)
 * writing the links: the session gets its lead and a `lead_submitted` event, its day is marked for the
 * rollups. `links` is the placeholder of the JSON array of `LeadSessionLink`, `now` of the timestamptz.
 */
export const leadSessionLinkCtes = (links: string, now: string) => `
  session_links as (
    select * from json_to_recordset(${links}::json) as x(session_id uuid, lead_id uuid, real_estate_id int, page_id int, day_of timestamptz)
  ), linked_sessions as (
    update analytics_sessions s set lead_id = coalesce(s.lead_id, l.lead_id), last_seen_at = greatest(s.last_seen_at, ${now}::timestamptz),
      events_count = s.events_count + 1
    from session_links l where s.id = l.session_id
    returning 1
  ), dirty_days as (
    insert into analytics_dirty_days (real_estate_id, day)
    select distinct real_estate_id, (day_of at time zone 'America/Sao_Paulo')::date from session_links
    on conflict do nothing
    returning 1
  ), lead_events as (
    insert into analytics_events (real_estate_id, session_id, page_id, name, occurred_at, props)
    select real_estate_id, session_id, page_id, 'lead_submitted', ${now}::timestamptz, jsonb_build_object('lead_id', lead_id) from session_links
    returning 1
  )`;
