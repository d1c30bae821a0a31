/** pt-BR presentation of analytics figures: counts, rates, durations and the change between periods. */
import { ANALYTICS_DEVICE_LABELS, ANALYTICS_DIRECT_SOURCE, analyticsSourceLabel } from '@vitrine/contracts';
export { formatDateTime, formatDay, formatTime, formatTimeWithSeconds } from '@/lib/datetime';

const count = new Intl.NumberFormat('pt-BR');
const percent1 = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const decimal1 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export const formatCount = (n: number) => count.format(n);
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** A rate between 0 and 1 as "12,5%". */
export const formatRate = (rate: number) => percent1.format(rate);

/** Seconds as "45 s", "2 min 05 s", "1 h 02 min". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** How a figure is read: a count, a rate (0–1) or a duration in seconds. */
export type MetricKind = 'count' | 'rate' | 'duration';

export function formatMetric(value: number, kind: MetricKind): string {
  if (kind === 'rate') return formatRate(value);
  if (kind === 'duration') return formatDuration(value);
  return formatCount(value);
}

export interface Change {
  /** What the card shows: "+12%", "−3,0 p.p.", "novo". */
  text: string;
  /** For screen readers: "12% a mais que no período anterior". */
  spoken: string;
  direction: 'up' | 'down' | 'flat';
}

/**
 * The change of a figure against the previous period: relative for counts and durations, in
 * percentage points for rates (a conversion going from 2% to 3% is "+1,0 p.p.", not "+50%").
 * Null when there is nothing to compare with.
 */
export function changeBetween(
  current: number,
  previous: number | null | undefined,
  kind: MetricKind,
): Change | null {
  if (previous === null || previous === undefined) return null;
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    const rounded = Math.round(points * 10) / 10;
    if (rounded === 0) return { text: '0,0 p.p.', spoken: 'igual ao período anterior', direction: 'flat' };
    const abs = decimal1.format(Math.abs(rounded));
    return rounded > 0
      ? {
          text: `+${abs} p.p.`,
          spoken: `${abs} pontos percentuais a mais que no período anterior`,
          direction: 'up',
        }
      : {
          text: `−${abs} p.p.`,
          spoken: `${abs} pontos percentuais a menos que no período anterior`,
          direction: 'down',
        };
  }
  if (previous === 0) {
    return current === 0
      ? { text: '0%', spoken: 'igual ao período anterior', direction: 'flat' }
      : { text: 'novo', spoken: 'nenhum no período anterior', direction: 'up' };
  }
  const ratio = Math.round(((current - previous) / previous) * 100);
  if (ratio === 0) return { text: '0%', spoken: 'igual ao período anterior', direction: 'flat' };
  const abs = formatCount(Math.abs(ratio));
  return ratio > 0
    ? { text: `+${abs}%`, spoken: `${abs}% a mais que no período anterior`, direction: 'up' }
    : { text: `−${abs}%`, spoken: `${abs}% a menos que no período anterior`, direction: 'down' };
}

/** "Celular", "Computador", "Tablet"; an unknown value as it came. */
export const deviceLabel = (device: string | null | undefined) =>
  device ? ((ANALYTICS_DEVICE_LABELS as Record<string, string>)[device] ?? device) : 'Desconhecido';

/** "Google", "Instagram", "Direto"; any other source as it came. */
export const sourceLabel = (source: string | null | undefined) =>
  analyticsSourceLabel(source || ANALYTICS_DIRECT_SOURCE);

/** The referrer's host as the API keeps it, without "www."; "Direto" when there was none. */
export function referrerLabel(host: string | null | undefined): string {
  return host ? host.replace(/^www\./, '') : sourceLabel(ANALYTICS_DIRECT_SOURCE);
}
