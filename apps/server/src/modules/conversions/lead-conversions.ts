/**
 * What was sent about one lead to the ad platforms (the lead's page: "Enviado ao Meta e ao Google"):
 * its Meta and Google Ads API deliveries, and the rows Google's file holds for it (sent once Google read the file after
 * the conversion).
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  AD_CONVERSION_TARGETS,
  LEAD_STATUS_LABELS,
  type LeadConversion,
  type LeadConversions,
} from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { conversionSettings, deliveries } from '../../db/schema.ts';
import { googleConversionsOf } from './google-conversions-file.ts';

const metaStatus = (status: string): LeadConversion['status'] =>
  status === 'delivered'
    ? 'delivered'
    : status === 'pending'
      ? 'pending'
      : status === 'paused'
        ? 'paused'
        : 'failed';

export function conversionsSummary(conversions: LeadConversion[]): string | null {
  if (!conversions.length) return null;
  const sent = (p: LeadConversion['platform']) =>
    conversions.some((c) => c.platform === p && c.status === 'delivered');
  const has = (p: LeadConversion['platform']) => conversions.some((c) => c.platform === p);
  const to = [sent('meta') && 'ao Meta', sent('google_ads') && 'ao Google'].filter(Boolean);
  const waiting = [
    has('meta') && !sent('meta') && 'ao Meta',
    has('google_ads') && !sent('google_ads') && 'ao Google',
  ].filter(Boolean);
  const parts = [
    to.length ? `Enviado ${to.join(' e ')}` : null,
    waiting.length ? `${to.length ? 'aguardando envio' : 'Aguardando envio'} ${waiting.join(' e ')}` : null,
  ].filter(Boolean);
  return `${parts.join('; ')}.`;
}

export async function getLeadConversions(
  deps: Pick<Deps, 'db'>,
  lead: { id: string; realEstateId: number },
): Promise<LeadConversions> {
  const [metaRows, [settings]] = await Promise.all([
    deps.db
      .select()
      .from(deliveries)
      .where(
        and(eq(deliveries.leadId, lead.id), inArray(deliveries.integration, [...AD_CONVERSION_TARGETS])),
      ),
    deps.db.select().from(conversionSettings).where(eq(conversionSettings.realEstateId, lead.realEstateId)),
  ]);
  const conversions: LeadConversion[] = metaRows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((d) => ({
      platform: d.integration === 'google_ads' ? ('google_ads' as const) : ('meta' as const),
      // A Google stage delivery names the status reached: shown by its label.
      event: (LEAD_STATUS_LABELS as Record<string, string>)[d.event ?? ''] ?? d.event ?? 'Lead',
      status: metaStatus(d.status),
      at: (d.deliveredAt ?? d.updatedAt).toISOString(),
      message: d.lastError,
    }));
  if (settings?.googleEnabled) {
    const fetched = settings.googleFileFetchedAt;
    const rows = await googleConversionsOf(deps, {
      realEstateId: lead.realEstateId,
      leadConversionName: settings.googleLeadConversionName,
      stageEvents: settings.stageEvents,
      leadId: lead.id,
    });
    for (const r of rows) {
      const read = !!fetched && fetched >= r.at;
      conversions.push({
        platform: 'google_ads',
        event: r.name,
        status: read ? 'delivered' : 'pending',
        at: read ? fetched.toISOString() : null,
        message: read ? null : 'No arquivo do Google Ads; entra na próxima leitura programada.',
      });
    }
  }
  return { summary: conversionsSummary(conversions), conversions };
}
