// Public API of the analytics feature (CONTRIBUTING.md, "Module boundaries"); its screens are in routes/.
// The Dashboard's week overview reads the same report and shows it with the same cards.
export { analyticsFilterParams, parseAnalyticsFilters } from './analytics-filters';
export { useAnalytics } from './api/get-analytics';
export { KpiCard, KpiGrid, KpiGridSkeleton } from './components/kpi-card';
export { formatCount, formatRate } from './format';
export type { AnalyticsResponse } from './types';
export { LeadSourcesCard } from './components/lead-sources-card';
