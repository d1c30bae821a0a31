/**
 * Rebuilds the dirty analytics rollup days (rollups.ts). The periodic work below does
 * it every minute in the processes that run workers; enqueueing the job asks for a rebuild now. The
 * dashboard also rebuilds what is dirty in its own range before reading, so this keeps the rest fresh.
 */
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.ts';
import type { Analytics } from '../analytics-service.ts';

/** Days rebuilt per run: a backlog after a burst is worked off over the next runs. */
const DAYS_PER_RUN = 500;
/** The processes' analytics whose periodic refresh is running: a slow one is never joined by the next tick's. */
const refreshing = new WeakSet<Analytics>();

export const analyticsRollupsJob = defineJob({
  name: 'analytics-rollups',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 30 },
  expireInSeconds: 10 * 60,
  concurrency: { batchSize: 1 },
  async handle(_payload, deps) {
    await deps.analytics.rollups.refreshAll(DAYS_PER_RUN);
  },
  every: {
    seconds: 60,
    async run(deps) {
      if (refreshing.has(deps.analytics)) return 0;
      refreshing.add(deps.analytics);
      try {
        return await deps.analytics.rollups.refreshAll(DAYS_PER_RUN);
      } finally {
        refreshing.delete(deps.analytics);
      }
    },
  },
});
