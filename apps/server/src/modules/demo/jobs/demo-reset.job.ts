/**
 * The nightly reset of the public demo (reset-demo.ts): every 15 minutes each process that
 * runs workers asks whether the demo was seeded before the last 03:00 (São Paulo); the first to ask
 * after that time reseeds it. Only while SEED_DEMO is on (never in production). Enqueueing the job
 * asks once, now.
 */
import { definePeriodicJob, type JobDeps } from '../../../jobs/define-job.ts';
import { resetDemoIfDue } from '../reset-demo.ts';

async function resetIfDue(deps: JobDeps) {
  if (!deps.config.SEED_DEMO) return;
  if (await resetDemoIfDue(deps)) deps.log.info('demo reset: seeded again for the day');
}

export const demoResetJob = definePeriodicJob({
  name: 'demo-reset',
  everySeconds: 15 * 60,
  expireInSeconds: 10 * 60,
  retry: { limit: 2, delaySeconds: 300 },
  run: resetIfDue,
});
