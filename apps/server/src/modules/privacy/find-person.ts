/**
 * Everything one agency holds on one person (LGPD art. 18), found by e-mail or phone: the leads whose
 * e-mail (any case) or phone (digits, with or without 55; without DDD matches any DDD) is the key, the
 * contacts of those leads or with that key, the analytics visit each lead came from with its events,
 * the leads' deliveries to the CRMs with every attempt (the CRM's answers), the leads' history, and the
 * inbound ledger's requests that brought the leads or whose body names the person.
 * Read inside the caller's transaction when it erases, so what is erased is what was found.
 */
import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { personKeyText, type PersonCounts, type PersonKey } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import {
  analyticsEvents,
  analyticsSessions,
  auditLog,
  contacts,
  deliveries,
  deliveryAttempts,
  inboundRequests,
  leads,
  pages,
} from '../../db/schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TextColumn = typeof leads.email | typeof leads.phone | typeof contacts.email | typeof contacts.phone;

/** Only the digits of a phone column, in SQL. */
const phoneDigits = (column: TextColumn) => sql`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/** The rows (leads or contacts) whose e-mail or phone is the key. */
function keyMatches(key: PersonKey, email: TextColumn, phone: TextColumn): SQL {
  if (key.type === 'email') return sql`lower(${email}) = ${key.email}`;
  if ('national' in key) return sql`${phoneDigits(phone)} in (${key.national}, ${`55${key.national}`})`;
  // A number without DDD: the stored number ends with it, after a DDD (and maybe 55).
  const n = key.local.length;
  return sql`right(${phoneDigits(phone)}, ${n}) = ${key.local} and length(${phoneDigits(phone)}) between ${n + 2} and ${n + 4}`;
}

/** The digits of a JSON value (text or number) in SQL. */
const valueDigits = (value: SQL) => sql`regexp_replace(${value}, '[^0-9]', '', 'g')`;

/** Whether a phone's digits are the key's number (the same rules as the leads' column). */
function digitsMatch(key: Extract<PersonKey, { type: 'phone' }>, d: SQL): SQL {
  if ('national' in key) return sql`${d} in (${key.national}, ${`55${key.national}`})`;
  const n = key.local.length;
  return sql`(right(${d}, ${n}) = ${key.local} and length(${d}) between ${n + 2} and ${n + 4})`;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The inbound ledger's requests whose body, as the source sent it, holds the key: an e-mail as any text
 * value, or inside one (a message, the text of a broken body), not as part of a longer address; a phone
 * as the digits of any text or number value (the API's "+55 (11) 9…", a Meta form's answer), or as the
 * Grupo OLX push's `ddd` + `phone`.
 */
function inboundBodyMatches(key: PersonKey): SQL {
  const body = inboundRequests.body;
  const values = sql`jsonb_path_query(${body}, 'strict $.**') as v(value)`;
  const text = sql`(v.value #>> '{}')`;
  if (key.type === 'email') {
    const pattern = `(^|[^a-z0-9._%+-])${escapeRegex(key.email)}($|[^a-z0-9.-])`;
    return sql`exists (select 1 from ${values} where jsonb_typeof(v.value) = 'string' and lower(${text}) ~ ${pattern})`;
  }
  const split = valueDigits(sql`coalesce(${body}->>'ddd', '') || coalesce(${body}->>'phone', '')`);
  return sql`(exists (select 1 from ${values} where jsonb_typeof(v.value) in ('string', 'number')
    and ${digitsMatch(key, valueDigits(text))}) or (${body} ? 'ddd' and ${digitsMatch(key, split)}))`;
}

/**
 * The key as the privacy log keeps it: HMAC-SHA256 with the app's key. E-mails and phones are few
 * enough to be guessed through a plain hash; without APP_KEY this one cannot be reversed, and the same
 * person's requests still share a value.
 */
export function hashPersonKey(appKey: Buffer, key: PersonKey): string {
  return createHmac('sha256', appKey)
    .update(`lgpd:${key.type}:${personKeyText(key)}`)
    .digest('hex');
}

export type PersonData = Awaited<ReturnType<typeof findPerson>>;

export async function findPerson(db: Tx, realEstateId: number, key: PersonKey) {
  const leadRows = await db
    .select({ lead: leads, page: { id: pages.id, title: pages.title } })
    .from(leads)
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(and(eq(leads.realEstateId, realEstateId), keyMatches(key, leads.email, leads.phone)))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  const leadIds = leadRows.map((r) => r.lead.id);
  const contactIds = [...new Set(leadRows.map((r) => r.lead.contactId).filter((id): id is string => !!id))];
  const sessionIds = [
    ...new Set(leadRows.map((r) => r.lead.sessionId).filter((id): id is string => !!id && UUID.test(id))),
  ];

  const contactRows = await db
    .select()
    .from(contacts)
    .where(
      and(
        eq(contacts.realEstateId, realEstateId),
        contactIds.length
          ? or(inArray(contacts.id, contactIds), keyMatches(key, contacts.email, contacts.phone))
          : keyMatches(key, contacts.email, contacts.phone),
      ),
    )
    .orderBy(asc(contacts.firstLeadAt));

  const sessionRows = sessionIds.length
    ? await db
        .select()
        .from(analyticsSessions)
        .where(
          and(eq(analyticsSessions.realEstateId, realEstateId), inArray(analyticsSessions.id, sessionIds)),
        )
    : [];
  const foundSessionIds = sessionRows.map((s) => s.id);
  const eventRows = foundSessionIds.length
    ? await db
        .select()
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.realEstateId, realEstateId),
            inArray(analyticsEvents.sessionId, foundSessionIds),
          ),
        )
        .orderBy(asc(analyticsEvents.occurredAt), asc(analyticsEvents.id))
    : [];

  const deliveryRows = leadIds.length
    ? await db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.realEstateId, realEstateId), inArray(deliveries.leadId, leadIds)))
        .orderBy(asc(deliveries.createdAt))
    : [];
  const deliveryIds = deliveryRows.map((d) => d.id);
  const attemptRows = deliveryIds.length
    ? await db
        .select()
        .from(deliveryAttempts)
        .where(inArray(deliveryAttempts.deliveryId, deliveryIds))
        .orderBy(asc(deliveryAttempts.deliveryId), asc(deliveryAttempts.attempt))
    : [];

  // The requests that brought the person's leads, and any other whose body names them (a refused push,
  // an API body that failed validation, a Meta lead's answers).
  const inboundRows = await db
    .select({
      id: inboundRequests.id,
      receivedAt: inboundRequests.receivedAt,
      channel: inboundRequests.channel,
      source: inboundRequests.source,
      outcome: inboundRequests.outcome,
      reason: inboundRequests.reason,
      leadId: inboundRequests.leadId,
      body: inboundRequests.body,
    })
    .from(inboundRequests)
    .where(
      and(
        eq(inboundRequests.realEstateId, realEstateId),
        leadIds.length
          ? or(inArray(inboundRequests.leadId, leadIds), inboundBodyMatches(key))
          : inboundBodyMatches(key),
      ),
    )
    .orderBy(asc(inboundRequests.receivedAt), asc(inboundRequests.id));

  const historyRows = leadIds.length
    ? await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.realEstateId, realEstateId), inArray(auditLog.subject, leadIds)))
        .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    : [];

  return {
    leads: leadRows,
    contacts: contactRows,
    sessions: sessionRows,
    events: eventRows,
    deliveries: deliveryRows,
    attempts: attemptRows,
    history: historyRows,
    inbound: inboundRows,
  };
}

export const countsOf = (data: PersonData): PersonCounts => ({
  leads: data.leads.length,
  contacts: data.contacts.length,
  sessions: data.sessions.length,
  events: data.events.length,
  deliveries: data.deliveries.length,
  delivery_attempts: data.attempts.length,
  history: data.history.length,
  inbound_requests: data.inbound.length,
});
