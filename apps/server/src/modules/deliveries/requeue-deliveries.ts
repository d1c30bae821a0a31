/** Deliveries sent again: a replay from the console, or an integration's paused deliveries once it is fixed. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DeliveryTarget } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { deliveries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadDeliveryQueue } from './jobs/lead-delivery.queue.ts';
import type { DeliveryRow } from './enqueue-lead-deliveries.ts';

/** Puts failed, dead or paused deliveries back in the queue now, in the caller's transaction; the retry schedule restarts. */
export async function requeueDeliveries(
  deps: Pick<Deps, 'queue'> & { db: Tx },
  rows: DeliveryRow[],
  manual: boolean,
) {
  const now = new Date();
  for (const row of rows) {
    await deps.db
      .update(deliveries)
      .set({ status: 'pending', retryBase: row.attempts, nextAttemptAt: now, updatedAt: now })
      .where(eq(deliveries.id, row.id));
    await deps.queue.enqueue(deps.db, leadDeliveryQueue, { deliveryId: row.id, manual });
  }
}

/** A failed, dead or paused delivery sent again from the console (attempted even if the integration is paused). */
export async function replayDelivery(deps: Pick<Deps, 'db' | 'queue'>, row: DeliveryRow) {
  await deps.db.transaction((tx) => requeueDeliveries({ db: tx, queue: deps.queue }, [row], true));
  deps.queue.wake(leadDeliveryQueue);
  const [fresh] = await deps.db.select().from(deliveries).where(eq(deliveries.id, row.id));
  return fresh!;
}

/** After the agency changed an integration's settings, its paused deliveries go out again. */
export async function resumePausedDeliveries(
  deps: Pick<Deps, 'db' | 'queue'>,
  realEstateId: number,
  name: DeliveryTarget,
) {
  const count = await deps.db.transaction(async (tx) => {
    const paused = await tx
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.realEstateId, realEstateId),
          eq(deliveries.integration, name),
          inArray(deliveries.status, ['paused']),
        ),
      );
    await requeueDeliveries({ db: tx, queue: deps.queue }, paused, false);
    return paused.length;
  });
  if (count) deps.queue.wake(leadDeliveryQueue);
  return count;
}
