/**
 * The export of one person's data (LGPD art. 18 II, "acesso"), as one JSON document in the shape of
 * `personExportSchema` (docs/privacy.md): each lead with its history, deliveries and their attempts,
 * and the visit it came from with its events; the contacts; the inbound ledger's requests of the person. The answer is logged (privacy_requests).
 */
import { eq } from 'drizzle-orm';
import {
  PERSON_EXPORT_FORMAT,
  personKeyText,
  type PersonExport,
  type PersonKey,
  type PrivacyRequest,
} from '@vitrine/contracts';
import { realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { countsOf, findPerson } from './find-person.ts';
import { recordPrivacyRequest } from './privacy-requests.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function exportPerson(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { realEstateId: number; actor: { id: number; name: string }; key: PersonKey },
): Promise<{ document: PersonExport; request: PrivacyRequest }> {
  const { realEstateId, key } = input;
  return deps.db.transaction(async (tx) => {
    const [agency] = await tx
      .select({ id: realEstates.id, name: realEstates.name, cnpj: realEstates.cnpj })
      .from(realEstates)
      .where(eq(realEstates.id, realEstateId));
    const data = await findPerson(tx, realEstateId, key);
    const counts = countsOf(data);

    const document: PersonExport = {
      format: PERSON_EXPORT_FORMAT,
      generated_at: new Date().toISOString(),
      agency: { id: agency!.id, name: agency!.name, cnpj: agency!.cnpj },
      search: { type: key.type, value: personKeyText(key) },
      counts,
      contacts: data.contacts.map((c) => ({
        id: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        leads_count: c.leadsCount,
        first_lead_at: c.firstLeadAt.toISOString(),
        last_lead_at: c.lastLeadAt.toISOString(),
      })),
      leads: data.leads.map(({ lead, page }) => {
        const session = data.sessions.find((s) => s.id === lead.sessionId) ?? null;
        return {
          id: lead.id,
          created_at: lead.createdAt.toISOString(),
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          message: lead.message,
          consent: lead.consent,
          status: lead.status,
          source: lead.source,
          page: page?.id ? { id: page.id, title: page.title } : null,
          utm_source: lead.utmSource,
          utm_medium: lead.utmMedium,
          utm_campaign: lead.utmCampaign,
          utm_term: lead.utmTerm,
          utm_content: lead.utmContent,
          gclid: lead.gclid,
          fbclid: lead.fbclid,
          fbp: lead.fbp,
          referrer: lead.referrer,
          user_agent: lead.userAgent,
          ip_hash: lead.ipHash,
          history: data.history
            .filter((h) => h.subject === lead.id)
            .map((h) => ({
              action: h.action,
              at: h.createdAt.toISOString(),
              details: (h.details as Record<string, unknown> | null) ?? null,
            })),
          deliveries: data.deliveries
            .filter((d) => d.leadId === lead.id)
            .map((d) => ({
              id: d.id,
              integration: d.integration,
              status: d.status,
              created_at: d.createdAt.toISOString(),
              delivered_at: iso(d.deliveredAt),
              external_id: d.externalId,
              last_status_code: d.lastStatusCode,
              last_error: d.lastError,
              attempts: data.attempts
                .filter((a) => a.deliveryId === d.id)
                .map((a) => ({
                  attempt: a.attempt,
                  started_at: a.startedAt.toISOString(),
                  status_code: a.statusCode,
                  outcome: a.outcome,
                  response: a.response,
                  error: a.error,
                })),
            })),
          session: session && {
            id: session.id,
            started_at: session.startedAt.toISOString(),
            last_seen_at: session.lastSeenAt.toISOString(),
            source: session.source,
            utm_source: session.utmSource,
            utm_medium: session.utmMedium,
            utm_campaign: session.utmCampaign,
            referrer_host: session.referrer,
            device: session.device,
            events: data.events
              .filter((e) => e.sessionId === session.id)
              .map((e) => ({
                name: e.name,
                occurred_at: e.occurredAt.toISOString(),
                page_id: e.pageId,
                props: e.props ?? null,
              })),
          },
        };
      }),
      inbound_requests: data.inbound.map((r) => ({
        id: r.id,
        received_at: r.receivedAt.toISOString(),
        channel: r.channel,
        source: r.source,
        outcome: r.outcome,
        reason: r.reason,
        lead_id: r.leadId,
        body: r.body,
      })),
    };
    const request = await recordPrivacyRequest(tx, deps.config.appKey, {
      realEstateId,
      actor: input.actor,
      action: 'export',
      key,
      counts: { ...counts },
    });
    return { document, request };
  });
}
