/**
 * Leads per day for the chart, counted in the browser from the list endpoint itself (no extra
 * server code, and the same filters as the table): up to MAX_CHART_LEADS leads, fetched 100 at a
 * time. Past that the chart says it cannot count honestly instead of drawing a partial picture.
 */
import { dayKey } from './format';

export const CHART_DEFAULT_DAYS = 30;
export const MAX_CHART_DAYS = 92;
export const MAX_CHART_LEADS = 1000;
export const CHART_PAGE_SIZE = 100;

const DAY_MS = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => fromUtc(toUtc(day) + n * DAY_MS);

export interface ChartPeriod {
  from: string;
  to: string;
  /** The filtered period was longer than MAX_CHART_DAYS: only its last days are charted. */
  clipped: boolean;
}

/**
 * The period the chart covers: the filter's from/to when given, otherwise the last
 * CHART_DEFAULT_DAYS days up to today (São Paulo time), never longer than MAX_CHART_DAYS.
 */
export function chartPeriod(
  { from, to }: { from: string; to: string },
  today: string = dayKey(new Date()),
): ChartPeriod | null {
  const end = to || (from > today ? from : today);
  const start = from || addDays(end, -(CHART_DEFAULT_DAYS - 1));
  if (start > end) return null;
  if ((toUtc(end) - toUtc(start)) / DAY_MS + 1 > MAX_CHART_DAYS) {
    return { from: addDays(end, -(MAX_CHART_DAYS - 1)), to: end, clipped: true };
  }
  return { from: start, to: end, clipped: false };
}

export interface DayCount {
  day: string;
  count: number;
}

/** One entry per calendar day of the period, zero-filled. */
export function countPerDay(leads: readonly { created_at: string }[], period: ChartPeriod): DayCount[] {
  const counts = new Map<string, number>();
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) counts.set(d, 0);
  for (const lead of leads) {
    const key = dayKey(lead.created_at);
    const current = counts.get(key);
    if (current !== undefined) counts.set(key, current + 1);
  }
  return [...counts].map(([day, count]) => ({ day, count }));
}
