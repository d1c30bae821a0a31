/**
 * Every background job. The workers (jobs/workers.ts, in `npm start` and in `npm run worker`) run
 * exactly these; a job file in this folder that is missing here fails registry.test.ts.
 */
import { analyticsRetentionJob } from './analytics-retention.job.ts';
import { analyticsRollupsJob } from './analytics-rollups.job.ts';
import { billingEventJob } from './billing-event.job.ts';
import { catalogImportJob } from './catalog-import.job.ts';
import type { JobDefinition } from './define-job.ts';
import { demoResetJob } from './demo-reset.job.ts';
import { leadAlertJob } from './lead-alert.job.ts';
import { leadAutoReplyJob } from './lead-auto-reply.job.ts';
import { leadDeliveryJob } from './lead-delivery.job.ts';
import { privacyRetentionJob } from './privacy-retention.job.ts';
import { videoCleanupJob } from './video-cleanup.job.ts';
import { videoProcessingJob } from './video-processing.job.ts';

export const jobRegistry: readonly JobDefinition[] = [
  leadDeliveryJob,
  leadAlertJob,
  leadAutoReplyJob,
  catalogImportJob,
  analyticsRollupsJob,
  analyticsRetentionJob,
  demoResetJob,
  videoProcessingJob,
  videoCleanupJob,
  billingEventJob,
  privacyRetentionJob,
];
