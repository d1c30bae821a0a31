/** The analytics shapes, from the shared contract (packages/contracts/src/analytics.ts). */
export type {
  AnalyticsBreakdownRow,
  AnalyticsBreakdowns,
  AnalyticsDevice,
  AnalyticsEvent,
  AnalyticsEventName,
  AnalyticsEventsResponse,
  AnalyticsFunnel,
  AnalyticsFunnelCounts,
  AnalyticsFunnelStep,
  AnalyticsResponse,
  AnalyticsSeriesPoint,
  AnalyticsSession,
  AnalyticsSessionDetail,
  AnalyticsSummary,
} from '@vitrine/contracts';
