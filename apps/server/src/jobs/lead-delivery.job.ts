/**
 * One attempt to deliver a lead to one integration (modules/deliveries/attempt-delivery.ts). The
 * application's own retry schedule enqueues the next attempt as a new job; pg-boss's retries below only
 * cover a handler that crashed. Beside the workers, a sweep re-enqueues deliveries whose job was lost.
 */
import { z } from 'zod';
import { defineJob } from './define-job.ts';

export const leadDeliveryJob = defineJob({
  name: 'lead-delivery',
  payload: z.object({
    deliveryId: z.uuid(),
    /** A replay from the console: attempt even if the integration is paused. */
    manual: z.boolean().optional(),
  }),
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
  // Two pollers, so one slow receiver (up to the 15 s timeout) does not hold up every other delivery.
  concurrency: { batchSize: (config) => config.DELIVERY_CONCURRENCY, pollers: 2 },
  // Handlers import their service when they run: the services enqueue this job, so a static import
  // would make an import cycle (the same for every job in this folder).
  async handle(payload, deps) {
    const { attemptDelivery } = await import('../modules/deliveries/attempt-delivery.ts');
    await attemptDelivery(deps, payload);
  },
  every: {
    seconds: 30,
    async run(deps) {
      const { rescueOverdueDeliveries } = await import('../modules/deliveries/rescue-overdue-deliveries.ts');
      return rescueOverdueDeliveries(deps);
    },
  },
});
