/** The analytics module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: analytics.routes.ts. */
export { createAnalytics, type Analytics } from './analytics-service.ts';
export {
  leadSessionCandidatesSql,
  leadSessionLinkCtes,
  leadSessionLookup,
  matchLeadSessions,
  type LeadSessionLink,
  type LeadVisit,
  type SessionCandidateRow,
} from './lead-sessions.ts';
export { retentionCutoff } from './retention.ts';
export { createRollups, rebuildDays } from './rollups.ts';
export { saoPauloDay, visitorHashes } from './visitor-salts.ts';
export { analyticsRetentionJob } from './jobs/analytics-retention.job.ts';
export { analyticsRollupsJob } from './jobs/analytics-rollups.job.ts';
