/**
 * Analytics answers for the console's tests, each checked against the shared contract's zod schema,
 * so a fixture that drifts from what the server sends fails here instead of passing quietly.
 */
import {
  analyticsEventsResponseSchema,
  analyticsResponseSchema,
  type AnalyticsEvent,
  type AnalyticsEventsResponse,
  type AnalyticsResponse,
  type AnalyticsSession,
  type AnalyticsSessionDetail,
} from '@vitrine/contracts';

export const SESSION_ID = 's-2b7c1f';
export const LEAD_ID = '11111111-1111-4111-8111-111111111111';

export function makeSession(overrides: Partial<AnalyticsSession> = {}): AnalyticsSession {
  return {
    id: SESSION_ID,
    started_at: '2025-03-10T17:05:00.000Z',
    ended_at: '2025-03-10T17:09:30.000Z',
    duration_seconds: 270,
    page: { id: 3, title: 'Casa no Butantã' },
    source: 'google',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'verao',
    referrer: 'www.google.com',
    device: 'mobile',
    events_count: 7,
    lead_id: LEAD_ID,
    ...overrides,
  };
}

const summary = {
  visitors: 120,
  sessions: 150,
  pageviews: 310,
  leads: 6,
  conversion_rate: 0.04,
  bounce_rate: 0.35,
  avg_duration_seconds: 95,
};
const row = (key: string, label: string, visitors: number, leads: number) => ({
  key,
  label,
  visitors,
  sessions: visitors,
  pageviews: visitors * 2,
  leads,
  conversion_rate: visitors ? leads / visitors : 0,
});

export function makeReport(
  overrides: Partial<AnalyticsResponse> = {},
  days = ['2025-03-08', '2025-03-09', '2025-03-10'],
): AnalyticsResponse {
  const sessions = overrides.data ?? [
    makeSession(),
    makeSession({
      id: 's-9',
      lead_id: null,
      device: 'desktop',
      source: 'direct',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      referrer: null,
      page: { id: 4, title: 'Apartamento na Vila Mariana' },
    }),
  ];
  const report: AnalyticsResponse = {
    data: sessions,
    meta: {
      current_page: 1,
      per_page: 20,
      total: sessions.length,
      last_page: 1,
      from: sessions.length ? 1 : null,
      to: sessions.length || null,
    },
    links: { first: '', last: '', prev: null, next: null },
    period: {
      from: days[0]!,
      to: days[days.length - 1]!,
      previous_from: '2025-03-05',
      previous_to: '2025-03-07',
    },
    summary,
    previous_summary: {
      ...summary,
      visitors: 100,
      leads: 3,
      conversion_rate: 0.02,
      bounce_rate: 0.4,
      avg_duration_seconds: 95,
    },
    series: days.map((date, i) => ({
      date,
      visitors: 30 + i * 10,
      sessions: 40 + i,
      pageviews: 90 + i,
      leads: i,
    })),
    breakdowns: {
      pages: [
        { ...row('3', 'Casa no Butantã', 80, 5), page: { id: 3, title: 'Casa no Butantã' } },
        {
          ...row('4', 'Apartamento na Vila Mariana', 40, 1),
          page: { id: 4, title: 'Apartamento na Vila Mariana' },
        },
      ],
      sources: [
        { ...row('google', 'Google', 60, 4), source: 'google', utm_campaign: 'verao' },
        { ...row('google', 'Google', 10, 0), source: 'google', utm_campaign: null },
        { ...row('instagram', 'Instagram', 30, 2), source: 'instagram', utm_campaign: null },
        { ...row('direct', 'Direto', 20, 0), source: 'direct', utm_campaign: null },
      ],
      referrers: [row('www.google.com', 'www.google.com', 70, 4), row('', 'Direto', 20, 0)],
      devices: [
        { ...row('mobile', 'Celular', 90, 5), device: 'mobile' },
        { ...row('desktop', 'Computador', 30, 1), device: 'desktop' },
      ],
    },
    funnel: {
      total: { views: 150, engaged: 90, media: 60, contact: 20, leads: 6, delivered: 5 },
      pages: [
        {
          page: { id: 3, title: 'Casa no Butantã' },
          views: 100,
          engaged: 70,
          media: 50,
          contact: 15,
          leads: 5,
          delivered: 4,
        },
        {
          page: { id: 4, title: 'Apartamento na Vila Mariana' },
          views: 50,
          engaged: 20,
          media: 10,
          contact: 5,
          leads: 1,
          delivered: 1,
        },
      ],
    },
    lead_sources: {
      total: [
        { source: 'landing_page', leads: 3 },
        { source: 'portal_zap', leads: 2 },
        { source: 'instagram', leads: 1 },
      ],
      pages: [
        {
          page: { id: 3, title: 'Casa no Butantã' },
          leads: 5,
          by_source: [
            { source: 'landing_page', leads: 3 },
            { source: 'portal_zap', leads: 2 },
          ],
        },
        { page: null, leads: 1, by_source: [{ source: 'instagram', leads: 1 }] },
      ],
    },
    ...overrides,
  };
  return analyticsResponseSchema.parse(report);
}

const zero = {
  visitors: 0,
  sessions: 0,
  pageviews: 0,
  leads: 0,
  conversion_rate: 0,
  bounce_rate: 0,
  avg_duration_seconds: 0,
};

/** A period without a single visit. */
export function emptyReport(): AnalyticsResponse {
  return makeReport({
    data: [],
    meta: { current_page: 1, per_page: 20, total: 0, last_page: 1, from: null, to: null },
    summary: zero,
    previous_summary: zero,
    breakdowns: { pages: [], sources: [], referrers: [], devices: [] },
    funnel: { total: { views: 0, engaged: 0, media: 0, contact: 0, leads: 0, delivered: 0 }, pages: [] },
    lead_sources: { total: [], pages: [] },
  });
}

let n = 0;
const ev = (
  name: AnalyticsEvent['name'],
  at: string,
  props: AnalyticsEvent['props'] = {},
): AnalyticsEvent => ({
  id: `e${++n}`,
  session_id: SESSION_ID,
  name,
  occurred_at: at,
  page_id: 3,
  props,
});

export function makeSessionDetail(overrides: Partial<AnalyticsSessionDetail> = {}): AnalyticsSessionDetail {
  return {
    ...makeSession(),
    pages: [{ id: 3, title: 'Casa no Butantã' }],
    utm_term: null,
    utm_content: null,
    gclid: true,
    fbclid: false,
    pageviews: 1,
    engaged_seconds: 95,
    max_scroll: 75,
    ...overrides,
  };
}

export function makeTimeline(session: AnalyticsSessionDetail = makeSessionDetail()): AnalyticsEventsResponse {
  const data = [
    ev('pageview', '2025-03-10T17:05:00.000Z'),
    ev('scroll', '2025-03-10T17:05:20.000Z', { depth: 75 }),
    ev('photo_view', '2025-03-10T17:05:31.000Z', { index: 3 }),
    ev('video_play', '2025-03-10T17:06:00.000Z'),
    ev('whatsapp_click', '2025-03-10T17:07:02.000Z'),
    ev('form_start', '2025-03-10T17:08:00.000Z'),
    ev('lead_submitted', '2025-03-10T17:09:30.000Z', { lead_id: LEAD_ID }),
  ];
  return analyticsEventsResponseSchema.parse({
    data,
    meta: { current_page: 1, per_page: 500, total: data.length, last_page: 1, from: 1, to: data.length },
    links: { first: '', last: '', prev: null, next: null },
    session,
  });
}
