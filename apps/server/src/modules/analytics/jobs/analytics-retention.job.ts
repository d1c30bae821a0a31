/**
 * Analytics housekeeping (retention.ts): every hour, in the processes that run
 * workers, visitor salts older than 48 hours are deleted, and raw events and sessions older than
 * ANALYTICS_RETENTION_MONTHS. Enqueueing the job runs the same sweep now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { sweepRetention } from '../retention.ts';

async function sweep(deps: JobDeps) {
  const now = deps.analytics.now();
  await deps.analytics.salts.sweep(now);
  return sweepRetention(deps, now);
}

export const analyticsRetentionJob = definePeriodicJob({
  name: 'analytics-retention',
  everySeconds: 60 * 60,
  expireInSeconds: 30 * 60,
  run: sweep,
});
