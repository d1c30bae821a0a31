/**
 * Each agency's retention periods (apply-retention.ts): every hour, in the processes
 * that run workers, raw analytics past the agency's period are deleted and the CRMs' answers of old
 * delivery attempts blanked, in bounded batches. Enqueueing the job runs the same pass now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { applyRetention } from '../apply-retention.ts';

async function apply(deps: JobDeps) {
  return applyRetention(deps, { now: deps.analytics.now() });
}

export const privacyRetentionJob = definePeriodicJob({
  name: 'privacy-retention',
  everySeconds: 60 * 60,
  expireInSeconds: 30 * 60,
  run: apply,
});
