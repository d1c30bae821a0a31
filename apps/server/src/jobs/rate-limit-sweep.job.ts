/**
 * Rate-limit windows (lib/throttle.ts) that have ended, deleted every 10 minutes in the processes that
 * run workers; an ended window already counts as empty, this only keeps the table small. The one job
 * kept beside the registry: the windows belong to no module (login, the public forms and the beacons
 * all count in them). Enqueueing the job sweeps now.
 */
import { createThrottle } from '../lib/throttle.ts';
import { definePeriodicJob, type JobDeps } from './define-job.ts';

const sweep = (deps: JobDeps) => createThrottle(deps.db).sweep();

export const rateLimitSweepJob = definePeriodicJob({
  name: 'rate-limit-sweep',
  everySeconds: 10 * 60,
  expireInSeconds: 10 * 60,
  run: sweep,
});
