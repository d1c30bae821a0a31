/**
 * The lead-delivery queue: its name, payload and retry policy (lead-delivery.job.ts adds the handler).
 * Apart from the job because the delivery services enqueue it (a group's first attempts, the next
 * attempt, a replay, the sweep's rescues) and the handler runs those same services.
 */
import { z } from 'zod';
import { defineJobQueue } from '../../../jobs/define-job.ts';

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

export const leadDeliveryQueue = defineJobQueue({
  name: 'lead-delivery',
  payload,
  retry: { limit: 5, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
});

/** A captured group's new pending deliveries as group jobs' payloads (DELIVERY_GROUP_MAX each). */
export function deliveryGroupPayloads(ids: string[]): { deliveryIds: string[] }[] {
  const payloads: { deliveryIds: string[] }[] = [];
  for (let i = 0; i < ids.length; i += DELIVERY_GROUP_MAX)
    payloads.push({ deliveryIds: ids.slice(i, i + DELIVERY_GROUP_MAX) });
  return payloads;
}
