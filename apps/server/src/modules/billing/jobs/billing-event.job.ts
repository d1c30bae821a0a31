/**
 * A payment provider's webhook event, stored by POST /v1/webhooks/asaas, applied to the agency's
 * subscription (apply-billing-event.ts). One at a time, so the events of a subscription
 * apply in the order they arrived; applying one twice changes nothing (processed_at).
 */
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.ts';
import { applyBillingEvent } from '../apply-billing-event.ts';

export const billingEventJob = defineJob({
  name: 'billing-event', // the pg-boss queue: never renamed once jobs may be waiting
  payload: z.object({ eventId: z.uuid() }),
  retry: { limit: 10, delaySeconds: 30, backoff: true },
  expireInSeconds: 5 * 60,
  concurrency: { batchSize: 1 },
  async handle(payload, deps) {
    await applyBillingEvent(deps, payload.eventId);
  },
});
