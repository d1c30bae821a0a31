/**
 * Lead deliveries (modules/deliveries/attempt-delivery.ts). A captured group's new deliveries share
 * jobs (`deliveryIds`, up to DELIVERY_GROUP_MAX each): one pg-boss row for the group instead of one per
 * delivery. Such a job makes first attempts only, all at once: a delivery already tried is left to its
 * own job, so running it again (a worker died, or an unexpected error) never attempts a delivery ahead
 * of its schedule; an attempt that fails unexpectedly goes back as a job of its own. Retries, replays
 * and the sweep's rescues are one job per delivery (`deliveryId`). The application's own retry schedule
 * enqueues the next attempt as a new job; pg-boss's retries below only cover a handler that crashed.
 * Beside the workers, a sweep re-enqueues deliveries whose job was lost.
 */
import { z } from 'zod';
import { defineJob } from './define-job.ts';

/**
 * Deliveries one group job names. Its first attempts run at once, so this bounds a job's requests in
 * flight (with DELIVERY_CONCURRENCY jobs per poller, two pollers: up to 200 per worker process).
 */
export const DELIVERY_GROUP_MAX = 10;

const payload = z
  .object({
    deliveryId: z.uuid().optional(),
    /** A captured group's new deliveries: first attempts only. */
    deliveryIds: z.array(z.uuid()).min(1).max(DELIVERY_GROUP_MAX).optional(),
    /** A replay from the console: attempt even if the integration is paused. */
    manual: z.boolean().optional(),
  })
  .refine((p) => !!p.deliveryId !== !!p.deliveryIds, { message: 'informe deliveryId ou deliveryIds' });

export const leadDeliveryJob = defineJob({
  name: 'lead-delivery',
  payload,
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
  // Two pollers, so one slow receiver (up to the 15 s timeout) does not hold up every other delivery.
  concurrency: { batchSize: (config) => config.DELIVERY_CONCURRENCY, pollers: 2 },
  // Handlers import their service when they run: the services enqueue this job, so a static import
  // would make an import cycle (the same for every job in this folder).
  async handle(data, deps) {
    const { attemptDelivery, attemptFirstDeliveries } =
      await import('../modules/deliveries/attempt-delivery.ts');
    if (data.deliveryIds) return attemptFirstDeliveries(deps, data.deliveryIds);
    await attemptDelivery(deps, { deliveryId: data.deliveryId!, manual: data.manual });
  },
  every: {
    seconds: 30,
    async run(deps) {
      const { rescueOverdueDeliveries } = await import('../modules/deliveries/rescue-overdue-deliveries.ts');
      return rescueOverdueDeliveries(deps);
    },
  },
});

/** A captured group's new pending deliveries as group jobs' payloads (DELIVERY_GROUP_MAX each). */
export function deliveryGroupPayloads(ids: string[]): { deliveryIds: string[] }[] {
  const payloads: { deliveryIds: string[] }[] = [];
  for (let i = 0; i < ids.length; i += DELIVERY_GROUP_MAX)
    payloads.push({ deliveryIds: ids.slice(i, i + DELIVERY_GROUP_MAX) });
  return payloads;
}
