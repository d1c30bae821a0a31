/**
 * A lead moved to a stage the agency mapped to an ad platform's event (docs/product.md#ad-conversions):
 * one delivery of that event per active platform, in the caller's transaction (the status change's), with
 * its job. A lead that reaches the same stage again is not reported twice (one delivery per lead,
 * target and event); a lead the platforms may not be told about (docs/privacy.md#ad-conversions) gets
 * none.
 */
import { and, eq } from 'drizzle-orm';
import type { LeadStatus } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { conversionSettings, deliveries, integrations } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mayReportLead, type ConversionCandidate } from '../conversions/index.ts';
import type { DeliveryRow } from './enqueue-lead-deliveries.ts';
import { leadDeliveryQueue as leadDeliveryJob } from './jobs/lead-delivery.queue.ts';

export async function enqueueStageDeliveries(
  deps: Pick<Deps, 'queue'> & { db: Tx },
  lead: Omit<ConversionCandidate, 'source'> & { id: string; realEstateId: number },
  status: LeadStatus,
): Promise<DeliveryRow[]> {
  if (!mayReportLead(lead)) return [];
  const [found] = await deps.db
    .select({
      stageEvents: conversionSettings.stageEvents,
      haltedKind: integrations.haltedKind,
      haltedReason: integrations.haltedReason,
    })
    .from(conversionSettings)
    .innerJoin(
      integrations,
      and(
        eq(integrations.realEstateId, conversionSettings.realEstateId),
        eq(integrations.name, 'meta'),
        eq(integrations.isActive, true),
      ),
    )
    .where(eq(conversionSettings.realEstateId, lead.realEstateId));
  const event = found?.stageEvents[status]?.meta?.trim();
  if (!found || !event) return [];
  const paused = found.haltedKind === 'paused';
  const now = new Date();
  const rows = await deps.db
    .insert(deliveries)
    .values({
      realEstateId: lead.realEstateId,
      leadId: lead.id,
      integration: 'meta',
      event,
      status: paused ? 'paused' : 'pending',
      lastError: paused ? found.haltedReason : null,
      nextAttemptAt: paused ? null : now,
    })
    .onConflictDoNothing()
    .returning();
  const pending = rows.filter((r) => r.status === 'pending');
  if (pending.length)
    await deps.queue.enqueueMany(
      deps.db,
      leadDeliveryJob,
      pending.map((r) => ({ deliveryId: r.id })),
    );
  return rows;
}
