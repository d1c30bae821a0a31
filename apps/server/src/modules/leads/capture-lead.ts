/**
 * The one service that stores a lead: the lead, its link to an earlier contact, one delivery (with its
 * job) per active integration and the e-mail alert job are committed in one transaction, and only then
 * is the lead acknowledged. Lead capture and the console's "send a test lead" both come through here.
 *
 * Group commit (lib/group-commit.ts, shared with analytics beacons): the leads that arrive while a
 * transaction is being prepared share the next one (multi-row inserts, one job insert per queue), so a
 * burst costs a few transactions, not one per lead. Each caller still gets its answer only after the
 * commit that holds its lead. If a shared transaction fails, its leads are retried one by one, so one
 * bad lead never fails the others.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, contacts, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadAlertJob } from '../../jobs/lead-alert.job.ts';
import { leadAutoReplyJob } from '../../jobs/lead-auto-reply.job.ts';
import { leadDeliveryJob } from '../../jobs/lead-delivery.job.ts';
import type { Queue } from '../../plugins/queue.ts';
import { enqueueLeadDeliveries, type DeliveryRow } from '../deliveries/index.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { resolveLeadSessions } from '../analytics/index.ts';
import { leadsLeftThisMonth } from '../billing/index.ts';

export type NewLead = Omit<
  typeof leads.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'contactId' | 'isRepeat'
> & {
  /** The visitor's analytics ids (landing form): finds the lead's session when the form names none. */
  analyticsVisitor?: string[];
};
type LeadRow = typeof leads.$inferSelect;
/**
 * What capturing a lead needs: the database and the queue its jobs go into; with the analytics clock
 * when there is one (sessions are matched against it; otherwise the wall clock).
 */
export type CaptureDeps = Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>;
export interface CapturedLead {
  lead: LeadRow;
  deliveries: DeliveryRow[];
}

const MAX_BATCH = 100;

/** Contact keys of a lead: its phone and e-mail within its agency. */
const contactKeys = (l: NewLead) =>
  [
    l.phone ? `${l.realEstateId}|p:${l.phone}` : null,
    l.email ? `${l.realEstateId}|e:${l.email.toLowerCase()}` : null,
  ].filter((k): k is string => k !== null);
const linksContact = (l: NewLead) => !l.isTest && (!!l.phone || !!l.email);

/** Stores a batch of leads in the caller's transaction. */
async function storeLeads(deps: CaptureDeps, tx: Tx, inputs: NewLead[]): Promise<CapturedLead[]> {
  const { queue } = deps;
  const now = new Date();
  const linked = inputs.filter(linksContact);

  // Contacts: lock every key (sorted, so two batches never wait on each other in a cycle), then match.
  const keys = [...new Set(linked.flatMap(contactKeys))].sort();
  const byKey = new Map<
    string,
    { id: string; isNew: boolean; leads: number; phone: string | null; email: string | null; name: string }
  >();
  if (keys.length) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(k)) from unnest(${sql.param(keys)}::text[]) as k order by k`,
    );
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
      if (c.phone && !byKey.has(`${c.realEstateId}|p:${c.phone}`))
        byKey.set(`${c.realEstateId}|p:${c.phone}`, entry);
      if (c.email && !byKey.has(`${c.realEstateId}|e:${c.email}`))
        byKey.set(`${c.realEstateId}|e:${c.email}`, entry);
    }
  }

  // The lead's analytics session (checked: only a session of the lead's agency is kept).
  const ids = inputs.map(() => randomUUID());
  const visits = await resolveLeadSessions(
    deps,
    tx,
    inputs.flatMap((l, i) =>
      l.isTest
        ? []
        : [
            {
              leadId: ids[i]!,
              realEstateId: l.realEstateId,
              pageId: l.pageId ?? null,
              sessionId: l.sessionId,
              visitor: l.analyticsVisitor,
            },
          ],
    ),
  );

  const rows: (typeof leads.$inferInsert & { id: string })[] = inputs.map(
    ({ analyticsVisitor: _visitor, ...input }, i) => {
      const id = ids[i]!;
      const row = {
        ...input,
        id,
        sessionId: visits.sessionOf.get(id) ?? null,
        email: input.email?.toLowerCase() ?? null,
        contactId: null as string | null,
        isRepeat: false,
        createdAt: now,
        updatedAt: now,
      };
      if (!linksContact(input)) return row;
      const ks = contactKeys(input);
      let contact = ks.map((k) => byKey.get(k)).find(Boolean);
      row.isRepeat = !!contact && (!contact.isNew || contact.leads > 0);
      if (!contact) {
        contact = {
          id: randomUUID(),
          isNew: true,
          leads: 0,
          phone: input.phone ?? null,
          email: row.email,
          name: input.name,
        };
      }
      contact.leads++;
      contact.name = input.name;
      contact.phone ??= input.phone ?? null;
      contact.email ??= row.email;
      for (const k of ks) if (!byKey.has(k)) byKey.set(k, contact);
      row.contactId = contact.id;
      return row;
    },
  );

  // Over the plan's leads of the month: stored and shown all the same, flagged (never refused).
  const left = await leadsLeftThisMonth(tx, [
    ...new Set(rows.filter((r) => !r.isTest).map((r) => r.realEstateId)),
  ]);
  for (const row of rows) {
    if (row.isTest) continue;
    const n = left.get(row.realEstateId) ?? 0;
    if (n <= 0) row.overPlanLimit = true;
    else left.set(row.realEstateId, n - 1);
  }

  const touched = [...new Set(byKey.values())].filter((c) => c.leads > 0);
  const created = touched.filter((c) => c.isNew);
  if (created.length) {
    await tx.insert(contacts).values(
      created.map((c) => {
        const first = rows.find((r) => r.contactId === c.id)!;
        return {
          id: c.id,
          realEstateId: first.realEstateId,
          name: c.name,
          phone: c.phone,
          email: c.email,
          leadsCount: c.leads,
          firstLeadAt: now,
          lastLeadAt: now,
        };
      }),
    );
  }
  for (const c of touched.filter((x) => !x.isNew)) {
    await tx
      .update(contacts)
      .set({
        leadsCount: sql`${contacts.leadsCount} + ${c.leads}`,
        lastLeadAt: now,
        name: c.name,
        phone: c.phone,
        email: c.email,
      })
      .where(eq(contacts.id, c.id));
  }

  const stored = await tx.insert(leads).values(rows).returning();
  await visits.link();
  const byId = new Map(stored.map((l) => [l.id, l]));

  const forwarded = stored.filter((l) => !l.quarantined);
  const storedDeliveries = await enqueueLeadDeliveries({ db: tx, queue }, forwarded);
  await queue.enqueueMany(
    tx,
    leadAlertJob,
    forwarded.filter((l) => !l.isTest).map((l) => ({ leadId: l.id })),
  );
  // The visitor's auto-reply (the job checks the agency's preference lead_auto_reply).
  await queue.enqueueMany(
    tx,
    leadAutoReplyJob,
    forwarded.filter((l) => !l.isTest && l.email).map((l) => ({ leadId: l.id })),
  );
  return rows.map((r) => ({
    lead: byId.get(r.id)!,
    deliveries: storedDeliveries.filter((d) => d.leadId === r.id),
  }));
}

/** One group-commit queue per queue (one per app): the leads captured through it share transactions. */
const batchers = new WeakMap<Queue, GroupCommit<NewLead, CapturedLead>>();

export function captureLead(deps: CaptureDeps, input: NewLead): Promise<CapturedLead> {
  let batcher = batchers.get(deps.queue);
  if (!batcher) {
    const { db, queue } = deps;
    batcher = new GroupCommit<NewLead, CapturedLead>({
      run: (inputs) => db.transaction((tx) => storeLeads(deps, tx, inputs)),
      committed: (results) => {
        if (results.some((r) => r.deliveries.length)) queue.wake(leadDeliveryJob);
      },
      maxBatch: MAX_BATCH,
    });
    batchers.set(queue, batcher);
  }
  return batcher.submit(input);
}

/** Releases a quarantined lead: it is forwarded as if it had just arrived. */
export async function releaseLead(
  deps: CaptureDeps,
  input: { lead: { id: string; realEstateId: number }; userId: number },
) {
  const { lead } = input;
  const created = await deps.db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({ quarantined: false, quarantineReason: null, updatedAt: new Date() })
      .where(eq(leads.id, lead.id));
    const rows = await enqueueLeadDeliveries({ db: tx, queue: deps.queue }, [lead]);
    await deps.queue.enqueue(tx, leadAlertJob, { leadId: lead.id });
    await deps.queue.enqueue(tx, leadAutoReplyJob, { leadId: lead.id });
    await tx.insert(auditLog).values({
      realEstateId: lead.realEstateId,
      userId: input.userId,
      action: 'lead.released',
      subject: lead.id,
    });
    return rows;
  });
  if (created.length) deps.queue.wake(leadDeliveryJob);
  return created;
}
