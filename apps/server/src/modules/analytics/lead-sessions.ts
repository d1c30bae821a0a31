/**
 * A lead and its visit point at each other: the lead stores its session's id, the session its lead,
 * and the session gets a `lead_submitted` event — written by the server in the lead's own transaction,
 * so it is neither lost nor forged by a browser. The session is the one whose id the tracker put in the
 * form (an id of this agency, seen in the last day), or else the visitor's open session (same daily
 * visitor id: a form sent before the tracker's first answer arrived, or with the tracker blocked).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { rowsOf } from '../../lib/throttle.ts';
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

/** The sessions named by these ids, and the visitors' sessions seen since `since`. */
async function candidates(
  tx: Tx,
  visitors: { realEstateId: number; hashes: string[] }[],
  ids: string[],
  since: Date,
): Promise<OpenSession[]> {
  const agencies = [...new Set(visitors.map((v) => v.realEstateId))];
  const hashes = [...new Set(visitors.flatMap((v) => v.hashes))];
  const result = await tx.execute(sql`
    select id, real_estate_id, visitor_hash, started_at, last_seen_at from analytics_sessions
    where real_estate_id = any(${sql.param(agencies)}::int[]) and visitor_hash = any(${sql.param(hashes)}::text[]) and last_seen_at >= ${since.toISOString()}::timestamptz
    union
    select id, real_estate_id, visitor_hash, started_at, last_seen_at from analytics_sessions where id = any(${sql.param([...new Set(ids)])}::uuid[])`);
  return rowsOf<{
    id: string;
    real_estate_id: number;
    visitor_hash: string;
    started_at: string | Date;
    last_seen_at: string | Date;
  }>(result).map((r) => ({
    id: r.id,
    realEstateId: Number(r.real_estate_id),
    visitorHash: r.visitor_hash,
    startedAt: asDate(r.started_at),
    lastSeenAt: asDate(r.last_seen_at),
  }));
}

/** Finds each lead's session (before the leads are inserted); `link` writes the other direction after. */
export async function resolveLeadSessions(
  deps: Partial<Pick<Deps, 'analytics'>>,
  tx: Tx,
  visits: LeadVisit[],
) {
  const sessionOf = new Map<string, string>();
  const tracked = visits.filter((v) => isUuid(v.sessionId) || v.visitor?.length);
  if (!tracked.length) return { sessionOf, link: async () => undefined };
  const now = deps.analytics?.now() ?? new Date();
  const known = await candidates(
    tx,
    tracked
      .filter((v) => v.visitor?.length)
      .map((v) => ({ realEstateId: v.realEstateId, hashes: v.visitor! })),
    tracked
      .map((v) => v.sessionId)
      .filter(isUuid)
      .map((id) => id.toLowerCase()),
    new Date(now.getTime() - SESSION_IDLE_MS),
  );
  const links: {
    session_id: string;
    lead_id: string;
    real_estate_id: number;
    page_id: number | null;
    day_of: string;
  }[] = [];
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
  return {
    sessionOf,
    /** After the leads are inserted (the session's lead_id references them): one statement. */
    link: async () => {
      if (!links.length) return;
      await tx.execute(sql`
        with l as (
          select * from json_to_recordset(${JSON.stringify(links)}::json) as x(session_id uuid, lead_id uuid, real_estate_id int, page_id int, day_of timestamptz)
        ), linked as (
          update analytics_sessions s set lead_id = coalesce(s.lead_id, l.lead_id), last_seen_at = greatest(s.last_seen_at, ${now.toISOString()}::timestamptz),
            events_count = s.events_count + 1
          from l where s.id = l.session_id
          returning 1
        ), dirty as (
          insert into analytics_dirty_days (real_estate_id, day)
          select distinct real_estate_id, (day_of at time zone 'America/Sao_Paulo')::date from l
          on conflict do nothing
          returning 1
        )
        insert into analytics_events (real_estate_id, session_id, page_id, name, occurred_at, props)
        select real_estate_id, session_id, page_id, 'lead_submitted', ${now.toISOString()}::timestamptz, jsonb_build_object('lead_id', lead_id) from l`);
    },
  };
}
