/**
 * The one service that stores a lead: the lead and one delivery (with its job) per active integration
 * are committed in one transaction, and only then is the lead acknowledged. Lead capture and the
 * console's "send a test lead" both come through here.
 */
import type { FastifyInstance } from 'fastify';
import { leads } from '../../db/schema.ts';
import { enqueueLeadDeliveries, wakeDeliveryWorkers } from '../deliveries/delivery-engine.ts';

export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function captureLead(app: FastifyInstance, input: NewLead) {
  const result = await app.database.db.transaction(async (tx) => {
    const [lead] = await tx.insert(leads).values(input).returning();
    const created = input.quarantined ? [] : await enqueueLeadDeliveries(app, tx, { id: lead!.id, realEstateId: lead!.realEstateId });
    return { lead: lead!, deliveries: created };
  });
  if (result.deliveries.length) wakeDeliveryWorkers(app);
  return result;
}
