/**
 * Every background job. Each is declared in the module whose work it does (`modules/<name>/jobs/`) and
 * reached here through the module's index.ts, like any other import from a module; the rate-limit sweep
 * works on lib/ and lives beside this file. The workers (jobs/workers.ts, in `npm start` and in
 * `npm run worker`) run exactly these; a job file missing here fails jobs.test.ts.
 */
import { analyticsRetentionJob, analyticsRollupsJob } from '../modules/analytics/index.ts';
import { sessionSweepJob } from '../modules/auth/index.ts';
import { billingEventJob } from '../modules/billing/index.ts';
import { catalogImportJob } from '../modules/catalog-import/index.ts';
import { adConversionsJob, leadDeliveryJob } from '../modules/deliveries/index.ts';
import { demoResetJob } from '../modules/demo/index.ts';
import { domainRecheckJob } from '../modules/domains/index.ts';
import { fetchMetaLeadJob } from '../modules/inbound/index.ts';
import { leadApiIdempotencySweepJob, metaOAuthGrantSweepJob } from '../modules/inbound/index.ts';
import { leadAlertJob, leadAutoReplyJob } from '../modules/leads/index.ts';
import { privacyRetentionJob } from '../modules/privacy/index.ts';
import { uploadOrphanJob, videoCleanupJob, videoProcessingJob } from '../modules/videos/index.ts';
import type { JobDefinition } from './define-job.ts';
import { rateLimitSweepJob } from './rate-limit-sweep.job.ts';

export const jobRegistry: readonly JobDefinition[] = [
  leadDeliveryJob,
  adConversionsJob,
  leadAlertJob,
  leadAutoReplyJob,
  catalogImportJob,
  analyticsRollupsJob,
  analyticsRetentionJob,
  demoResetJob,
  videoProcessingJob,
  videoCleanupJob,
  uploadOrphanJob,
  billingEventJob,
  fetchMetaLeadJob,
  privacyRetentionJob,
  sessionSweepJob,
  rateLimitSweepJob,
  leadApiIdempotencySweepJob,
  metaOAuthGrantSweepJob,
  domainRecheckJob,
];
