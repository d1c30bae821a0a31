/**
 * Erasure of one person's data (LGPD art. 18 IV and VI): in one transaction, the person's personal
 * fields go and the rows stay, so the agency's counts (leads per page, per month, per campaign;
 * deliveries; visits) do not change:
 *
 * - leads: the name becomes "Titular anonimizado"; e-mail, phone, message, IP hash, user agent, full
 *   referrer, click ids, the free-text UTM tags (`utm_term`: often the search typed; `utm_content`) and
 *   the visit link are cleared (status, page, source, utm_source/medium/campaign, consent stay);
 * - contacts: the same, keeping their lead counts;
 * - analytics visits: unlinked from the lead, the visitor hash replaced, the lead id taken out of the
 *   `lead_submitted` event (what remains is an anonymous visit, like any other);
 * - deliveries: the CRM's answers and error texts cleared from every attempt; the deliveries still to
 *   be sent (queued, retrying, paused) canceled, so no job sends anything of this person later
 *   (attempt-delivery leaves a delivery that is no longer pending alone; a canceled one cannot be
 *   replayed);
 * - inbound ledger: the bodies of the requests that brought the person's leads, or whose body holds
 *   their e-mail or phone (a refused push, a Meta lead's answers), are cleared (the rows stay);
 * - the request is logged with the key's HMAC and the counts.
 *
 * Idempotent: erased rows no longer match the e-mail or phone, so a second request finds nothing and
 * changes nothing (it is logged all the same, with zero counts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ERASED_NAME, type EraseCounts, type PersonKey, type PrivacyRequest } from '@vitrine/contracts';
import {
  analyticsEvents,
  analyticsSessions,
  contacts,
  deliveries,
  deliveryAttempts,
  inboundRequests,
  leads,
} from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { countsOf, findPerson } from './find-person.ts';
import { recordPrivacyRequest } from './privacy-requests.ts';

/** Deliveries that could still be sent: a queued one, one waiting for its retry, a paused one. */
const STILL_TO_SEND = ['pending', 'failed', 'paused'] as const;

export async function erasePerson(
  deps: Pick<Deps, 'db' | 'config'>,
  input: { realEstateId: number; actor: { id: number; name: string }; key: PersonKey },
): Promise<{ counts: EraseCounts; request: PrivacyRequest }> {
  const { realEstateId, key } = input;
  return deps.db.transaction(async (tx) => {
    const data = await findPerson(tx, realEstateId, key);
    const now = new Date();
    const leadIds = data.leads.map((r) => r.lead.id);
    const contactIds = data.contacts.map((c) => c.id);
    const sessionIds = data.sessions.map((s) => s.id);
    const deliveryIds = data.deliveries.map((d) => d.id);

    if (leadIds.length)
      await tx
        .update(leads)
        .set({
          name: ERASED_NAME,
          email: null,
          phone: null,
          message: null,
          ipHash: null,
          userAgent: null,
          referrer: null,
          gclid: null,
          fbclid: null,
          fbp: null,
          utmTerm: null,
          utmContent: null,
          sessionId: null,
          quarantineReason: null,
          updatedAt: now,
        })
        .where(and(eq(leads.realEstateId, realEstateId), inArray(leads.id, leadIds)));
    if (contactIds.length)
      await tx
        .update(contacts)
        .set({ name: ERASED_NAME, email: null, phone: null })
        .where(and(eq(contacts.realEstateId, realEstateId), inArray(contacts.id, contactIds)));
    if (sessionIds.length) {
      await tx
        .update(analyticsSessions)
        .set({ leadId: null, visitorHash: sql`'anonimizado:' || ${analyticsSessions.id}::text` })
        .where(
          and(eq(analyticsSessions.realEstateId, realEstateId), inArray(analyticsSessions.id, sessionIds)),
        );
      await tx
        .update(analyticsEvents)
        .set({ props: sql`${analyticsEvents.props} - 'lead_id'` })
        .where(
          and(
            eq(analyticsEvents.realEstateId, realEstateId),
            inArray(analyticsEvents.sessionId, sessionIds),
            eq(analyticsEvents.name, 'lead_submitted'),
          ),
        );
    }
    let canceled = 0;
    if (deliveryIds.length) {
      const stopped = await tx
        .update(deliveries)
        .set({ status: 'canceled', nextAttemptAt: null, updatedAt: now })
        .where(
          and(
            eq(deliveries.realEstateId, realEstateId),
            inArray(deliveries.id, deliveryIds),
            inArray(deliveries.status, [...STILL_TO_SEND]),
          ),
        )
        .returning({ id: deliveries.id });
      canceled = stopped.length;
      await tx
        .update(deliveries)
        .set({ lastError: null })
        .where(and(eq(deliveries.realEstateId, realEstateId), inArray(deliveries.id, deliveryIds)));
      await tx
        .update(deliveryAttempts)
        .set({ response: null, error: null })
        .where(inArray(deliveryAttempts.deliveryId, deliveryIds));
    }

    // The inbound ledger keeps the row (time, channel, outcome, reason, lead) and loses the body: what
    // the portal, Meta or the API sent of the person. Without a body the request cannot be replayed.
    const inboundIds = data.inbound.filter((r) => r.body !== null).map((r) => r.id);
    if (inboundIds.length)
      await tx
        .update(inboundRequests)
        .set({ body: null })
        .where(and(eq(inboundRequests.realEstateId, realEstateId), inArray(inboundRequests.id, inboundIds)));

    const counts: EraseCounts = { ...countsOf(data), canceled_deliveries: canceled };
    const request = await recordPrivacyRequest(tx, deps.config.appKey, {
      realEstateId,
      actor: input.actor,
      action: 'erase',
      key,
      counts: { ...counts },
    });
    return { counts, request };
  });
}
