/**
 * A payment provider's webhook event, stored once by its id (billing_events, unique per provider and
 * event id: a retried delivery inserts nothing) and handed to the billing-event job in the same
 * transaction. Events this product does not act on are stored as processed and left alone.
 */
import { z } from 'zod';
import { billingEvents } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { billingEventJob } from './jobs/billing-event.job.ts';

/** Asaas events that change a subscription (apply-billing-event.ts); any other is stored and ignored. */
export const APPLIED_ASAAS_EVENTS = [
  'PAYMENT_CONFIRMED',
  'PAYMENT_RECEIVED',
  'PAYMENT_OVERDUE',
  'SUBSCRIPTION_DELETED',
  'SUBSCRIPTION_INACTIVATED',
] as const;

/** What every Asaas webhook carries: the event id (`evt_...`) and its name; the rest is kept as sent. */
export const asaasEventSchema = z.looseObject({
  id: z.string().trim().min(1).max(255),
  event: z.string().trim().min(1).max(100),
});
export type AsaasEvent = z.infer<typeof asaasEventSchema>;

export async function receiveBillingEvent(
  deps: Pick<Deps, 'db' | 'queue'>,
  event: AsaasEvent,
): Promise<{ duplicate: boolean }> {
  const applied = (APPLIED_ASAAS_EVENTS as readonly string[]).includes(event.event);
  const inserted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(billingEvents)
      .values({
        provider: 'asaas',
        eventId: event.id,
        type: event.event,
        payload: event,
        processedAt: applied ? null : new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (row && applied) await deps.queue.enqueue(tx, billingEventJob, { eventId: row.id });
    return row;
  });
  if (inserted && applied) deps.queue.wake(billingEventJob);
  return { duplicate: !inserted };
}
