/**
 * Expired sessions (sessions.ts) deleted every hour, in the processes that run workers. The session
 * plugin already refuses an expired one; this only keeps the table small. Enqueueing the job sweeps now.
 */
import { z } from 'zod';
import { defineJob, type JobDeps } from '../../../jobs/define-job.ts';
import { deleteExpiredSessions } from '../sessions.ts';

const sweep = (deps: JobDeps) => deleteExpiredSessions(deps);

export const sessionSweepJob = defineJob({
  name: 'session-sweep',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60 },
  expireInSeconds: 10 * 60,
  concurrency: { batchSize: 1 },
  async handle(_payload, deps) {
    await sweep(deps);
  },
  every: { seconds: 60 * 60, run: sweep },
});
