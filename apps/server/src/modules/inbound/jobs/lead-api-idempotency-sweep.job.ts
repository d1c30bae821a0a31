/**
 * The lead API's Idempotency-Keys past their 24 hours (docs/lead-api.md#idempotency), cleared from their
 * inbound ledger rows every hour in the processes that run workers (the rows stay). A key past its 24
 * hours is already treated as new when it comes again; this keeps the ledger's unique index small.
 * Enqueueing the job sweeps now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { sweepIdempotencyKeys } from '../lead-api-idempotency.ts';

const sweep = (deps: JobDeps) => sweepIdempotencyKeys(deps);

export const leadApiIdempotencySweepJob = definePeriodicJob({
  name: 'lead-api-idempotency-sweep',
  everySeconds: 60 * 60,
  expireInSeconds: 10 * 60,
  run: sweep,
});
