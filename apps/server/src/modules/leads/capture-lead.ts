/**
 * The one service that stores a lead: the lead, its link to an earlier contact, one delivery (with its
 * job) per active integration and the e-mail alert job are committed in one transaction, and only then
 * is the lead acknowledged. Lead capture and the console's "send a test lead" both come through here.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, leads } from '../../db/schema.ts';
import { enqueueLeadDeliveries, wakeDeliveryWorkers } from '../deliveries/delivery-engine.ts';
import { LEAD_ALERT_QUEUE } from './lead-alerts.ts';

export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'contactId' | 'isRepeat'>;

/** Finds the agency's earlier contact with the same phone or e-mail, or creates one. Serialised per person. */
async function linkContact(tx: Tx, lead: NewLead) {
  const keys = [lead.phone ? `p:${lead.phone}` : null, lead.email ? `e:${lead.email.toLowerCase()}` : null].filter(Boolean) as string[];
  for (const key of keys.sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${lead.realEstateId}|${key}`}))`);
  }
  const match: SQL[] = [];
  if (lead.phone) match.push(eq(contacts.phone, lead.phone));
  if (lead.email) match.push(eq(contacts.email, lead.email.toLowerCase()));
  const [existing] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.realEstateId, lead.realEstateId), or(...match)))
    .orderBy(contacts.firstLeadAt)
    .limit(1);
  const now = new Date();
  if (existing) {
    await tx
      .update(contacts)
      .set({
        leadsCount: sql`${contacts.leadsCount} + 1`,
        lastLeadAt: now,
        name: lead.name,
        phone: existing.phone ?? lead.phone ?? null,
        email: existing.email ?? lead.email?.toLowerCase() ?? null,
      })
      .where(eq(contacts.id, existing.id));
    return { contactId: existing.id, isRepeat: true };
  }
  const [created] = await tx
    .insert(contacts)
    .values({ realEstateId: lead.realEstateId, name: lead.name, phone: lead.phone ?? null, email: lead.email?.toLowerCase() ?? null, leadsCount: 1 })
    .returning({ id: contacts.id });
  return { contactId: created!.id, isRepeat: false };
}

export async function captureLead(app: FastifyInstance, input: NewLead) {
  const result = await app.database.db.transaction(async (tx) => {
    const link = input.isTest || (!input.phone && !input.email) ? { contactId: null, isRepeat: false } : await linkContact(tx, input);
    const [lead] = await tx
      .insert(leads)
      .values({ ...input, email: input.email?.toLowerCase() ?? null, ...link })
      .returning();
    const created = input.quarantined ? [] : await enqueueLeadDeliveries(app, tx, { id: lead!.id, realEstateId: lead!.realEstateId });
    if (!input.quarantined && !input.isTest) {
      await app.queue.sendInTx(tx, LEAD_ALERT_QUEUE, { leadId: lead!.id }, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    }
    return { lead: lead!, deliveries: created };
  });
  if (result.deliveries.length) wakeDeliveryWorkers(app);
  return result;
}

/** Releases a quarantined lead: it is forwarded as if it had just arrived. */
export async function releaseLead(app: FastifyInstance, lead: { id: string; realEstateId: number }) {
  const created = await app.database.db.transaction(async (tx) => {
    await tx.update(leads).set({ quarantined: false, quarantineReason: null, updatedAt: new Date() }).where(eq(leads.id, lead.id));
    const rows = await enqueueLeadDeliveries(app, tx, lead);
    await app.queue.sendInTx(tx, LEAD_ALERT_QUEUE, { leadId: lead.id }, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
    return rows;
  });
  if (created.length) wakeDeliveryWorkers(app);
  return created;
}
