/**
 * The one service that stores a lead: the lead, its link to an earlier contact, one delivery (with its
 * job) per active CRM integration, the e-mail alert job and, when Meta or Google takes some of the leads,
 * the job that makes those deliveries after the commit are committed in one transaction, and only then
 * is the lead acknowledged. Lead capture and the console's "send a test lead" both come through here.
 *
 * Group commit (lib/group-commit.ts, shared with the public form's admission and analytics beacons):
 * the leads that arrive while a transaction is being prepared share the next one, and a group costs the
 * same few round trips whatever its size: BEGIN with the contact locks (one round trip on PostgreSQL),
 * one lookup (contacts, integrations, analytics sessions, the plans' month), one write of every row
 * through CTEs (contacts, leads, deliveries, session links), then one job insert per queue (the
 * deliveries' group jobs, and one job that sends the alerts and queues the auto-replies), COMMIT.
 * In a process that runs the delivery workers, the group's first attempts get no job: they are handed
 * to those workers after the commit, with the rows the group holds (deliveries/hand-over.ts); in one
 * that runs the alert workers, its alerts are sent likewise, its alert job waiting as the safety net
 * (alert-hand-over.ts).
 * Each caller still gets its answer only after the commit that holds its lead. If a shared transaction
 * fails, its leads are retried one by one, so one bad lead never fails the others. Contacts are matched
 * under advisory locks in the database, so several server processes link a person to one contact.
 *
 * Leads from outside the landing pages (modules/inbound) ride the same two round trips: their page is
 * found by listing code in the lookup (`pageFromListingCode`), their inbound-ledger row is written by
 * the group's write (`inboundRequest`), with the lead API's Idempotency-Key answer on it when there is
 * one (`answer`), docs/decisions/019-inbound-leads.md.
 */
import { and, eq } from 'drizzle-orm';
import { isAdConversionTarget } from '@vitrine/contracts';
import { pipelinedTransaction, type Statement } from '../../db/client.ts';
import { insertFromJson, jsonParam, rowFromJson, rowToJson } from '../../db/json-rows.ts';
import {
  auditLog,
  contacts,
  deliveries,
  inboundRequests,
  integrations,
  leads,
  subscriptions,
} from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Queue } from '../../plugins/queue.ts';
import {
  AD_CONVERSIONS_MAX_IDS,
  adConversionsJob,
  deliveryGroupPayloads,
  deliveryHandOverOf,
  enqueueLeadDeliveries,
  leadDeliveryJob,
  leadPageFromJson,
  leadPageJsonSql,
  type DeliveryHandOver,
  type DeliveryRow,
  type FoundDelivery,
} from '../deliveries/index.ts';
import { LEAD_ALERT_MAX_IDS, leadAlertQueue } from './jobs/lead-alert.queue.ts';
import { alertHandOverOf, alertJobStart, type AlertHandOver } from './alert-hand-over.ts';
import type { AlertRow } from './send-lead-alert.ts';
import { leadAutoReplyJob } from './jobs/lead-auto-reply.job.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { newId } from '../../lib/ids.ts';
import {
  leadSessionCandidatesSql,
  leadSessionLinkCtes,
  leadSessionLookup,
  matchLeadSessions,
  type SessionCandidateRow,
} from '../analytics/index.ts';
import { leadsLeft, monthKey } from '../billing/index.ts';
import { isUniqueViolationOf } from '../pages/index.ts';
import { captureDeliveryEvent } from '../conversions/index.ts';

export type NewLead = Omit<
  typeof leads.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'contactId' | 'isRepeat'
> & {
  /** The visitor's analytics ids (landing form): finds the lead's session when the form names none. */
  analyticsVisitor?: string[];
  /**
   * An inbound source's lead without a page: its page is the agency's page with `listingCode` (the most
   * recently updated one, if the code repeats), found in the group's lookup; none keeps it without a page.
   */
  pageFromListingCode?: boolean;
  /**
   * An inbound source's request (docs/product.md#lead-sources): its row of the inbound ledger, written
   * in the lead's own statement (`leadId` set to the new lead), so a push costs no commit of its own.
   */
  inboundRequest?: InboundLedgerRow;
};
type LeadRow = typeof leads.$inferSelect;
/**
 * A ledger row as the capture writes it. `answer` is what the request is answered for the new lead (the
 * lead API's, kept for its Idempotency-Key on this row): built from the lead as stored. Nothing is
 * written for a duplicate, which stores nothing.
 */
export type InboundLedgerRow = Omit<
  typeof inboundRequests.$inferInsert,
  'id' | 'leadId' | 'receivedAt' | 'responseBody'
> & { answer?: (lead: LeadRow) => unknown };
/**
 * What capturing a lead needs: the database and the queue its jobs go into; with the analytics clock
 * when there is one (sessions are matched against it; otherwise the wall clock).
 */
export type CaptureDeps = Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>;
export interface CapturedLead {
  lead: LeadRow;
  deliveries: DeliveryRow[];
  /**
   * The agency already held a lead with this `submissionKey` (a resent form, a portal's push repeated,
   * an inbound source's id seen before): `lead` is that one, and nothing new was stored.
   */
  duplicate?: boolean;
  /** The inbound ledger's row written with the lead (`inboundRequest`); absent for a duplicate. */
  inboundRequestId?: string;
}

/** Leads per shared transaction (one alert job names them all), and transactions at once. */
const MAX_BATCH = Math.min(LEAD_ALERT_MAX_IDS, AD_CONVERSIONS_MAX_IDS);
const MAX_IN_FLIGHT = 8;
/**
 * Rows per agency and month in lead_month_usage (db/schema.ts). Each group takes the next one in turn
 * (from a random start per process), so this process's groups in flight never wait on one another's
 * row; groups of other processes rarely do.
 */
const MONTH_USAGE_SHARDS = 64;
let nextShard = Math.floor(Math.random() * MONTH_USAGE_SHARDS);

/** Contact keys of a lead: its phone and e-mail within its agency. */
const contactKeys = (l: NewLead) =>
  [
    l.phone ? `${l.realEstateId}|p:${l.phone}` : null,
    l.email ? `${l.realEstateId}|e:${l.email.toLowerCase()}` : null,
  ].filter((k): k is string => k !== null);
const linksContact = (l: NewLead) => !l.isTest && (!!l.phone || !!l.email);
/** The contact keys a group locks: two groups that may link one person take turns. */
const groupContactKeys = (inputs: NewLead[]) => [
  ...new Set(inputs.filter(linksContact).flatMap(contactKeys)),
];

/**
 * One row: the contacts the group's leads may belong to (oldest first; each lead's phone and e-mail
 * is its own index lookup, so a lead costs the same whatever the agency's number of contacts), the agencies' active
 * integrations, the candidate analytics sessions, and the agencies' subscriptions and leads of the
 * month so far (lead_month_usage: a lead past the plan's month is flagged, never refused), each as a
 * JSON array. Two groups of one agency in flight at once may both see the month before the other's
 * leads: the flag can come a group late at the plan's edge, never on a lead within it.
 */
export const LOOKUP_SQL = `
select
  (select coalesce(json_agg(c order by c.first_lead_at, c.id), '[]'::json) from (
    select distinct on (c.id) c.* from unnest($1::int[], $2::text[], $3::text[]) as k(agency, phone, email)
    cross join lateral (
      select id, real_estate_id, phone, email, name, first_lead_at from contacts
      where real_estate_id = k.agency and phone = k.phone
      union all
      select id, real_estate_id, phone, email, name, first_lead_at from contacts
      where real_estate_id = k.agency and email = k.email
    ) c
  ) c) as contacts,
  (select coalesce(json_agg(i), '[]'::json) from (
    select * from integrations where real_estate_id = any($4::int[]) and is_active
  ) i) as integrations,
  ${leadSessionCandidatesSql(['$5', '$6', '$7', '$8'])} as sessions,
  (select coalesce(json_agg(s), '[]'::json) from (
    select * from subscriptions where real_estate_id = any($9::int[])
  ) s) as subscriptions,
  (select coalesce(json_agg(u), '[]'::json) from (
    select real_estate_id, sum(leads)::int as n from lead_month_usage
    where real_estate_id = any($9::int[]) and month = $10::date
    group by real_estate_id
  ) u) as month_leads,
  (select coalesce(json_agg(x), '[]'::json) from (
    select k.i, p.id, ${leadPageJsonSql('p')} as page
    from unnest($11::int[], $12::text[]) with ordinality as k(agency, code, i)
    cross join lateral (
      select * from pages where real_estate_id = k.agency and listing_code = k.code
      order by updated_at desc limit 1
    ) p
  ) x) as listing_pages,
  (select coalesce(json_agg(${leadPageJsonSql('p')}), '[]'::json) from pages p
    where p.id = any($13::int[])) as pages,
  (select coalesce(json_agg(a), '[]'::json) from (
    select r.id, r.name, coalesce(t.rotation_enabled, false) as rotating from real_estates r
    left join team_settings t on t.real_estate_id = r.id
    where r.id = any($14::int[])
  ) a) as agencies`;
/**
 * Every row of the group in one statement: new contacts, counted contacts, leads, deliveries, session
 * links, and the agencies' leads of the month. The counted contacts are found by their ids
 * (`any(array(...))`, an index lookup each), not by a join the planner may answer by hashing the table.
 */
const WRITE_SQL = `
with new_contacts as (${insertFromJson(contacts, '$1')} returning 1),
counted as (
  update contacts c set leads_count = c.leads_count + x.n, last_lead_at = x.at, name = x.name, phone = x.phone, email = x.email
  from json_to_recordset($2::json) as x(id uuid, n int, at timestamptz, name text, phone text, email text)
  where c.id = any(array(select (j->>'id')::uuid from json_array_elements($2::json) as j)) and c.id = x.id
  returning 1
),
new_leads as (${insertFromJson(leads, '$3')} returning 1),
new_deliveries as (${insertFromJson(deliveries, '$4')} returning 1),
${leadSessionLinkCtes('$5', '$6')},
month_usage as (
  insert into lead_month_usage (real_estate_id, month, shard, leads)
  select x.real_estate_id, $7::date, $8::int, x.n from json_to_recordset($9::json) as x(real_estate_id int, n int)
  order by x.real_estate_id
  on conflict (real_estate_id, month, shard) do update set leads = lead_month_usage.leads + excluded.leads
  returning 1
),
new_inbound as (${insertFromJson(inboundRequests, '$10')} returning 1)
select (select count(*) from new_leads)::int as leads`;

type LookupRow = {
  contacts: {
    id: string;
    real_estate_id: number;
    phone: string | null;
    email: string | null;
    name: string;
  }[];
  /** The agencies' active integrations, whole (a handed-over attempt sends with them). */
  integrations: ({
    real_estate_id: number;
    name: DeliveryRow['integration'];
    halted_kind: 'paused' | 'disabled' | null;
    halted_reason: string | null;
  } & Record<string, unknown>)[];
  sessions: SessionCandidateRow[];
  subscriptions: Record<string, unknown>[];
  month_leads: { real_estate_id: number; n: number }[];
  /** The pages found by listing code: `i` is the 1-based place in the lookup's codes. */
  listing_pages: { i: number | string; id: number; page: Record<string, unknown> }[];
  /** The pages of the group's leads (their columns a delivery carries), when something is handed over. */
  pages: Record<string, unknown>[];
  /** The agencies' names and rotation, when the alerts are handed over (what an alert shows). */
  agencies: { id: number; name: string; rotating: boolean }[];
};
type Contact = {
  id: string;
  isNew: boolean;
  leads: number;
  phone: string | null;
  email: string | null;
  name: string;
  realEstateId: number;
};

/**
 * Stores a group of leads in one transaction of two round trips (pipelinedTransaction): BEGIN, the
 * contact keys' locks and the lookup; then every row, the jobs and COMMIT.
 */
async function storeLeads(deps: CaptureDeps, inputs: NewLead[]): Promise<CapturedLead[]> {
  const now = new Date();
  const linked = inputs.filter(linksContact);
  const ids = inputs.map(() => newId());

  const sessions = leadSessionLookup(
    deps,
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
  const planned = [...new Set(inputs.filter((l) => !l.isTest).map((l) => l.realEstateId))];
  const month = monthKey(now);
  /** The inputs whose page is found by listing code, in the order of the lookup's codes. */
  const byCode = inputs.flatMap((l, i) => (pagedByCode(l) ? [i] : []));
  const group: Group = {
    inputs,
    ids,
    now,
    sessions,
    planned,
    month,
    byCode,
    handOver: deliveryHandOverOf(deps.queue),
    reserved: 0,
    alertHandOver: alertHandOverOf(deps.queue),
    alertsReserved: 0,
  };
  const lookup = {
    name: 'lead_lookup',
    text: LOOKUP_SQL,
    values: [
      linked.map((l) => l.realEstateId),
      linked.map((l) => l.phone || null),
      linked.map((l) => l.email?.toLowerCase() || null),
      [...new Set(inputs.filter((l) => !l.quarantined).map((l) => l.realEstateId))],
      ...sessions.params,
      planned,
      month,
      byCode.map((i) => inputs[i]!.realEstateId),
      byCode.map((i) => inputs[i]!.listingCode!),
      // The pages a handed-over attempt or alert shows: only in a process that runs those workers.
      group.handOver || group.alertHandOver
        ? [...new Set(inputs.flatMap((l) => (l.pageId && !l.quarantined ? [l.pageId] : [])))]
        : [],
      group.alertHandOver ? planned : [],
    ],
  };
  try {
    return await pipelinedTransaction<LookupRow, CapturedLead[]>(
      deps.db,
      groupContactKeys(inputs),
      lookup,
      (rows) => writeGroup(deps, group, rows[0]!),
    );
  } catch (err) {
    // The group did not commit: its room goes back (its leads are retried alone, each reserving anew).
    group.handOver?.release(group.reserved);
    group.alertHandOver?.release(group.alertsReserved);
    throw err;
  }
}

const pagedByCode = (l: NewLead) => !!l.pageFromListingCode && !l.pageId && !!l.listingCode;

/** What storeLeads prepared for a group, for its writes. */
interface Group {
  inputs: NewLead[];
  ids: string[];
  now: Date;
  sessions: ReturnType<typeof leadSessionLookup>;
  planned: number[];
  month: string;
  byCode: number[];
  /** This process's delivery hand-over, decided once for the group (its lookup reads the pages then). */
  handOver: DeliveryHandOver | undefined;
  /** First attempts reserved in the hand-over by writeGroup. */
  reserved: number;
  /** This process's alert hand-over, decided once for the group (its lookup reads the agencies then). */
  alertHandOver: AlertHandOver | undefined;
  /** Alerts reserved in it by writeGroup. */
  alertsReserved: number;
}

/** The group's rows and jobs, from what the lookup found: the statements of the second round trip. */
async function writeGroup(
  deps: CaptureDeps,
  group: Group,
  found: LookupRow,
): Promise<{ statements: Statement[]; result: CapturedLead[] }> {
  const { inputs, ids, now, sessions, planned, month, byCode } = group;
  const visits = matchLeadSessions(sessions, found.sessions);
  const byKey = contactsByKey(found.contacts);
  const pageOf = new Map(found.listing_pages.map((p) => [byCode[Number(p.i) - 1]!, Number(p.id)]));
  const rows: LeadRow[] = inputs.map((input, i) => {
    const row = leadRowOf(input, ids[i]!, visits.sessionOf.get(ids[i]!) ?? null, now);
    if (pagedByCode(input)) row.pageId = pageOf.get(i) ?? null;
    if (linksContact(input)) linkContact(row, input, byKey);
    return row;
  });
  flagOverPlanLimit(rows, found, planned, now);
  const ledger = inputs.map((input, i) => {
    if (!input.inboundRequest) return null;
    const { answer, ...row } = input.inboundRequest;
    return {
      ...row,
      id: newId(),
      leadId: ids[i]!,
      receivedAt: now,
      ...(answer ? { responseBody: answer(rows[i]!) } : {}),
    };
  });
  const newDeliveries = deliveriesOf(rows, found.integrations, now);
  const handOver = handOverOf(group, rows, newDeliveries, found);
  const write = {
    name: 'lead_write',
    text: WRITE_SQL,
    values: [
      ...contactWrites(byKey, now),
      jsonParam(rows.map((r) => rowToJson(leads, r))),
      jsonParam(newDeliveries.map((d) => rowToJson(deliveries, d))),
      jsonParam(visits.links),
      sessions.now.toISOString(),
      month,
      (nextShard = (nextShard + 1) % MONTH_USAGE_SHARDS),
      jsonParam(monthUsageOf(rows, planned)),
      jsonParam(ledger.flatMap((r) => (r ? [rowToJson(inboundRequests, r)] : []))),
    ],
  };
  const conversions = conversionsOf(rows, found.integrations);
  const alerts = alertsOf(group, rows, found);
  const jobs = await groupJobStatements(
    deps.queue,
    rows,
    handOver ? [] : newDeliveries,
    conversions,
    alerts ? { id: alerts.jobId, startAfter: alertJobStart(now) } : undefined,
  );
  const byLead = new Map<string, DeliveryRow[]>();
  for (const d of newDeliveries) byLead.set(d.leadId, [...(byLead.get(d.leadId) ?? []), d]);
  const result: CapturedLead[] = rows.map((lead, i) => ({
    lead,
    deliveries: byLead.get(lead.id) ?? [],
    ...(ledger[i] ? { inboundRequestId: ledger[i].id } : {}),
  }));
  afterCommit.set(result[0]!, {
    ...(handOver?.length ? { attempts: { runner: group.handOver!, attempts: handOver } } : {}),
    ...(alerts ? { alerts: { runner: group.alertHandOver!, ...alerts } } : {}),
    conversions: conversions.length > 0,
  });
  return { statements: [write, ...jobs], result };
}

/**
 * The group's first attempts with the rows they need, when this process's delivery workers take them
 * after the commit without a job (deliveries/hand-over.ts) and room is reserved for them; otherwise
 * undefined and the group writes its jobs.
 */
function handOverOf(
  group: Group,
  rows: LeadRow[],
  newDeliveries: DeliveryRow[],
  found: LookupRow,
): FoundDelivery[] | undefined {
  const pending = newDeliveries.filter((d) => d.status === 'pending');
  if (!group.handOver?.reserve(pending.length)) return undefined;
  group.reserved = pending.length;
  const integrationOf = new Map(
    found.integrations.map((i) => [`${i.real_estate_id}|${i.name}`, rowFromJson(integrations, i)]),
  );
  const pageOf = new Map(pagesFound(found).map((p) => [Number(p.id), p]));
  const leadOf = new Map(rows.map((r) => [r.id, r]));
  return pending.map((delivery) => {
    const lead = leadOf.get(delivery.leadId)!;
    return {
      delivery,
      integration: integrationOf.get(`${delivery.realEstateId}|${delivery.integration}`) ?? null,
      lead,
      page: (lead.pageId !== null && pageOf.get(lead.pageId)) || null,
    };
  });
}

/**
 * The group's alerted leads with what their alerts show, and its alert job's id, when this process's
 * alert workers send them after the commit (alert-hand-over.ts) and room is reserved for them;
 * otherwise undefined and the group's alert job starts at once.
 */
function alertsOf(group: Group, rows: LeadRow[], found: LookupRow) {
  const alerted = rows.filter(isAlerted);
  if (!alerted.length || !group.alertHandOver?.reserve(alerted.length)) return undefined;
  group.alertsReserved = alerted.length;
  const agencyOf = new Map(found.agencies.map((a) => [Number(a.id), a]));
  const titleOf = new Map(pagesFound(found).map((p) => [Number(p.id), p.title]));
  const alertRows: AlertRow[] = alerted.map((lead) => ({
    lead,
    agency: agencyOf.get(lead.realEstateId)?.name ?? '',
    pageTitle: (lead.pageId !== null && titleOf.get(lead.pageId)) || null,
    rotating: agencyOf.get(lead.realEstateId)?.rotating ?? false,
  }));
  return { jobId: newId(), rows: alertRows };
}

/** The leads whose alert the team gets: neither quarantined nor a test. */
const isAlerted = (l: LeadRow) => !l.quarantined && !l.isTest;

/** The pages the lookup found (the group's, and those found by listing code), as a delivery carries them. */
const pagesFound = (found: LookupRow) =>
  [...found.pages, ...found.listing_pages.map((p) => p.page)].map(leadPageFromJson);

/**
 * What a committed group does once its commit is done, by the group's first result: the first attempts
 * and the alerts it hands over (handOverOf, alertsOf), and whether it queued an ad-conversions job (whose
 * workers are then woken).
 */
const afterCommit = new WeakMap<
  CapturedLead,
  {
    attempts?: { runner: DeliveryHandOver; attempts: FoundDelivery[] };
    alerts?: { runner: AlertHandOver; jobId: string; rows: AlertRow[] };
    conversions: boolean;
  }
>();

/** The contacts the lookup found, by each of their keys (the oldest contact first holds a key). */
function contactsByKey(found: LookupRow['contacts']): Map<string, Contact> {
  const byKey = new Map<string, Contact>();
  for (const c of found) {
    const entry: Contact = {
      id: c.id,
      isNew: false,
      leads: 0,
      phone: c.phone,
      email: c.email,
      name: c.name,
      realEstateId: Number(c.real_estate_id),
    };
    if (c.phone && !byKey.has(`${c.real_estate_id}|p:${c.phone}`))
      byKey.set(`${c.real_estate_id}|p:${c.phone}`, entry);
    if (c.email && !byKey.has(`${c.real_estate_id}|e:${c.email}`))
      byKey.set(`${c.real_estate_id}|e:${c.email}`, entry);
  }
  return byKey;
}

/** The lead's row as stored, before its contact and its plan flag are known. */
function leadRowOf(input: NewLead, id: string, sessionId: string | null, now: Date): LeadRow {
  return {
    id,
    realEstateId: input.realEstateId,
    pageId: input.pageId ?? null,
    contactId: null,
    isRepeat: false,
    name: input.name,
    email: input.email?.toLowerCase() ?? null,
    phone: input.phone ?? null,
    message: input.message ?? null,
    source: input.source ?? 'landing_page',
    sourceDetails: input.sourceDetails ?? null,
    listingCode: input.listingCode ?? null,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    gclid: input.gclid ?? null,
    fbclid: input.fbclid ?? null,
    fbp: input.fbp ?? null,
    referrer: input.referrer ?? null,
    sessionId,
    status: input.status ?? 'novo',
    isTest: input.isTest ?? false,
    quarantined: input.quarantined ?? false,
    quarantineReason: input.quarantineReason ?? null,
    consent: input.consent ?? false,
    ipHash: input.ipHash ?? null,
    userAgent: input.userAgent ?? null,
    submissionKey: input.submissionKey ?? null,
    statusChangedAt: input.statusChangedAt ?? null,
    // Assigned after the commit, by the rotation's turn in the lead-alert job (modules/team).
    assignedUserId: null,
    // Set by flagOverPlanLimit when the agency is past its plan's leads of the month.
    overPlanLimit: false,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Links the lead to the contact one of its keys names (an earlier lead's, or one this group created:
 * the lead is then a repeat), or to a new contact; the contact takes the lead's name and counts it.
 */
function linkContact(row: LeadRow, input: NewLead, byKey: Map<string, Contact>) {
  const ks = contactKeys(input);
  let contact = ks.map((k) => byKey.get(k)).find(Boolean);
  row.isRepeat = !!contact && (!contact.isNew || contact.leads > 0);
  if (!contact) {
    contact = {
      id: newId(),
      isNew: true,
      leads: 0,
      phone: row.phone,
      email: row.email,
      name: input.name,
      realEstateId: input.realEstateId,
    };
  }
  contact.leads++;
  contact.name = input.name;
  contact.phone ??= row.phone;
  contact.email ??= row.email;
  for (const k of ks) if (!byKey.has(k)) byKey.set(k, contact);
  row.contactId = contact.id;
}

/** Over the plan's leads of the month: stored and shown all the same, flagged (never refused). */
function flagOverPlanLimit(rows: LeadRow[], found: LookupRow, planned: number[], now: Date) {
  const left = leadsLeft(
    found.subscriptions.map((json) => rowFromJson(subscriptions, json)),
    new Map(found.month_leads.map((u) => [Number(u.real_estate_id), Number(u.n)])),
    planned,
    now,
  );
  for (const row of rows) {
    if (row.isTest) continue;
    const n = left.get(row.realEstateId) ?? 0;
    if (n <= 0) row.overPlanLimit = true;
    else left.set(row.realEstateId, n - 1);
  }
}

/** The write's first two parameters: the contacts to create, and the found ones' new leads. */
function contactWrites(byKey: Map<string, Contact>, now: Date) {
  const touched = [...new Set(byKey.values())].filter((c) => c.leads > 0);
  const created = touched
    .filter((c) => c.isNew)
    .map((c) =>
      rowToJson(contacts, {
        id: c.id,
        realEstateId: c.realEstateId,
        name: c.name,
        phone: c.phone,
        email: c.email,
        leadsCount: c.leads,
        firstLeadAt: now,
        lastLeadAt: now,
      }),
    );
  const counted = touched
    .filter((c) => !c.isNew)
    .map((c) => ({ id: c.id, n: c.leads, at: now, name: c.name, phone: c.phone, email: c.email }));
  return [jsonParam(created), jsonParam(counted)];
}

/** One delivery per active integration of the lead's agency; a paused one waits (decision 004). */
function deliveriesOf(rows: LeadRow[], active: LookupRow['integrations'], now: Date): DeliveryRow[] {
  const newDeliveries: DeliveryRow[] = [];
  for (const lead of rows) {
    if (lead.quarantined) continue;
    for (const i of active) {
      if (Number(i.real_estate_id) !== lead.realEstateId) continue;
      // The ad platforms' deliveries are made after the commit, by a job of the group (conversionsOf).
      if (isAdConversionTarget(i.name)) continue;
      const paused = i.halted_kind === 'paused';
      newDeliveries.push({
        id: newId(),
        realEstateId: lead.realEstateId,
        leadId: lead.id,
        integration: i.name,
        event: null,
        status: paused ? 'paused' : 'pending',
        attempts: 0,
        retryBase: 0,
        nextAttemptAt: paused ? null : now,
        lastStatusCode: null,
        lastError: paused ? i.halted_reason : null,
        externalId: null,
        deliveredAt: null,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return newDeliveries;
}

/**
 * The group's leads an active ad platform of their agency takes (docs/privacy.md#ad-conversions): named in
 * a job committed with them, which makes their deliveries after the commit (deliveries'
 * ad-conversions.job.ts). The capture's own transaction writes no delivery row for them: a Lead event
 * is no part of the visitor's answer, and Meta and Google take it days later.
 */
function conversionsOf(rows: LeadRow[], active: LookupRow['integrations']): string[] {
  const ads = active.filter((i) => isAdConversionTarget(i.name));
  if (!ads.length) return [];
  return rows
    .filter(
      (lead) =>
        !lead.quarantined &&
        ads.some(
          (i) =>
            Number(i.real_estate_id) === lead.realEstateId &&
            captureDeliveryEvent(i.name, lead) !== undefined,
        ),
    )
    .map((lead) => lead.id);
}

/** The leads each planned agency received in this group (test leads do not count). */
function monthUsageOf(rows: LeadRow[], planned: number[]) {
  return planned.map((id) => ({
    real_estate_id: id,
    n: rows.filter((r) => !r.isTest && r.realEstateId === id).length,
  }));
}

/**
 * The group's job inserts: its new deliveries share jobs (one pg-boss row per DELIVERY_GROUP_MAX
 * deliveries), one job sends each lead's alert and hands the visitors' auto-replies to jobs of their
 * own when the agency has them on (jobs/lead-alert.job.ts), and, when an ad platform takes some of its
 * leads, one job makes their deliveries (deliveries' ad-conversions.job.ts).
 */
async function groupJobStatements(
  queue: CaptureDeps['queue'],
  rows: LeadRow[],
  newDeliveries: DeliveryRow[],
  conversions: string[],
  /** The alert job's id and start when its alerts are handed over (it waits as their safety net). */
  alertJob?: { id: string; startAfter: Date },
): Promise<Statement[]> {
  const alerted = rows.filter(isAlerted).map((l) => l.id);
  const [deliveryJobs, alertJobs, conversionJobs] = await Promise.all([
    queue.insertStatements(
      leadDeliveryJob,
      deliveryGroupPayloads(newDeliveries.filter((d) => d.status === 'pending').map((d) => d.id)),
    ),
    queue.insertStatements(leadAlertQueue, alerted.length ? [{ leadIds: alerted }] : [], alertJob),
    queue.insertStatements(adConversionsJob, conversions.length ? [{ leadIds: conversions }] : []),
  ]);
  return [...deliveryJobs, ...alertJobs, ...conversionJobs];
}

/**
 * Stores a group whose leads may repeat a submission key (the same form sent twice at once, both sends
 * in one group): only the first of a key is stored, and the repeats get its lead with no deliveries, as
 * a repeat in a later group does (captureLead). Stored together, the repeat would fail the whole group
 * on the unique index and send every lead of it through the one-by-one retry.
 */
async function storeGroup(deps: CaptureDeps, inputs: NewLead[]): Promise<CapturedLead[]> {
  const firstOfKey = new Map<string, number>();
  /** For each input: the index of its lead among the stored ones, and whether it repeats an earlier one. */
  const slots: { at: number; repeat: boolean }[] = [];
  const stored: NewLead[] = [];
  for (const input of inputs) {
    const key = input.submissionKey ? `${input.realEstateId}|${input.submissionKey}` : null;
    const first = key === null ? undefined : firstOfKey.get(key);
    if (first !== undefined) {
      slots.push({ at: first, repeat: true });
      continue;
    }
    if (key !== null) firstOfKey.set(key, stored.length);
    slots.push({ at: stored.length, repeat: false });
    stored.push(input);
  }
  const results = await storeLeads(deps, stored);
  if (stored.length === inputs.length) return results;
  return slots.map(({ at, repeat }) =>
    repeat ? { lead: results[at]!.lead, deliveries: [], duplicate: true } : results[at]!,
  );
}

/** One group-commit queue per queue (one per app): the leads captured through it share transactions. */
const batchers = new WeakMap<Queue, GroupCommit<NewLead, CapturedLead>>();

/**
 * Stores a lead (and its deliveries and jobs) and resolves after the commit. A lead with a
 * `submissionKey` its agency already holds (the landing form sent again after its answer was lost:
 * a replica died between the commit and the answer; an inbound source's lead id seen before, as
 * `<channel>:<id>`) is not stored again: the stored one is returned, with no new deliveries. The unique index settles it, so the usual path costs nothing more.
 */
export async function captureLead(deps: CaptureDeps, input: NewLead): Promise<CapturedLead> {
  try {
    return await batcherFor(deps).submit(input);
  } catch (err) {
    if (!input.submissionKey || !isUniqueViolationOf(err, SUBMISSION_KEY_INDEX)) throw err;
    const [lead] = await deps.db
      .select()
      .from(leads)
      .where(and(eq(leads.realEstateId, input.realEstateId), eq(leads.submissionKey, input.submissionKey)));
    if (!lead) throw err;
    return { lead, deliveries: [], duplicate: true };
  }
}

const SUBMISSION_KEY_INDEX = 'leads_submission_key_unique';

function batcherFor(deps: CaptureDeps): GroupCommit<NewLead, CapturedLead> {
  let batcher = batchers.get(deps.queue);
  if (!batcher) {
    const { queue } = deps;
    batcher = new GroupCommit<NewLead, CapturedLead>({
      run: (inputs) => storeGroup(deps, inputs),
      committed: (results) => {
        const after = results[0] && afterCommit.get(results[0]);
        if (after?.attempts) after.attempts.runner.run(after.attempts.attempts);
        else if (results.some((r) => r.deliveries.some((d) => d.status === 'pending')))
          queue.wake(leadDeliveryJob);
        if (after?.alerts) after.alerts.runner.run(after.alerts);
        if (after?.conversions) queue.wake(adConversionsJob);
      },
      maxBatch: MAX_BATCH,
      maxInFlight: MAX_IN_FLIGHT,
    });
    batchers.set(queue, batcher);
  }
  return batcher;
}

/**
 * Releases a quarantined lead: it is forwarded as if it had just arrived. Null when it is no longer in
 * quarantine (released meanwhile: two clicks at once release it once, and alert and answer once).
 */
export async function releaseLead(
  deps: CaptureDeps,
  input: { lead: Parameters<typeof enqueueLeadDeliveries>[1][number]; userId: number },
) {
  const { lead } = input;
  const created = await deps.db.transaction(async (tx) => {
    const [released] = await tx
      .update(leads)
      .set({ quarantined: false, quarantineReason: null, updatedAt: new Date() })
      .where(and(eq(leads.id, lead.id), eq(leads.quarantined, true)))
      .returning({ id: leads.id });
    if (!released) return null;
    const rows = await enqueueLeadDeliveries({ db: tx, queue: deps.queue }, [lead]);
    await deps.queue.enqueue(tx, leadAlertQueue, { leadId: lead.id });
    await deps.queue.enqueue(tx, leadAutoReplyJob, { leadId: lead.id });
    await tx.insert(auditLog).values({
      realEstateId: lead.realEstateId,
      userId: input.userId,
      action: 'lead.released',
      subject: lead.id,
    });
    return rows;
  });
  if (created?.length) deps.queue.wake(leadDeliveryJob);
  return created;
}
