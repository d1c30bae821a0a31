/**
 * Applies a stored Asaas event to the agency's subscription (the billing-event job). Found by the
 * provider's subscription id, so events of a subscription that was replaced change nothing. Safe to run
 * twice: an event already processed is skipped, and a paid period only ever moves forward.
 *
 * - PAYMENT_CONFIRMED / PAYMENT_RECEIVED: active, with the plan waiting for this payment, paid until
 *   the end of the next due date (the payment's due date plus one month).
 * - PAYMENT_OVERDUE: past_due with the overdue payment's page; a first payment never made leaves the
 *   trial (or its end) as it was: no plan is granted before it is paid.
 * - SUBSCRIPTION_DELETED / SUBSCRIPTION_INACTIVATED: canceled; a period already paid runs to its end,
 *   as with a cancellation from the console.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PLAN_IDS } from '@vitrine/contracts';
import { billingEvents, subscriptions } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { effectiveStatus } from './subscription.ts';

const paymentEvent = z.object({
  payment: z.looseObject({
    id: z.string(),
    subscription: z.string().nullish(),
    dueDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    invoiceUrl: z.string().nullish(),
  }),
});
const subscriptionEvent = z.object({ subscription: z.looseObject({ id: z.string() }) });

/** Midnight in São Paulo (UTC-3) at the end of the day one month after `dueDate` (YYYY-MM-DD). */
export function paidUntil(dueDate: string): Date {
  const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, lastDay) + 1, 3));
}

export async function applyBillingEvent(deps: Pick<Deps, 'db' | 'log'>, eventId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [event] = await tx.select().from(billingEvents).where(eq(billingEvents.id, eventId)).for('update');
    if (!event || event.processedAt) return;
    const done = () =>
      tx.update(billingEvents).set({ processedAt: new Date() }).where(eq(billingEvents.id, eventId));
    const findBySubscription = async (subscriptionId: string | null | undefined) => {
      if (!subscriptionId) return undefined;
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.provider, event.provider),
            eq(subscriptions.providerSubscriptionId, subscriptionId),
          ),
        )
        .for('update');
      return row;
    };
    const now = new Date();
    const ignore = async (why: string) => {
      deps.log.info({ eventId: event.eventId, type: event.type }, `billing event ignored: ${why}`);
      await done();
    };

    if (event.type.startsWith('PAYMENT_')) {
      const parsed = paymentEvent.safeParse(event.payload);
      if (!parsed.success) return ignore('no payment in the event');
      const { payment } = parsed.data;
      const row = await findBySubscription(payment.subscription);
      if (!row) return ignore('no subscription of ours');
      const status = effectiveStatus(row, now);
      if (event.type === 'PAYMENT_CONFIRMED' || event.type === 'PAYMENT_RECEIVED') {
        const until = paidUntil(payment.dueDate);
        const keep =
          (row.status === 'active' || row.status === 'past_due') &&
          row.currentPeriodEnd &&
          row.currentPeriodEnd > until
            ? row.currentPeriodEnd
            : until;
        const plan = row.pendingPlan && (PLAN_IDS as readonly string[]).includes(row.pendingPlan);
        await tx
          .update(subscriptions)
          .set({
            status: 'active',
            plan: plan ? row.pendingPlan! : row.plan,
            pendingPlan: null,
            invoiceUrl: null,
            currentPeriodEnd: keep,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id));
      } else if (event.type === 'PAYMENT_OVERDUE') {
        const paying = status === 'active' || status === 'past_due';
        await tx
          .update(subscriptions)
          .set({
            ...(paying && !row.pendingPlan ? { status: 'past_due' as const } : {}),
            invoiceUrl: payment.invoiceUrl ?? row.invoiceUrl,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id));
      }
      return done();
    }

    if (event.type === 'SUBSCRIPTION_DELETED' || event.type === 'SUBSCRIPTION_INACTIVATED') {
      const parsed = subscriptionEvent.safeParse(event.payload);
      if (!parsed.success) return ignore('no subscription in the event');
      const row = await findBySubscription(parsed.data.subscription.id);
      if (!row) return ignore('no subscription of ours');
      const paid =
        effectiveStatus(row, now) === 'active' && row.currentPeriodEnd && row.currentPeriodEnd > now;
      if (!row.cancelAtPeriodEnd)
        await tx
          .update(subscriptions)
          .set({
            // A trial whose plan was never paid goes on to its end; a paid period runs to its end.
            ...(paid
              ? { cancelAtPeriodEnd: true }
              : effectiveStatus(row, now) === 'trialing'
                ? {}
                : { status: 'canceled' as const }),
            pendingPlan: null,
            invoiceUrl: null,
            updatedAt: now,
          })
          .where(eq(subscriptions.id, row.id));
      return done();
    }
    return ignore('not an event this product acts on');
  });
}
