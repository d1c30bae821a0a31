/**
 * A lead moved to a stage the agency mapped to an ad platform's event (docs/product.md#ad-conversions):
 * one delivery of that event per active platform, in the caller's transaction (the status change's), with
 * its job. Meta's event is the stage map's; Google Ads takes the stage when the agency chose a
 * conversion action for it (kept in its sealed connection), and the delivery's event is the status. A
 * lead that reaches the same stage again is not reported twice (one delivery per lead, target and
 * event); a lead the platforms may not be told about (docs/privacy.md#ad-conversions) gets none.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AD_CONVERSION_TARGETS, type LeadStatus } from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { conversionSettings, deliveries, integrations } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { mayReportLead, openConnection, type ConversionCandidate } from '../conversions/index.ts';
import { newDelivery, type DeliveryRow } from './enqueue-lead-deliveries.ts';
import { leadDeliveryQueue as leadDeliveryJob } from './jobs/lead-delivery.queue.ts';

export async function enqueueStageDeliveries(
  deps: Pick<Deps, 'queue'> & { db: Tx; config: Pick<AppConfig, 'appKey'> },
  lead: Omit<ConversionCandidate, 'source'> & {
    id: string;
    realEstateId: number;
    gclid: string | null;
    email: string | null;
    phone: string | null;
  },
  status: LeadStatus,
): Promise<DeliveryRow[]> {
  if (!mayReportLead(lead)) return [];
  const platforms = await deps.db
    .select({
      name: integrations.name,
      payloadEncrypted: integrations.payloadEncrypted,
      haltedKind: integrations.haltedKind,
      haltedReason: integrations.haltedReason,
      stageEvents: conversionSettings.stageEvents,
    })
    .from(integrations)
    .leftJoin(conversionSettings, eq(conversionSettings.realEstateId, integrations.realEstateId))
    .where(
      and(
        eq(integrations.realEstateId, lead.realEstateId),
        inArray(integrations.name, [...AD_CONVERSION_TARGETS]),
        eq(integrations.isActive, true),
      ),
    );
  const now = new Date();
  const values = platforms.flatMap((p) => {
    let event: string | undefined;
    if (p.name === 'meta') event = p.stageEvents?.[status]?.meta?.trim() || undefined;
    else if (p.name === 'google_ads') {
      const actions = openConnection('google_ads', deps.config.appKey, p.payloadEncrypted).conversion_actions;
      event = actions[status]?.trim() && (lead.gclid || lead.email || lead.phone) ? status : undefined;
    }
    if (!event) return [];
    return [newDelivery(lead, p, event, now)];
  });
  if (!values.length) return [];
  const rows = await deps.db.insert(deliveries).values(values).onConflictDoNothing().returning();
  const pending = rows.filter((r) => r.status === 'pending');
  if (pending.length)
    await deps.queue.enqueueMany(
      deps.db,
      leadDeliveryJob,
      pending.map((r) => ({ deliveryId: r.id })),
    );
  return rows;
}
