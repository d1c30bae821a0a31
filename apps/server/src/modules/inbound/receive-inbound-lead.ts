/**
 * The one way a lead from outside the landing pages comes in (docs/product.md#lead-sources): a portal's
 * push, a Meta lead form, the lead API. The lead goes through the same capture as a landing-page lead
 * (contact dedupe, rotation, alert, deliveries to the CRMs with their ledger, the LGPD record), and every
 * request, refused or not, is written to the inbound ledger with what became of it.
 *
 * The source's own id of the lead (`originLeadId`, Meta's leadgen id, the API's Idempotency-Key) is the
 * lead's submission key `<channel>:<id>`: the same push twice, or ten times during a crash, is one lead
 * (the unique index settles it, whichever replica gets the repeat).
 */
import {
  stripControlCharsForJsonb,
  type InboundChannel,
  type InboundOutcome,
  type LeadSource,
} from '@vitrine/contracts';
import { inboundRequests } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { groupedPerApp } from '../../lib/group-commit.ts';
import { newId } from '../../lib/ids.ts';
import { captureLead, type CapturedLead } from '../leads/index.ts';

/** What a source says of a lead, already validated and mapped by the channel. */
export interface InboundLead {
  name: string;
  email?: string | null;
  phone?: string | null;
  message?: string | null;
  /** The agency's own listing code: finds the page; kept when it matches none. */
  listingCode?: string | null;
  /** The page the agency chose for this source (a Meta form → listing choice): wins over the listing code. */
  pageId?: number | null;
  /** What else the source said (temperature, form answers, campaign…): carried to the CRMs. */
  sourceDetails?: Record<string, unknown> | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  utmTerm?: string | null;
  utmContent?: string | null;
  gclid?: string | null;
  fbclid?: string | null;
  /** The person agreed to be contacted for marketing (the source asked them). */
  consent?: boolean;
  /** Held back for review (a source that scores its leads: the API's spam rules). */
  quarantineReason?: string | null;
  isTest?: boolean;
}

export interface InboundRequest {
  realEstateId: number;
  channel: InboundChannel;
  source: LeadSource;
  /** The source's id of this lead (idempotency); absent when the source has none. */
  externalId?: string | null;
  /** The request body as received, secrets already removed: kept in the inbound ledger. */
  body: unknown;
  lead: InboundLead;
  /** The HTTP status the source is answered with when the lead is stored (201, 200…). */
  httpStatus: number;
  /**
   * The lead API's Idempotency-Key (`<api key id>:<header>`), the body's fingerprint and the answer for a
   * new lead: kept on the ledger row the capture writes with the lead (lead-api-idempotency.ts).
   */
  idempotency?: { key: string; requestHash: string; answer: (lead: CapturedLead['lead']) => unknown };
}

export interface InboundResult extends CapturedLead {
  outcome: Extract<InboundOutcome, 'created' | 'duplicate'>;
  /** The listing code matched no page of the agency: stored without a page. */
  listingNotFound: boolean;
  /** The inbound ledger's row. */
  requestId: string;
}

type InboundDeps = Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>;

/**
 * Stores an inbound lead (once per external id) with its row of the inbound ledger. The page named by
 * the listing code is found, and the ledger row written, in the capture's own group statements
 * (capture-lead.ts): a lead from outside costs the same round trips as a landing-page one. A duplicate
 * (the source's id seen before) is written to the ledger apart, as such.
 */
export async function receiveInboundLead(deps: InboundDeps, request: InboundRequest): Promise<InboundResult> {
  // Whatever the channel parsed, nothing PostgreSQL refuses (a NUL in a Graph answer, a key) reaches
  // the lead's statement: there it would fail the lead with its group (docs/lead-sources.md).
  const input = stripControlCharsForJsonb(request.lead);
  const code = input.listingCode?.trim() || null;
  const externalId = request.externalId ?? null;
  const captured = await captureLead(deps, {
    realEstateId: request.realEstateId,
    pageId: input.pageId ?? null,
    pageFromListingCode: !input.pageId && !!code,
    name: input.name,
    email: input.email ?? null,
    phone: input.phone ?? null,
    message: input.message ?? null,
    source: request.source,
    sourceDetails: input.sourceDetails ?? null,
    listingCode: code,
    utmSource: input.utmSource ?? null,
    utmMedium: input.utmMedium ?? null,
    utmCampaign: input.utmCampaign ?? null,
    utmTerm: input.utmTerm ?? null,
    utmContent: input.utmContent ?? null,
    gclid: input.gclid ?? null,
    fbclid: input.fbclid ?? null,
    consent: input.consent ?? false,
    quarantined: !!input.quarantineReason,
    quarantineReason: input.quarantineReason ?? null,
    isTest: input.isTest ?? false,
    submissionKey: externalId ? `${request.channel}:${externalId}` : null,
    inboundRequest: {
      realEstateId: request.realEstateId,
      channel: request.channel,
      source: request.source,
      outcome: 'created',
      httpStatus: request.httpStatus,
      reason: null,
      externalId,
      body: stripControlCharsForJsonb(request.body ?? null),
      ...(request.idempotency
        ? {
            idempotencyKey: request.idempotency.key,
            requestHash: request.idempotency.requestHash,
            answer: request.idempotency.answer,
          }
        : {}),
    },
  });
  const outcome = captured.duplicate ? 'duplicate' : 'created';
  const requestId =
    captured.inboundRequestId ??
    (await recordInbound(deps, {
      realEstateId: request.realEstateId,
      channel: request.channel,
      source: request.source,
      outcome,
      httpStatus: request.httpStatus,
      externalId,
      body: request.body,
      leadId: captured.lead.id,
    }));
  return { ...captured, outcome, listingNotFound: !!code && captured.lead.pageId === null, requestId };
}

export interface InboundRecord {
  realEstateId: number;
  channel: InboundChannel;
  source?: LeadSource | null;
  outcome: InboundOutcome;
  httpStatus: number;
  /** Why it was refused, in Portuguese. */
  reason?: string | null;
  externalId?: string | null;
  body: unknown;
  leadId?: string | null;
}

/**
 * Writes one request to the inbound ledger (a refused one too: wrong body, unknown form). Returns the
 * ledger row's id. Requests that arrive together share one insert and one commit (group commit,
 * lib/group-commit.ts): a burst of pushes costs a few WAL flushes, not one per request; each caller is
 * answered only after the commit that holds its row. When a source was last heard from is read from the
 * ledger (lastReceivedByChannel), not written here: no update of the source's row per lead (decision 019).
 */
export const recordInbound: (deps: Pick<Deps, 'db'>, record: InboundRecord) => Promise<string> =
  groupedPerApp((deps: Pick<Deps, 'db'>, records: InboundRecord[]) => recordInboundGroup(deps, records), {
    maxBatch: 200,
    maxInFlight: 4,
  });

async function recordInboundGroup(deps: Pick<Deps, 'db'>, records: InboundRecord[]): Promise<string[]> {
  const now = new Date();
  const ids = records.map(() => newId());
  await deps.db.insert(inboundRequests).values(
    records.map((record, i) => ({
      id: ids[i]!,
      realEstateId: record.realEstateId,
      channel: record.channel,
      source: record.source ?? null,
      outcome: record.outcome,
      httpStatus: record.httpStatus,
      reason: record.reason ?? null,
      externalId: record.externalId ?? null,
      body: stripControlCharsForJsonb(record.body ?? null),
      leadId: record.leadId ?? null,
      receivedAt: now,
    })),
  );
  return ids;
}
