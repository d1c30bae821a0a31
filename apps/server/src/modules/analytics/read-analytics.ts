/**
 * The console's analytics reads. Summary, series, breakdowns and funnel come from the daily rollups
 * (one grouping-sets scan of a few hundred rows for a month), after rebuilding the range's dirty days;
 * the sessions list and the leads counts read their own small indexed ranges.
 *
 * Counting rules (contracts/analytics.ts): without a page filter each session counts once (its entry
 * pair) and each visitor-day once; with a page filter, the sessions that saw that page. Leads in the
 * summary and the funnel (its total and each page) are one figure (LEAD_DEFINITION): the leads table's
 * leads of the period, test and quarantined excluded, as the Leads screen counts them; conversions per
 * breakdown row (source, device, day) are sessions whose lead was sent there.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_DEVICE_LABELS,
  ANALYTICS_MAX_RANGE_DAYS,
  analyticsSourceLabel,
  type AnalyticsBreakdownRow,
  type AnalyticsDevice,
  type AnalyticsEvent,
  type AnalyticsEventsResponse,
  type AnalyticsFunnelCounts,
  type AnalyticsLeadSourceCount,
  type AnalyticsLeadSources,
  type AnalyticsResponse,
  type AnalyticsSession,
  type AnalyticsSummary,
  type analyticsEventsQuery,
  type analyticsQuery,
  type LeadSource,
  LEAD_SOURCES,
} from '@vitrine/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { notFound, validationError } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { rowsOf } from '../../lib/throttle.ts';
import { isUuid } from './ingest-events.ts';
import { dayString } from './rollups.ts';
import { addDays, saoPauloDay } from './visitor-salts.ts';

type Query = z.output<typeof analyticsQuery>;
/** What the reads use: the database, the public URL (pagination links) and the analytics clock and rollups. */
export type ReadAnalyticsDeps = Pick<Deps, 'db' | 'config' | 'analytics'>;
type EventsQuery = z.output<typeof analyticsEventsQuery>;

/** Where a São Paulo day starts, as an instant. */
const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);
const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
const num = (v: unknown) => Number(v ?? 0);
const rate = (part: number, whole: number) =>
  whole > 0 ? Math.min(1, Math.round((part / whole) * 10_000) / 10_000) : 0;

/** The period asked (defaults: the last 30 days, today included) and the one before it, same length. */
export function periodOf(now: Date, q: { from?: string; to?: string }) {
  const to = q.to ?? saoPauloDay(now);
  const from = q.from ?? addDays(to, -29);
  if (from > to) throw validationError({ from: ['A data inicial deve ser anterior ou igual à data final.'] });
  const span = spanDays(from, to);
  if (span > ANALYTICS_MAX_RANGE_DAYS)
    throw validationError({ from: [`O período deve ter no máximo ${ANALYTICS_MAX_RANGE_DAYS} dias.`] });
  const previousTo = addDays(from, -1);
  return { from, to, previous_from: addDays(previousTo, -(span - 1)), previous_to: previousTo };
}

interface RollupSums {
  sessions: number;
  entries: number;
  visitors: number;
  first_visitors: number;
  pageviews: number;
  engaged: number;
  bounces: number;
  engaged_seconds: number;
  media: number;
  contact: number;
  leads: number;
}
const SUMS = sql`sum(sessions) as sessions, sum(entries) as entries, sum(visitors) as visitors, sum(first_visitors) as first_visitors,
  sum(pageviews) as pageviews, sum(engaged) as engaged, sum(bounces) as bounces, sum(engaged_seconds) as engaged_seconds,
  sum(media) as media, sum(contact) as contact, sum(leads) as leads`;
const sums = (r: Record<string, unknown>): RollupSums => ({
  sessions: num(r.sessions),
  entries: num(r.entries),
  visitors: num(r.visitors),
  first_visitors: num(r.first_visitors),
  pageviews: num(r.pageviews),
  engaged: num(r.engaged),
  bounces: num(r.bounces),
  engaged_seconds: num(r.engaged_seconds),
  media: num(r.media),
  contact: num(r.contact),
  leads: num(r.leads),
});
const ZERO = sums({});

/** Sessions and visitors of a set of rollup rows, by the counting rule (see the file's comment). */
function headcount(s: RollupSums, byPage: boolean) {
  return byPage
    ? { sessions: s.sessions, visitors: s.visitors, bounces: s.sessions - s.engaged }
    : { sessions: s.entries, visitors: s.first_visitors, bounces: s.bounces };
}

/** `leads`: the leads table's count (LEAD_DEFINITION in contracts), the same figure as the funnel's. */
function summaryOf(s: RollupSums, leads: number, byPage: boolean): AnalyticsSummary {
  const h = headcount(s, byPage);
  return {
    visitors: h.visitors,
    sessions: h.sessions,
    pageviews: s.pageviews,
    leads,
    conversion_rate: rate(leads, h.sessions),
    bounce_rate: rate(h.bounces, h.sessions),
    avg_duration_seconds: h.sessions ? Math.round(s.engaged_seconds / h.sessions) : 0,
  };
}

function rowOf(key: string, label: string, s: RollupSums, byPage: boolean): AnalyticsBreakdownRow {
  const h = headcount(s, byPage);
  return {
    key,
    label,
    visitors: h.visitors,
    sessions: h.sessions,
    pageviews: s.pageviews,
    leads: s.leads,
    conversion_rate: rate(s.leads, h.sessions),
  };
}

const funnelOf = (s: RollupSums, delivered: number): AnalyticsFunnelCounts => ({
  views: s.sessions,
  engaged: s.engaged,
  media: s.media,
  contact: s.contact,
  leads: s.leads,
  delivered,
});

function sessionView(r: Record<string, unknown>): AnalyticsSession {
  const started = new Date(r.started_at as string);
  const ended = new Date(r.last_seen_at as string);
  return {
    id: String(r.id),
    started_at: started.toISOString(),
    ended_at: ended.toISOString(),
    duration_seconds: Math.max(0, Math.round((ended.getTime() - started.getTime()) / 1000)),
    page:
      r.page_id !== null && r.page_title !== null && r.page_title !== undefined
        ? { id: num(r.page_id), title: String(r.page_title) }
        : null,
    source: String(r.source),
    utm_source: (r.utm_source as string | null) ?? null,
    utm_medium: (r.utm_medium as string | null) ?? null,
    utm_campaign: (r.utm_campaign as string | null) ?? null,
    referrer: (r.referrer as string | null) ?? null,
    device: r.device as AnalyticsDevice,
    events_count: num(r.events_count),
    lead_id: (r.lead_id as string | null) ?? null,
  };
}

/**
 * The session's lead as `scope` may see it (null: every lead): an agent who sees only their own
 * leads gets another member's (or nobody's) lead as null (docs/product.md#lead-assignment).
 */
function visibleLeadOf(scope: number | null): SQL {
  return scope === null
    ? sql`s.lead_id`
    : sql`(select l.id from leads l where l.id = s.lead_id and l.assigned_user_id = ${scope})`;
}

/** An event's props without the `lead_id` of a lead that `scope` may not see (the lead_submitted event). */
function visiblePropsOf(scope: number | null): SQL {
  return scope === null
    ? sql`e.props`
    : sql`(case when e.props->>'lead_id' is not null and not exists (select 1 from leads l where l.id::text = e.props->>'lead_id' and l.assigned_user_id = ${scope}) then e.props - 'lead_id' else e.props end)`;
}

/** A lead's session, when `session_id` holds one (older rows may hold anything). */
const LEAD_SESSION = sql`(case when l.session_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then l.session_id::uuid end)`;

/**
 * The leads of an agent who sees only their own (`scope`, their user id), counted like the rollups'
 * `leads` (a tracked session whose lead was sent on a page), by the rollups' groupings: the agency's
 * rollups count every lead, so for that agent these counts replace theirs.
 */
async function scopedLeadCounts(
  deps: ReadAnalyticsDeps,
  realEstateId: number,
  q: Query,
  scope: number,
  range: { from: string; to: string },
) {
  const filters: SQL[] = [
    sql`l.real_estate_id = ${realEstateId}`,
    sql`l.assigned_user_id = ${scope}`,
    sql`not l.is_test`,
    sql`s.real_estate_id = ${realEstateId}`,
    sql`s.started_at >= ${dayStart(range.from).toISOString()}::timestamptz`,
    sql`s.started_at < ${dayStart(addDays(range.to, 1)).toISOString()}::timestamptz`,
  ];
  if (q.page_id !== undefined) filters.push(sql`l.page_id = ${q.page_id}`);
  if (q.source) filters.push(sql`s.source = ${q.source}`);
  if (q.device) filters.push(sql`s.device = ${q.device}`);
  const rows = rowsOf<Record<string, unknown>>(
    await deps.db.execute(sql`
      select grouping(x.day) as g_day, grouping(x.page_id) as g_page, grouping(x.source, x.utm_campaign) as g_source,
        grouping(x.referrer) as g_referrer, grouping(x.device) as g_device,
        x.day, x.page_id, x.source, x.utm_campaign, x.referrer, x.device, count(*) as leads
      from (
        select (s.started_at at time zone 'America/Sao_Paulo')::date as day, coalesce(l.page_id, 0) as page_id,
          s.source, coalesce(s.utm_campaign, '') as utm_campaign, coalesce(s.referrer, '') as referrer, s.device
        from leads l join analytics_sessions s on s.id = ${LEAD_SESSION}
        where ${sql.join(filters, sql` and `)}
      ) x
      group by grouping sets ((), (x.day), (x.page_id), (x.source, x.utm_campaign), (x.referrer), (x.device))`),
  );
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(groupKey(r), num(r.leads));
  return counts;
}

/** One grouping-sets row's key: which grouping, and its values (rollup rows and lead counts alike). */
function groupKey(r: Record<string, unknown>): string {
  if (num(r.g_day) === 0) return `day:${dayString(r.day as string | Date)}`;
  if (num(r.g_page) === 0) return `page:${num(r.page_id)}`;
  if (num(r.g_source) === 0) return `source:${String(r.source)}|${String(r.utm_campaign ?? '')}`;
  if (num(r.g_referrer) === 0) return `referrer:${String(r.referrer ?? '')}`;
  if (num(r.g_device) === 0) return `device:${String(r.device)}`;
  return 'all';
}

type Row = Record<string, unknown>;
type Period = ReturnType<typeof periodOf>;
type Grouping = 'all' | 'day' | 'page' | 'source' | 'referrer' | 'device';
type PageRef = (id: number) => { id: number; title: string };

/** The rollup rows of the agency on the filtered page, source and device. */
function rollupWhereOf(realEstateId: number, q: Query): SQL {
  const filters: SQL[] = [sql`real_estate_id = ${realEstateId}`];
  if (q.page_id !== undefined) filters.push(sql`page_id = ${q.page_id}`);
  if (q.source) filters.push(sql`source = ${q.source}`);
  if (q.device) filters.push(sql`device = ${q.device}`);
  return sql.join(filters, sql` and `);
}

/** The sessions (`s`) that started in the period on the filtered page, source and device. */
function sessionsInRangeOf(realEstateId: number, q: Query, period: Period): SQL {
  const filters: SQL[] = [sql`s.real_estate_id = ${realEstateId}`];
  if (q.page_id !== undefined) filters.push(sql`s.page_id = ${q.page_id}`);
  if (q.source) filters.push(sql`s.source = ${q.source}`);
  if (q.device) filters.push(sql`s.device = ${q.device}`);
  return sql`${sql.join(filters, sql` and `)} and s.started_at >= ${dayStart(period.from).toISOString()}::timestamptz and s.started_at < ${dayStart(addDays(period.to, 1)).toISOString()}::timestamptz`;
}

/** Leads (`l`): the lead's own page; with a source or device filter, only leads whose session matches. */
function leadFiltersOf(realEstateId: number, q: Query, scope: number | null): { join: SQL; where: SQL } {
  const join =
    q.source || q.device
      ? sql`join analytics_sessions s on s.id = ${LEAD_SESSION}`
      : sql`left join analytics_sessions s on s.id = ${LEAD_SESSION}`;
  const filters: SQL[] = [sql`l.real_estate_id = ${realEstateId}`, sql`not l.is_test`];
  if (scope !== null) filters.push(sql`l.assigned_user_id = ${scope}`);
  if (q.page_id !== undefined) filters.push(sql`l.page_id = ${q.page_id}`);
  if (q.source) filters.push(sql`s.source = ${q.source}`);
  if (q.device) filters.push(sql`s.device = ${q.device}`);
  return { join, where: sql.join(filters, sql` and `) };
}

/** The period's rollups by every grouping the response shows, in one grouping-sets scan. */
function groupedRollups(deps: ReadAnalyticsDeps, rollupWhere: SQL, period: Period) {
  return deps.db.execute(sql`
      select grouping(day) as g_day, grouping(page_id) as g_page, grouping(source, utm_campaign) as g_source, grouping(referrer) as g_referrer, grouping(device) as g_device,
        day, page_id, source, utm_campaign, referrer, device, ${SUMS}
      from analytics_daily
      where ${rollupWhere} and day between ${period.from}::date and ${period.to}::date
      group by grouping sets ((), (day), (page_id), (source, utm_campaign), (referrer), (device))`);
}

/** The previous period's rollups, summed. */
function previousRollup(deps: ReadAnalyticsDeps, rollupWhere: SQL, period: Period) {
  return deps.db.execute(
    sql`select ${SUMS} from analytics_daily where ${rollupWhere} and day between ${period.previous_from}::date and ${period.previous_to}::date`,
  );
}

/**
 * One definition of a lead for the summary and the funnel (LEAD_DEFINITION): the leads table's leads
 * of the period and the previous one, test and quarantined ones excluded, tracked visit or not; by page.
 */
function leadCountsOf(deps: ReadAnalyticsDeps, lead: { join: SQL; where: SQL }, period: Period) {
  return deps.db.execute(sql`
      select l.created_at >= ${dayStart(period.from).toISOString()}::timestamptz as current, l.page_id, l.source, count(*) as n
      from leads l ${lead.join}
      where ${lead.where} and not l.quarantined
        and l.created_at >= ${dayStart(period.previous_from).toISOString()}::timestamptz and l.created_at < ${dayStart(addDays(period.to, 1)).toISOString()}::timestamptz
      group by 1, 2, 3`);
}

/** The period's leads delivered to at least one integration, by page. */
function deliveredCountsOf(deps: ReadAnalyticsDeps, lead: { join: SQL; where: SQL }, period: Period) {
  return deps.db.execute(sql`
      select l.page_id, count(*) as n
      from leads l ${lead.join}
      where ${lead.where} and not l.quarantined
        and l.created_at >= ${dayStart(period.from).toISOString()}::timestamptz and l.created_at < ${dayStart(addDays(period.to, 1)).toISOString()}::timestamptz
        and exists (select 1 from deliveries d where d.lead_id = l.id and d.status = 'delivered')
      group by l.page_id`);
}

/** The asked page of the period's sessions, newest first, with the lead `scope` may see. */
function sessionsPageOf(deps: ReadAnalyticsDeps, sessionsInRange: SQL, q: Query, scope: number | null) {
  // An agent's own leads: another member's lead is not linked from a session.
  const visibleLead = visibleLeadOf(scope);
  return deps.db.execute(sql`
      select s.*, ${visibleLead} as visible_lead_id, p.title as page_title from analytics_sessions s left join pages p on p.id = s.page_id
      where ${sessionsInRange}
      order by s.started_at desc, s.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`);
}

/** Whether a grouping-sets row is the one of `only` grouping (or the total, for 'all'). */
function isGrouping(r: Row, only: Grouping): boolean {
  const flags = {
    day: num(r.g_day) === 0,
    page: num(r.g_page) === 0,
    source: num(r.g_source) === 0,
    referrer: num(r.g_referrer) === 0,
    device: num(r.g_device) === 0,
  };
  if (only === 'all') return !Object.values(flags).some(Boolean);
  return (
    flags[only] &&
    Object.entries(flags)
      .filter(([k]) => k !== only)
      .every(([, v]) => !v)
  );
}

type LeadCountRow = { current: boolean | string; page_id: unknown; source: string; n: unknown };

/** The period's and the previous period's leads, and the period's by page. */
function tallyLeads(leadCounts: unknown) {
  const leadsBy = new Map<boolean, number>();
  const leadsByPage = new Map<number, number>();
  for (const r of rowsOf<LeadCountRow>(leadCounts)) {
    const current = r.current === true || r.current === 't';
    leadsBy.set(current, (leadsBy.get(current) ?? 0) + num(r.n));
    if (current && r.page_id !== null) {
      const id = num(r.page_id);
      leadsByPage.set(id, (leadsByPage.get(id) ?? 0) + num(r.n));
    }
  }
  return { leadsBy, leadsByPage };
}

const LEAD_SOURCE_PAGES = 20;

/** Most leads first; a tie in LEAD_SOURCES order. */
const sourceCounts = (by: Map<LeadSource, number>): AnalyticsLeadSourceCount[] =>
  [...by]
    .map(([source, leads]) => ({ source, leads }))
    .sort((a, b) => b.leads - a.leads || LEAD_SOURCES.indexOf(a.source) - LEAD_SOURCES.indexOf(b.source));

/**
 * Which source and which listing bring leads: the period's leads (the same count as the summary's) by
 * lead source, and by listing and source (docs/product.md#analytics). Titles of listings with leads but
 * no visit in the period (a portal lead) are read here.
 */
async function leadSourcesOf(
  deps: ReadAnalyticsDeps,
  realEstateId: number,
  leadCounts: unknown,
  pageRef: PageRef,
): Promise<AnalyticsLeadSources> {
  const total = new Map<LeadSource, number>();
  const byPage = new Map<number | null, Map<LeadSource, number>>();
  for (const r of rowsOf<LeadCountRow>(leadCounts)) {
    if (!(r.current === true || r.current === 't')) continue;
    const source = r.source as LeadSource;
    const page = r.page_id === null ? null : num(r.page_id);
    total.set(source, (total.get(source) ?? 0) + num(r.n));
    const counts = byPage.get(page) ?? new Map<LeadSource, number>();
    counts.set(source, (counts.get(source) ?? 0) + num(r.n));
    byPage.set(page, counts);
  }
  // Most leads first; a tie by page id, the leads without a page last.
  const pages = [...byPage]
    .map(([page, counts]) => ({
      page,
      leads: [...counts.values()].reduce((a, b) => a + b, 0),
      by_source: sourceCounts(counts),
    }))
    .sort((a, b) => b.leads - a.leads || (a.page ?? Infinity) - (b.page ?? Infinity))
    .slice(0, LEAD_SOURCE_PAGES);
  const ids = pages.map((p) => p.page).filter((id): id is number => id !== null);
  const titles = new Map<number, string>();
  if (ids.length) {
    const found = rowsOf<{ id: number; title: string }>(
      await deps.db.execute(
        sql`select id, title from pages where real_estate_id = ${realEstateId} and id = any(${sql.param(ids)}::int[])`,
      ),
    );
    for (const p of found) titles.set(num(p.id), p.title);
  }
  return {
    total: sourceCounts(total),
    pages: pages.map((p) => ({
      ...p,
      page: p.page === null ? null : { id: p.page, title: titles.get(p.page) ?? pageRef(p.page).title },
    })),
  };
}

/** Titles of the pages the rows name (deleted pages keep their numbers, titled as such). */
async function pageRefsOf(deps: ReadAnalyticsDeps, realEstateId: number, rows: Row[]): Promise<PageRef> {
  const pageIds = [...new Set(rows.filter((r) => isGrouping(r, 'page')).map((r) => num(r.page_id)))];
  const titles = new Map<number, string>();
  if (pageIds.length) {
    const found = rowsOf<{ id: number; title: string }>(
      await deps.db.execute(
        sql`select id, title from pages where real_estate_id = ${realEstateId} and id = any(${sql.param(pageIds)}::int[])`,
      ),
    );
    for (const p of found) titles.set(num(p.id), p.title);
  }
  return (id: number) => ({ id, title: titles.get(id) ?? 'Página removida' });
}

const top = <T>(list: T[], by: (x: T) => number, n: number) => list.sort((a, b) => by(b) - by(a)).slice(0, n);

/** The series has every day of the period, zeros included. */
function seriesOf(rows: Row[], period: Period, byPage: boolean): AnalyticsResponse['series'] {
  const byDay = new Map(
    rows.filter((r) => isGrouping(r, 'day')).map((r) => [dayString(r.day as string | Date), sums(r)]),
  );
  const series: AnalyticsResponse['series'] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const s = byDay.get(day) ?? ZERO;
    const h = headcount(s, byPage);
    series.push({
      date: day,
      visitors: h.visitors,
      sessions: h.sessions,
      pageviews: s.pageviews,
      leads: s.leads,
    });
  }
  return series;
}

function pageRowsOf(rows: Row[]) {
  return rows.filter((r) => isGrouping(r, 'page')).map((r) => ({ id: num(r.page_id), s: sums(r) }));
}

function breakdownsOf(rows: Row[], pageRef: PageRef, byPage: boolean): AnalyticsResponse['breakdowns'] {
  return {
    pages: top(
      pageRowsOf(rows).map((p) => ({
        ...rowOf(String(p.id), pageRef(p.id).title, p.s, true),
        page: pageRef(p.id),
      })),
      (x) => x.sessions,
      20,
    ),
    sources: top(
      rows
        .filter((r) => isGrouping(r, 'source'))
        .map((r) => {
          const source = String(r.source);
          const campaign = String(r.utm_campaign ?? '') || null;
          return {
            ...rowOf(
              source,
              campaign ? `${analyticsSourceLabel(source)} · ${campaign}` : analyticsSourceLabel(source),
              sums(r),
              byPage,
            ),
            source,
            utm_campaign: campaign,
          };
        }),
      (x) => x.sessions,
      20,
    ),
    referrers: top(
      rows
        .filter((r) => isGrouping(r, 'referrer'))
        .map((r) => rowOf(String(r.referrer ?? ''), String(r.referrer ?? '') || 'Direto', sums(r), byPage)),
      (x) => x.sessions,
      20,
    ),
    devices: top(
      rows
        .filter((r) => isGrouping(r, 'device'))
        .map((r) => {
          const device = String(r.device) as AnalyticsDevice;
          return { ...rowOf(device, ANALYTICS_DEVICE_LABELS[device] ?? device, sums(r), byPage), device };
        }),
      (x) => x.sessions,
      20,
    ),
  };
}

function funnelPagesOf(
  rows: Row[],
  pageRef: PageRef,
  leadsByPage: Map<number, number>,
  deliveredBy: Map<number, number>,
): AnalyticsResponse['funnel']['pages'] {
  return top(
    pageRowsOf(rows).map((p) => ({
      ...funnelOf(p.s, deliveredBy.get(p.id) ?? 0),
      leads: leadsByPage.get(p.id) ?? 0,
      page: pageRef(p.id),
    })),
    (x) => x.views,
    50,
  );
}

/**
 * `scope`: the user id of an agent who sees only the leads assigned to them; their lead figures
 * (summary, series, breakdowns, funnel, the sessions' lead) are theirs alone, visits the agency's.
 */
export async function readAnalytics(
  deps: ReadAnalyticsDeps,
  realEstateId: number,
  q: Query,
  scope: number | null = null,
): Promise<AnalyticsResponse> {
  const period = periodOf(deps.analytics.now(), q);
  await deps.analytics.rollups.refresh(realEstateId, period.previous_from, period.to);
  const byPage = q.page_id !== undefined;
  const rollupWhere = rollupWhereOf(realEstateId, q);
  const lead = leadFiltersOf(realEstateId, q, scope);

  const [grouped, previous, leadCounts, delivered, sessionPage, scoped, scopedPrevious] = await Promise.all([
    groupedRollups(deps, rollupWhere, period),
    previousRollup(deps, rollupWhere, period),
    leadCountsOf(deps, lead, period),
    deliveredCountsOf(deps, lead, period),
    sessionsPageOf(deps, sessionsInRangeOf(realEstateId, q, period), q, scope),
    scope === null ? null : scopedLeadCounts(deps, realEstateId, q, scope, period),
    scope === null
      ? null
      : scopedLeadCounts(deps, realEstateId, q, scope, {
          from: period.previous_from,
          to: period.previous_to,
        }),
  ]);

  const rows = rowsOf<Row>(grouped);
  const previousRow = rowsOf<Row>(previous)[0] ?? {};
  if (scoped && scopedPrevious) {
    for (const r of rows) r.leads = scoped.get(groupKey(r)) ?? 0;
    previousRow.leads = scopedPrevious.get('all') ?? 0;
  }
  const total = sums(rows.find((r) => isGrouping(r, 'all')) ?? {});
  const { leadsBy, leadsByPage } = tallyLeads(leadCounts);
  const deliveredBy = new Map(
    rowsOf<{ page_id: unknown; n: unknown }>(delivered).map((r) => [num(r.page_id), num(r.n)]),
  );
  const pageRef = await pageRefsOf(deps, realEstateId, rows);
  const leadSources = await leadSourcesOf(deps, realEstateId, leadCounts, pageRef);

  const list = paginate({
    data: rowsOf<Row>(sessionPage).map((r) => sessionView({ ...r, lead_id: r.visible_lead_id })),
    // The sessions that started in the period on the filtered page/source/device: the rollups' entries.
    total: total.entries,
    url: `${deps.config.APP_URL}/v1/real-estates/${realEstateId}/analytics`,
    query: q,
  });
  return {
    ...list,
    period,
    summary: summaryOf(total, leadsBy.get(true) ?? 0, byPage),
    previous_summary: summaryOf(sums(previousRow), leadsBy.get(false) ?? 0, byPage),
    series: seriesOf(rows, period, byPage),
    breakdowns: breakdownsOf(rows, pageRef, byPage),
    funnel: {
      total: {
        ...funnelOf(
          total,
          [...deliveredBy.values()].reduce((a, b) => a + b, 0),
        ),
        leads: leadsBy.get(true) ?? 0,
      },
      pages: funnelPagesOf(rows, pageRef, leadsByPage, deliveredBy),
    },
    lead_sources: leadSources,
  };
}

/** How many events a list counts at most (an agency's month can hold millions; nobody pages that far). */
const EVENTS_COUNT_CAP = 10_000;

function eventView(r: Record<string, unknown>): AnalyticsEvent {
  return {
    id: String(r.id),
    session_id: String(r.session_id),
    name: r.name as AnalyticsEvent['name'],
    occurred_at: new Date(r.occurred_at as string).toISOString(),
    page_id: r.page_id === null || r.page_id === undefined ? null : num(r.page_id),
    props: (typeof r.props === 'string' ? JSON.parse(r.props) : r.props) ?? {},
  };
}

export async function readEvents(
  deps: ReadAnalyticsDeps,
  realEstateId: number,
  q: EventsQuery,
  /** The agent whose own leads alone show (null: every lead), as in readAnalytics. */
  scope: number | null = null,
): Promise<AnalyticsEventsResponse> {
  const { db } = deps;
  const url = `${deps.config.APP_URL}/v1/real-estates/${realEstateId}/analytics/events`;
  const filters: SQL[] = [sql`e.real_estate_id = ${realEstateId}`];
  const props = visiblePropsOf(scope);
  if (q.name) filters.push(sql`e.name = ${q.name}`);
  if (q.page_id !== undefined) filters.push(sql`e.page_id = ${q.page_id}`);

  if (q.session_id !== undefined) {
    if (!isUuid(q.session_id)) throw notFound('Sessão não encontrada.');
    const [session] = rowsOf<Record<string, unknown>>(
      await db.execute(
        sql`select s.*, ${visibleLeadOf(scope)} as visible_lead_id, p.title as page_title from analytics_sessions s left join pages p on p.id = s.page_id where s.id = ${q.session_id}::uuid and s.real_estate_id = ${realEstateId}`,
      ),
    );
    if (!session) throw notFound('Sessão não encontrada.');
    filters.push(sql`e.session_id = ${q.session_id}::uuid`);
    if (q.from) filters.push(sql`e.occurred_at >= ${dayStart(q.from).toISOString()}::timestamptz`);
    if (q.to) filters.push(sql`e.occurred_at < ${dayStart(addDays(q.to, 1)).toISOString()}::timestamptz`);
    const where = sql.join(filters, sql` and `);
    const [events, [counted], seen, [facts]] = await Promise.all([
      db
        .execute(
          sql`select e.id, e.session_id, e.name, e.occurred_at, e.page_id, ${props} as props from analytics_events e where ${where} order by e.occurred_at, e.id limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
        )
        .then((r) => rowsOf<Record<string, unknown>>(r)),
      db
        .execute(sql`select count(*) as n from analytics_events e where ${where}`)
        .then((r) => rowsOf<{ n: unknown }>(r)),
      db
        .execute(
          sql`
          select e.page_id, p.title, min(e.occurred_at) as first_at from analytics_events e left join pages p on p.id = e.page_id
          where e.session_id = ${q.session_id}::uuid and e.page_id is not null group by e.page_id, p.title order by 3`,
        )
        .then((r) => rowsOf<{ page_id: unknown; title: string | null }>(r)),
      db
        .execute(
          sql`
          select count(*) filter (where name = 'pageview') as pageviews,
            coalesce(sum(case when name = 'engaged' and jsonb_typeof(props->'seconds') = 'number' then (props->>'seconds')::numeric end), 0) as seconds,
            coalesce(max(case when name = 'scroll' and jsonb_typeof(props->'depth') = 'number' then (props->>'depth')::numeric end), 0) as depth
          from analytics_events where session_id = ${q.session_id}::uuid`,
        )
        .then((r) => rowsOf<Record<string, unknown>>(r)),
    ]);
    const list = paginate({
      data: events.map(eventView),
      total: num(counted?.n),
      url,
      query: q,
    });
    return {
      ...list,
      session: {
        ...sessionView({ ...session, lead_id: session.visible_lead_id }),
        pages: seen.map((p) => ({ id: num(p.page_id), title: p.title ?? 'Página removida' })),
        utm_term: (session.utm_term as string | null) ?? null,
        utm_content: (session.utm_content as string | null) ?? null,
        gclid: session.gclid === true || session.gclid === 't',
        fbclid: session.fbclid === true || session.fbclid === 't',
        pageviews: num(facts?.pageviews),
        engaged_seconds: Math.round(num(facts?.seconds)),
        max_scroll: Math.round(num(facts?.depth)),
      },
    };
  }

  const period = periodOf(deps.analytics.now(), q);
  filters.push(
    sql`e.occurred_at >= ${dayStart(period.from).toISOString()}::timestamptz and e.occurred_at < ${dayStart(addDays(period.to, 1)).toISOString()}::timestamptz`,
  );
  const where = sql.join(filters, sql` and `);
  const [events, [counted]] = await Promise.all([
    db
      .execute(
        sql`select e.id, e.session_id, e.name, e.occurred_at, e.page_id, ${props} as props from analytics_events e where ${where} order by e.occurred_at desc, e.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
      )
      .then((r) => rowsOf<Record<string, unknown>>(r)),
    db
      .execute(
        sql`select count(*) as n from (select 1 from analytics_events e where ${where} limit ${EVENTS_COUNT_CAP}) x`,
      )
      .then((r) => rowsOf<{ n: unknown }>(r)),
  ]);
  return paginate({
    data: events.map(eventView),
    total: num(counted?.n),
    url,
    query: q,
  });
}
