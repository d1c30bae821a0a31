/**
 * "Conectar com Facebook" logins left unfinished (meta-oauth-grants.ts): a grant holds the user's
 * long-lived token, sealed with APP_KEY, until the agency picks a page, for 15 minutes at most. An
 * expired one is also deleted when the same person starts another login; this deletes, every hour in
 * the processes that run workers, those nobody came back for, so no token outlives its use.
 */
import { definePeriodicJob } from '../../../jobs/define-job.ts';
import { sweepMetaOAuthGrants } from '../meta-oauth-grants.ts';

export const metaOAuthGrantSweepJob = definePeriodicJob({
  name: 'meta-oauth-grant-sweep',
  everySeconds: 60 * 60,
  expireInSeconds: 10 * 60,
  run: (deps) => sweepMetaOAuthGrants(deps),
});
