/**
 * Verified domains' TXT records looked up again every hour in the processes that run workers
 * (recheck-domains.ts, decision 017): a record missing for DOMAIN_RECHECK_GRACE_HOURS un-verifies its
 * domain. Enqueueing the job re-checks now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { recheckDomains } from '../recheck-domains.ts';

const recheck = (deps: JobDeps) => recheckDomains(deps, { signal: deps.signal });

export const domainRecheckJob = definePeriodicJob({
  name: 'domain-recheck',
  everySeconds: 60 * 60,
  expireInSeconds: 30 * 60,
  run: recheck,
});
