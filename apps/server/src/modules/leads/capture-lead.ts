/**
 * The one service that stores a lead: the lead, its link to an earlier contact, one delivery (with its
 * job) per active integration and the e-mail alert job are committed in one transaction, and only then
 * is the lead acknowledged. Lead capture and the console's "send a test lead" both come through here.
 *
 * Group commit: the leads that arrive while a transaction is being prepared share the next one
 * (multi-row inserts, one job insert per queue), so a burst costs a few transactions, not one per
 * lead. Each caller still gets its answer only after the commit that holds its lead. If a shared
 * transaction fails, its leads are retried one by one, so one bad lead never fails the others.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, leads, type deliveries } from '../../db/schema.ts';
import { enqueueLeadDeliveries, wakeDeliveryWorkers } from '../deliveries/delivery-engine.ts';
import { LEAD_ALERT_QUEUE } from './lead-alerts.ts';

export type NewLead = Omit<typeof leads.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'contactId' | 'isRepeat'>;
type LeadRow = typeof leads.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;
export interface CapturedLead {
  lead: LeadRow;
  deliveries: DeliveryRow[];
}

const ALERT_JOB = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;
const MAX_BATCH = 100;

/** Contact keys of a lead: its phone and e-mail within its agency. */
const contactKeys = (l: NewLead) =>
  [l.phone ? `${l.realEstateId}|p:${l.phone}` : null, l.email ? `${l.realEstateId}|e:${l.email.toLowerCase()}` : null].filter(
    (k): k is string => k !== null,
  );
const linksContact = (l: NewLead) => !l.isTest && (!!l.phone || !!l.email);

/** Stores a batch of leads in the caller's transaction. */
async function storeLeads(app: FastifyInstance, tx: Tx, inputs: NewLead[]): Promise<CapturedLead[]> {
  const now = new Date();
  const linked = inputs.filter(linksContact);

  // Contacts: lock every key (sorted, so two batches never wait on each other in a cycle), then match.
  const keys = [...new Set(linked.flatMap(contactKeys))].sort();
  const byKey = new Map<string, { id: string; isNew: boolean; leads: number; phone: string | null; email: string | null; name: string }>();
  if (keys.length) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${sql.param(keys)}::text[]) as k order by k`);
    const agencies = [...new Set(linked.map((l) => l.realEstateId))];
    const phones = [...new Set(linked.map((l) => l.phone).filter((p): p is string => !!p))];
    const emails = [...new Set(linked.map((l) => l.email?.toLowerCase()).filter((e): e is string => !!e))];
    const match: SQL[] = [];
    if (phones.length) match.push(inArray(contacts.phone, phones));
    if (emails.length) match.push(inArray(contacts.email, emails));
    const existing = await tx
      .select()
      .from(contacts)
      .where(and(inArray(contacts.realEstateId, agencies), or(...match)))
      .orderBy(contacts.firstLeadAt);
    for (const c of existing) {
      const entry = { id: c.id, isNew: false, leads: 0, phone: c.phone, email: c.email, name: c.name };
      if (c.phone && !byKey.has(`${c.realEstateId}|p:${c.phone}`)) byKey.set(`${c.realEstateId}|p:${c.phone}`, entry);
      if (c.email && !byKey.has(`${c.realEstateId}|e:${c.email}`)) byKey.set(`${c.realEstateId}|e:${c.email}`, entry);
    }
  }

  const rows: (typeof leads.$inferInsert & { id: string })[] = inputs.map((input) => {
    const row = { ...input, id: randomUUID(), email: input.email?.toLowerCase() ?? null, contactId: null as string | null, isRepeat: false, createdAt: now, updatedAt: now };
    if (!linksContact(input)) return row;
    const ks = contactKeys(input);
    let contact = ks.map((k) => byKey.get(k)).find(Boolean);
    row.isRepeat = !!contact && (!contact.isNew || contact.leads > 0);
    if (!contact) {
      contact = { id: randomUUID(), isNew: true, leads: 0, phone: input.phone ?? null, email: row.email, name: input.name };
    }
    contact.leads++;
    contact.name = input.name;
    contact.phone ??= input.phone ?? null;
    contact.email ??= row.email;
    for (const k of ks) if (!byKey.has(k)) byKey.set(k, contact);
    row.contactId = contact.id;
    return row;
  });

  const touched = [...new Set(byKey.values())].filter((c) => c.leads > 0);
  const created = touched.filter((c) => c.isNew);
  if (created.length) {
    await tx.insert(contacts).values(
      created.map((c) => {
        const first = rows.find((r) => r.contactId === c.id)!;
        return { id: c.id, realEstateId: first.realEstateId, name: c.name, phone: c.phone, email: c.email, leadsCount: c.leads, firstLeadAt: now, lastLeadAt: now };
      }),
    );
  }
  for (const c of touched.filter((x) => !x.isNew)) {
    await tx
      .update(contacts)
      .set({ leadsCount: sql`${contacts.leadsCount} + ${c.leads}`, lastLeadAt: now, name: c.name, phone: c.phone, email: c.email })
      .where(eq(contacts.id, c.id));
  }

  const stored = await tx.insert(leads).values(rows).returning();
  const byId = new Map(stored.map((l) => [l.id, l]));

  const forwarded = stored.filter((l) => !l.quarantined);
  const storedDeliveries = await enqueueLeadDeliveries(app, tx, forwarded);
  await app.queue.insertInTx(
    tx,
    LEAD_ALERT_QUEUE,
    forwarded.filter((l) => !l.isTest).map((l) => ({ data: { leadId: l.id }, ...ALERT_JOB })),
  );
  return rows.map((r) => ({ lead: byId.get(r.id)!, deliveries: storedDeliveries.filter((d) => d.leadId === r.id) }));
}

interface Waiting {
  input: NewLead;
  resolve: (value: CapturedLead) => void;
  reject: (reason: unknown) => void;
}

/** At most this many shared transactions at once; leads arriving meanwhile wait for the next one. */
const MAX_IN_FLIGHT = 4;

class LeadBatcher {
  private queue: Waiting[] = [];
  private scheduled = false;
  private inFlight = 0;
  constructor(private readonly app: FastifyInstance) {}

  capture(input: NewLead): Promise<CapturedLead> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || !this.queue.length) return;
    this.scheduled = true;
    // Wait for the current tick's arrivals, so they share the transaction.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.queue.splice(0, MAX_BATCH);
      if (!batch.length) return;
      this.inFlight++;
      this.run(batch).finally(() => {
        this.inFlight--;
        this.schedule();
      });
      this.schedule();
    });
  }

  private async run(batch: Waiting[]) {
    const { db } = this.app.database;
    try {
      const results = await db.transaction((tx) => storeLeads(this.app, tx, batch.map((w) => w.input)));
      if (results.some((r) => r.deliveries.length)) wakeDeliveryWorkers(this.app);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // One bad lead must not fail the others: each on its own.
      for (const w of batch) {
        try {
          const [result] = await db.transaction((tx) => storeLeads(this.app, tx, [w.input]));
          if (result!.deliveries.length) wakeDeliveryWorkers(this.app);
          w.resolve(result!);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }
}

const batchers = new WeakMap<FastifyInstance, LeadBatcher>();

export function captureLead(app: FastifyInstance, input: NewLead): Promise<CapturedLead> {
  let batcher = batchers.get(app);
  if (!batcher) batchers.set(app, (batcher = new LeadBatcher(app)));
  return batcher.capture(input);
}

/** Releases a quarantined lead: it is forwarded as if it had just arrived. */
export async function releaseLead(app: FastifyInstance, lead: { id: string; realEstateId: number }) {
  const created = await app.database.db.transaction(async (tx) => {
    await tx.update(leads).set({ quarantined: false, quarantineReason: null, updatedAt: new Date() }).where(eq(leads.id, lead.id));
    const rows = await enqueueLeadDeliveries(app, tx, [lead]);
    await app.queue.sendInTx(tx, LEAD_ALERT_QUEUE, { leadId: lead.id }, ALERT_JOB);
    return rows;
  });
  if (created.length) wakeDeliveryWorkers(app);
  return created;
}
