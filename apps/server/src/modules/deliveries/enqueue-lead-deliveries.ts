/**
 * Creates the deliveries of new leads and their jobs inside the caller's transaction (`deps.db`): one
 * per active integration of each lead's agency. Paused integrations get a paused delivery (sent when
 * the agency fixes the credentials). All jobs go in with one statement. A delivery the lead already has
 * (same target and event) is left as it is, so running this twice for a lead creates nothing more.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AD_CONVERSION_TARGETS, type DeliveryTarget } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { deliveries, integrations, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { captureDeliveryEvent, type ConversionCandidate } from '../conversions/index.ts';
import { deliveryGroupPayloads, leadDeliveryQueue as leadDeliveryJob } from './jobs/lead-delivery.queue.ts';

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * A new delivery of `lead` to an active target: pending, or paused (with the target's reason) while the
 * target waits for the agency to fix its credentials.
 */
export function newDelivery(
  lead: { id: string; realEstateId: number },
  target: Pick<typeof integrations.$inferSelect, 'name' | 'haltedKind' | 'haltedReason'>,
  event: string | null,
  now: Date,
): typeof deliveries.$inferInsert {
  const paused = target.haltedKind === 'paused';
  return {
    realEstateId: lead.realEstateId,
    leadId: lead.id,
    integration: target.name,
    event,
    status: paused ? 'paused' : 'pending',
    lastError: paused ? target.haltedReason : null,
    nextAttemptAt: paused ? null : now,
  };
}

export async function enqueueLeadDeliveries(
  deps: Pick<Deps, 'queue'> & { db: Tx },
  forLeads: (Partial<
    Pick<ConversionCandidate, 'source' | 'consent' | 'isTest' | 'gclid' | 'email' | 'phone' | 'createdAt'>
  > & {
    id: string;
    realEstateId: number;
  })[],
  options: { only?: readonly DeliveryTarget[] } = {},
): Promise<DeliveryRow[]> {
  const { db: tx } = deps;
  const agencies = [...new Set(forLeads.map((l) => l.realEstateId))];
  if (!agencies.length) return [];
  const active = await tx
    .select({
      realEstateId: integrations.realEstateId,
      name: integrations.name,
      haltedKind: integrations.haltedKind,
      haltedReason: integrations.haltedReason,
    })
    .from(integrations)
    .where(
      and(
        inArray(integrations.realEstateId, agencies),
        eq(integrations.isActive, true),
        options.only ? inArray(integrations.name, [...options.only]) : undefined,
      ),
    );
  const now = new Date();
  const values = forLeads.flatMap((lead) =>
    active
      .filter((i) => i.realEstateId === lead.realEstateId)
      .flatMap((i) => {
        // An ad platform takes only some leads, with an event (docs/privacy.md#ad-conversions).
        const event = captureDeliveryEvent(i.name, {
          source: lead.source ?? '',
          consent: lead.consent ?? false,
          isTest: lead.isTest ?? false,
          quarantined: false,
          gclid: lead.gclid ?? null,
          email: lead.email ?? null,
          phone: lead.phone ?? null,
          ...(lead.createdAt ? { createdAt: lead.createdAt } : {}),
        });
        if (event === undefined) return [];
        return newDelivery(lead, i, event, now);
      }),
  );
  if (!values.length) return [];
  const rows = await tx.insert(deliveries).values(values).onConflictDoNothing().returning();
  await deps.queue.enqueueMany(
    tx,
    leadDeliveryJob,
    deliveryGroupPayloads(rows.filter((r) => r.status === 'pending').map((r) => r.id)),
  );
  return rows;
}

/**
 * The ad platforms' Lead events of captured leads (docs/decisions/023-ad-conversions.md, amended
 * 2026-11-29): the capture names the leads the platforms take in a job committed with them
 * (jobs/ad-conversions.job.ts), and that job makes their deliveries here, in a transaction of its own:
 * the leads as stored, the agencies' active ad platforms, the deliveries and their jobs. The job may run
 * twice (a retry, a process killed after this committed): a lead's delivery is made once.
 */
export async function queueAdConversions(
  deps: Pick<Deps, 'db' | 'queue'>,
  leadIds: readonly string[],
): Promise<DeliveryRow[]> {
  if (!leadIds.length) return [];
  const created = await deps.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: leads.id,
        realEstateId: leads.realEstateId,
        source: leads.source,
        consent: leads.consent,
        isTest: leads.isTest,
        gclid: leads.gclid,
        email: leads.email,
        phone: leads.phone,
        createdAt: leads.createdAt,
      })
      .from(leads)
      .where(and(inArray(leads.id, [...leadIds]), eq(leads.quarantined, false)));
    return enqueueLeadDeliveries({ db: tx, queue: deps.queue }, found, { only: AD_CONVERSION_TARGETS });
  });
  if (created.some((d) => d.status === 'pending')) deps.queue.wake(leadDeliveryJob);
  return created;
}
