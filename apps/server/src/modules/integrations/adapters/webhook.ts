// The product's own outgoing webhook: Standard Webhooks v1 events signed per endpoint.
import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '@vitrine/contracts';
import { attempt, outcomeFromResponse, testResultFromError, testResultFromResponse } from './http-outcome.ts';
import type { AdapterContext, DeliveryResult, IntegrationAdapter, LeadForDelivery } from './types.ts';
import { signWebhook } from './webhook-signature.ts';

export { generateWebhookSecret, signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

/** Standard Webhooks asks for small events; the lead message is shortened to stay under this. */
export const WEBHOOK_MAX_BODY_BYTES = 20_000;

const LABEL = 'O webhook';

export type WebhookLeadData = Omit<LeadForDelivery, 'delivery_id'>;

export interface WebhookEvent<T extends string, D> {
  type: T;
  /** ISO 8601: when the event happened (the lead's creation), the same on every retry. */
  timestamp: string;
  data: D;
}

export type LeadCreatedEvent = WebhookEvent<'lead.created', WebhookLeadData>;
export type IntegrationTestEvent = WebhookEvent<'integration.test', Record<string, never>>;

/** The JSON body of a lead.created event, kept under WEBHOOK_MAX_BODY_BYTES. */
export function buildLeadCreatedBody(lead: LeadForDelivery): string {
  const { delivery_id: _deliveryId, ...data } = lead;
  const event: LeadCreatedEvent = { type: 'lead.created', timestamp: lead.created_at, data };
  let body = JSON.stringify(event);
  let excess = Buffer.byteLength(body) - WEBHOOK_MAX_BODY_BYTES;
  while (excess > 0 && event.data.message) {
    // Every character is at least one byte, so cutting `excess` characters (plus the ellipsis) converges.
    event.data.message = `${event.data.message.slice(0, Math.max(0, event.data.message.length - excess - 1))}…`;
    body = JSON.stringify(event);
    excess = Buffer.byteLength(body) - WEBHOOK_MAX_BODY_BYTES;
    if (event.data.message === '…') break;
  }
  return body;
}

// Headers the agency's authentication may not replace: they carry the signature and framing.
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'transfer-encoding',
  'host',
  'connection',
  'user-agent',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The agency's optional header authentication, or a Portuguese reason why it cannot be used. */
export function authenticationHeader(payload: WebhookPayload): { header?: [string, string]; error?: string } {
  const auth = payload.authentication;
  if (auth?.type !== 'header') return {};
  const key = auth.key.trim();
  if (key === '') return {};
  if (!HEADER_NAME.test(key)) return { error: `O nome do cabeçalho de autenticação "${key}" é inválido.` };
  if (RESERVED_HEADERS.has(key.toLowerCase())) {
    return { error: `O cabeçalho "${key}" é reservado e não pode ser usado para autenticação.` };
  }
  if (!HEADER_VALUE.test(auth.value))
    return { error: 'O valor do cabeçalho de autenticação contém caracteres inválidos.' };
  return { header: [key, auth.value] };
}

/** Headers of one attempt: a fresh timestamp and a signature over the exact bytes sent. */
function signedHeaders(
  id: string,
  body: Buffer,
  ctx: AdapterContext,
  authHeader?: [string, string],
): Record<string, string> {
  const timestamp = Math.floor((ctx.now?.() ?? new Date()).getTime() / 1000);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(ctx.webhookSecret, id, timestamp, body),
  };
  if (authHeader) headers[authHeader[0]] = authHeader[1];
  return headers;
}

function configurationProblem(payload: WebhookPayload): string | undefined {
  if (!payload.url?.trim()) return 'Informe a URL do webhook.';
  return authenticationHeader(payload).error;
}

export const webhookAdapter: IntegrationAdapter<'webhook'> = {
  name: 'webhook',

  async send(lead, payload, ctx): Promise<DeliveryResult> {
    const problem = configurationProblem(payload);
    if (problem) return { ok: false, retryable: false, pause: true, durationMs: 0, message: problem };
    const body = Buffer.from(buildLeadCreatedBody(lead));
    return attempt(
      LABEL,
      () =>
        ctx.http.request({
          url: payload.url.trim(),
          method: 'POST',
          headers: signedHeaders(lead.delivery_id, body, ctx, authenticationHeader(payload).header),
          body,
        }),
      (res) =>
        outcomeFromResponse(res, {
          label: LABEL,
          deliveredTo: 'ao webhook',
          goneDisables: true,
          now: ctx.now?.(),
        }),
    );
  },

  async test(payload, ctx) {
    const problem = configurationProblem(payload);
    if (problem) return { ok: false, verified: false, message: problem };
    const event: IntegrationTestEvent = {
      type: 'integration.test',
      timestamp: (ctx.now?.() ?? new Date()).toISOString(),
      data: {},
    };
    const body = Buffer.from(JSON.stringify(event));
    try {
      const res = await ctx.http.request({
        url: payload.url.trim(),
        method: 'POST',
        headers: signedHeaders(`test_${randomUUID()}`, body, ctx, authenticationHeader(payload).header),
        body,
      });
      return testResultFromResponse(res, LABEL);
    } catch (err) {
      return testResultFromError(err, LABEL);
    }
  },
};
