/**
 * Lead deliveries (attempt-delivery.ts). A captured group's new deliveries share jobs (`deliveryIds`,
 * up to DELIVERY_GROUP_MAX each): one pg-boss row for the group instead of one per delivery. Such a job
 * makes first attempts only, all at once: a delivery already tried is left to its own job, so running
 * it again (a worker died, or an unexpected error) never attempts a delivery ahead of its schedule; an
 * attempt that fails unexpectedly goes back as a job of its own. Retries, replays and the sweep's
 * rescues are one job per delivery (`deliveryId`). The application's own retry schedule enqueues the
 * next attempt as a new job; pg-boss's retries below only cover a handler that crashed. Beside the
 * workers, a sweep re-enqueues deliveries whose job was lost, or that a direct hand-over (hand-over.ts:
 * a process that captures and runs these workers) left unattempted when it died.
 */
import { defineJob } from '../../../jobs/define-job.ts';
import { attemptDelivery, attemptFirstDeliveries } from '../attempt-delivery.ts';
import { startDeliveryHandOver } from '../hand-over.ts';
import { rescueOverdueDeliveries } from '../rescue-overdue-deliveries.ts';
import { leadDeliveryQueue } from './lead-delivery.queue.ts';

export const leadDeliveryJob = defineJob({
  ...leadDeliveryQueue,
  // Two pollers, so one slow receiver (up to the 15 s timeout) does not hold up every other delivery.
  concurrency: { batchSize: (config) => config.DELIVERY_CONCURRENCY, pollers: 2 },
  async handle(data, deps) {
    if (data.deliveryIds) return attemptFirstDeliveries(deps, data.deliveryIds);
    await attemptDelivery(deps, { deliveryId: data.deliveryId!, manual: data.manual });
  },
  every: { seconds: 30, run: (deps) => rescueOverdueDeliveries(deps) },
  // A captured group's first attempts, handed straight to this process's workers (hand-over.ts).
  start: startDeliveryHandOver,
});
