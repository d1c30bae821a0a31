/**
 * From the API's answer to what the screens draw: KPI definitions, series points with pt-BR labels,
 * breakdown rows and funnel counts. Pure functions, tested apart from the components.
 */
import type { MetricKind } from './format';
import type { SeriesPoint } from './components/time-series-chart';
import type { AnalyticsSeriesPoint, AnalyticsSummary } from './types';

export type SummaryKey = keyof AnalyticsSummary;

export interface KpiDefinition {
  key: SummaryKey;
  label: string;
  kind: MetricKind;
  lowerIsBetter?: boolean;
}

/** The seven cards of /analytics, in reading order. */
export const KPIS: readonly KpiDefinition[] = [
  { key: 'visitors', label: 'Visitantes', kind: 'count' },
  { key: 'sessions', label: 'Sessões', kind: 'count' },
  { key: 'pageviews', label: 'Visualizações', kind: 'count' },
  { key: 'leads', label: 'Leads', kind: 'count' },
  { key: 'conversion_rate', label: 'Conversão', kind: 'rate' },
  { key: 'bounce_rate', label: 'Rejeição', kind: 'rate', lowerIsBetter: true },
  { key: 'avg_duration_seconds', label: 'Tempo engajado médio', kind: 'duration' },
];

/** One point per day of the period (the API sends every day, zeros included), labelled dd/mm. */
export function seriesPoints(series: readonly AnalyticsSeriesPoint[]): SeriesPoint[] {
  return series.map((p) => {
    const key = p.date.slice(0, 10);
    const short = `${key.slice(8, 10)}/${key.slice(5, 7)}`;
    return {
      key,
      short,
      long: `${short}/${key.slice(0, 4)}`,
      visitors: p.visitors,
      pageviews: p.pageviews,
      leads: p.leads,
    };
  });
}
