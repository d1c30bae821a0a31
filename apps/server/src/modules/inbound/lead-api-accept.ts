/**
 * One path for a lead API body, whoever sends it: the API route (after the key, its limits and the
 * Idempotency-Key are settled) and the console's replay of a refused request (inbound-requests.ts), which
 * validates the stored body again with the same contract.
 */
import { endpointSchemas, stripControlCharsDeep } from '@vitrine/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { issuesToErrors, validationError } from '../../lib/http-errors.ts';
import { scoreLeadContent, trackingFields } from '../leads/index.ts';
import { receiveInboundLead, type InboundRequest, type InboundResult } from './receive-inbound-lead.ts';

export type ApiLeadBody = z.output<(typeof endpointSchemas)['createApiLead']['body']>;

/** Stores a validated API lead (once per external id) through the one inbound path. */
export async function receiveApiLeadBody(
  deps: Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>,
  input: {
    realEstateId: number;
    body: ApiLeadBody;
    /** The body as sent, kept in the inbound ledger. */
    rawBody: unknown;
    externalId: string | null;
    /** The Idempotency-Key and its answer, kept on the ledger row committed with a new lead. */
    idempotency?: InboundRequest['idempotency'];
  },
): Promise<InboundResult> {
  const { body } = input;
  const spam = scoreLeadContent({ name: body.name, message: body.message, phone: body.phone });
  const details = { ...(body.extra ?? {}), ...(body.origin ? { origin: body.origin } : {}) };
  return receiveInboundLead(deps, {
    realEstateId: input.realEstateId,
    channel: 'lead_api',
    source: 'api',
    externalId: input.externalId,
    body: input.rawBody,
    httpStatus: 201,
    ...(input.idempotency ? { idempotency: input.idempotency } : {}),
    lead: {
      name: body.name,
      email: body.email,
      phone: body.phone,
      message: body.message,
      listingCode: body.listing_code,
      sourceDetails: Object.keys(details).length ? details : null,
      ...trackingFields(body),
      consent: body.consent,
      quarantineReason: spam.reason,
    },
  });
}

/**
 * A stored body validated again (control characters removed, as the route does): the body, or the
 * 422 the route would answer, its message in Portuguese naming the field.
 */
export function parseStoredApiLead(
  raw: unknown,
): { ok: true; body: ApiLeadBody } | { ok: false; reason: string; errors: Record<string, string[]> } {
  const parsed = endpointSchemas.createApiLead.body.safeParse(stripControlCharsDeep(raw));
  if (parsed.success) return { ok: true, body: parsed.data };
  const e = validationError(issuesToErrors(parsed.error.issues));
  return { ok: false, reason: e.message, errors: e.errors ?? {} };
}
