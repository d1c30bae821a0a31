/**
 * The safety net under the queue (run every 30 s beside the lead-delivery workers): a pending delivery
 * whose attempt is overdue by minutes lost its job (a process killed mid-attempt whose job the queue has
 * not expired yet). Enqueue it again; the attempt guard in attemptDelivery makes a second job harmless,
 * and the webhook-id stays the same.
 */
import { and, eq, lt } from 'drizzle-orm';
import { deliveries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadDeliveryQueue } from './jobs/lead-delivery.queue.ts';

export async function rescueOverdueDeliveries(
  deps: Pick<Deps, 'db' | 'queue' | 'log'>,
  graceSeconds = 120,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const overdue = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.status, 'pending'),
          lt(deliveries.nextAttemptAt, new Date(Date.now() - graceSeconds * 1000)),
        ),
      )
      .limit(500)
      .for('update', { skipLocked: true });
    for (const row of overdue) {
      await tx
        .update(deliveries)
        .set({ nextAttemptAt: new Date(), updatedAt: new Date() })
        .where(eq(deliveries.id, row.id));
      await deps.queue.enqueue(tx, leadDeliveryQueue, { deliveryId: row.id });
    }
    if (overdue.length) deps.log.warn({ count: overdue.length }, 'overdue deliveries enqueued again');
    return overdue.length;
  });
}
