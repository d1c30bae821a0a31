/**
 * Expired sessions (sessions.ts) deleted every hour, in the processes that run workers. The session
 * plugin already refuses an expired one; this only keeps the table small. Enqueueing the job sweeps now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { deleteExpiredSessions } from '../sessions.ts';

const sweep = (deps: JobDeps) => deleteExpiredSessions(deps);

export const sessionSweepJob = definePeriodicJob({
  name: 'session-sweep',
  everySeconds: 60 * 60,
  expireInSeconds: 10 * 60,
  run: sweep,
});
