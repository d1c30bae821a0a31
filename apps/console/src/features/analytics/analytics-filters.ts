/**
 * The /analytics screen keeps its state in the URL (shareable links, the back button works): the
 * period, the page/source/device filters and the sessions table's page, read through the API's query
 * schema (useUrlState). The period is resolved to calendar days of the agency's time zone, as the
 * server filters them.
 */
import { ANALYTICS_MAX_RANGE_DAYS, analyticsQuery, type AnalyticsDevice } from '@vitrine/contracts';
import { z } from 'zod';
import { dayKey } from '@/lib/datetime';
import { readUrlState, type UrlPatch, type UrlValues } from '@/lib/use-url-state';

export const PERIODS = ['hoje', '7d', '30d', '90d', 'personalizado'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD = '30d' satisfies Period;

export const PERIOD_LABELS: Record<Period, string> = {
  hoje: 'Hoje',
  '7d': '7 dias',
  '30d': '30 dias',
  '90d': '90 dias',
  personalizado: 'Personalizado',
};

const PERIOD_DAYS: Record<Exclude<Period, 'personalizado'>, number> = {
  hoje: 1,
  '7d': 7,
  '30d': 30,
  '90d': 90,
};
/** A custom period longer than the API answers is cut to its last days. */
export const MAX_PERIOD_DAYS = ANALYTICS_MAX_RANGE_DAYS;

/** The query-string keys; the API's own names where there is one, so a URL reads like its request. */
export const PERIOD_PARAM = 'periodo';
const FILTER_KEYS = ['page_id', 'source', 'device'] as const;

/** The URL of /analytics: the API's query, and the period's name (from/to are its days when custom). */
export const analyticsUrlSchema = analyticsQuery.extend({ [PERIOD_PARAM]: z.enum(PERIODS).optional() });
/** '' is "any" (and, for the period, "not named": see parsePeriod). */
export const ANALYTICS_URL_DEFAULTS = { periodo: '', from: '', to: '', source: '', device: '' } as const;
export type AnalyticsUrlValues = UrlValues<typeof analyticsUrlSchema, typeof ANALYTICS_URL_DEFAULTS>;

export interface AnalyticsFilters {
  period: Period;
  /** YYYY-MM-DD, first and last day included. */
  from: string;
  to: string;
  /** Number of days of the period. */
  days: number;
  pageId: string;
  source: string;
  device: AnalyticsDevice | '';
  /** The sessions table's page. */
  page: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) =>
  new Date(toUtc(day) + n * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY_MS) + 1;
const realDay = (v: string | null): v is string =>
  Boolean(v && DATE.test(v) && !Number.isNaN(toUtc(v)) && addDays(v, 0) === v);

function parsePeriod(values: AnalyticsUrlValues): Period {
  if (values.periodo) return values.periodo;
  // A link with only from/to (as the Leads screen writes them) means a custom period.
  if (realDay(values.from) || realDay(values.to)) return 'personalizado';
  return DEFAULT_PERIOD;
}

/** The days a period covers, ending today (São Paulo) unless custom. */
export function periodRange(
  period: Period,
  custom: { from: string | null; to: string | null },
  today: string,
): { from: string; to: string } {
  if (period !== 'personalizado') return { from: addDays(today, -(PERIOD_DAYS[period] - 1)), to: today };
  let from = realDay(custom.from) ? custom.from : null;
  let to = realDay(custom.to) ? custom.to : null;
  if (!from && !to) return periodRange(DEFAULT_PERIOD, custom, today);
  to ??= from! > today ? from! : today;
  from ??= addDays(to, -(PERIOD_DAYS[DEFAULT_PERIOD] - 1));
  if (from > to) [from, to] = [to, from];
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) from = addDays(to, -(MAX_PERIOD_DAYS - 1));
  return { from, to };
}

/** The screen's filters from the URL's values: the period resolved to days. */
export function analyticsFiltersOf(
  values: AnalyticsUrlValues,
  today: string = dayKey(new Date()),
): AnalyticsFilters {
  const period = parsePeriod(values);
  const { from, to } = periodRange(period, { from: values.from || null, to: values.to || null }, today);
  return {
    period,
    from,
    to,
    days: daysBetween(from, to),
    pageId: values.page_id === undefined ? '' : String(values.page_id),
    source: values.source,
    device: values.device,
    page: values.page,
  };
}

/** The filters a query string stands for (a link to /analytics, as the Dashboard makes one). */
export function parseAnalyticsFilters(
  params: URLSearchParams,
  today: string = dayKey(new Date()),
): AnalyticsFilters {
  return analyticsFiltersOf(readUrlState(analyticsUrlSchema, ANALYTICS_URL_DEFAULTS, params), today);
}

/** The period and filters as the API takes them (no pagination): the summary, charts and breakdowns. */
export function analyticsFilterParams(f: AnalyticsFilters): Record<string, string> {
  const out: Record<string, string> = { from: f.from, to: f.to };
  if (f.pageId) out.page_id = f.pageId;
  if (f.source) out.source = f.source;
  if (f.device) out.device = f.device;
  return out;
}

/** GET …/analytics always carries the page (default page 1; docs/product.md#analytics). */
export function analyticsListParams(f: AnalyticsFilters): Record<string, string | number> {
  return { ...analyticsFilterParams(f), page: f.page };
}

export function hasAnalyticsFilters(f: AnalyticsFilters): boolean {
  return Boolean(f.pageId || f.source || f.device);
}

/**
 * A change of /analytics as the URL takes it: the default period is not written, and a period other
 * than "personalizado" drops the custom days. (useUrlState drops the other defaults and sends the
 * table back to page 1 on any change but the page.)
 */
export function analyticsPatch(patch: UrlPatch): UrlPatch {
  if (!(PERIOD_PARAM in patch)) return patch;
  const period = patch[PERIOD_PARAM];
  const next: UrlPatch = { ...patch, [PERIOD_PARAM]: period === DEFAULT_PERIOD ? null : period };
  if (period !== 'personalizado') Object.assign(next, { from: null, to: null });
  return next;
}

/** Clearing removes the page/source/device filters (and the page), keeping the period. */
export const CLEAR_ANALYTICS_FILTERS: UrlPatch = Object.fromEntries(FILTER_KEYS.map((key) => [key, null]));

const fullDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "Hoje (05/03/2025)", "Últimos 7 dias (27/02/2025 a 05/03/2025)", "01/01/2025 a 31/01/2025". */
export function periodText(f: Pick<AnalyticsFilters, 'period' | 'from' | 'to' | 'days'>): string {
  const range = f.from === f.to ? fullDay(f.from) : `${fullDay(f.from)} a ${fullDay(f.to)}`;
  if (f.period === 'hoje') return `Hoje (${range})`;
  if (f.period === 'personalizado') return range;
  return `Últimos ${f.days} dias (${range})`;
}

/** The period just before, of the same length: what the KPI cards compare against. */
export function previousRange({ from, days }: { from: string; days: number }): { from: string; to: string } {
  return { from: addDays(from, -days), to: addDays(from, -1) };
}
