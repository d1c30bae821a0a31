/**
 * The lead API (docs/lead-api.md) and its keys (docs/product.md#lead-api).
 *
 * - `POST /v1/leads`: an agency's own site or tools send a lead with `Authorization: Bearer vk_live_…`.
 *   No session is read and no CSRF token asked (`bearerAuth`, plugins/session.ts); the route is not
 *   served on the landing hosts (plugins/host-routing.ts). The key, its rate limits (per key, then per
 *   agency) and its "last used" mark are one statement, before the body is even read; the body goes
 *   through `receiveInboundLead` like every inbound lead; `Idempotency-Key` works as Stripe's
 *   (lead-api-idempotency.ts): what the key holds is read by the key's admission, and a new lead's
 *   answer is written with the lead. Every answer from 400 to 499 past the key's check is written to the
 *   inbound ledger as refused, with its reason; a replayed answer as a repeat.
 * - The keys: listed, created (shown once) and revoked by owners and admins.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  endpoints,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_API_LIMITS,
  type ApiLeadResponse,
} from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { EndpointRequest } from '../../lib/mount.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import {
  admitApiKey,
  createApiKey,
  listApiKeys,
  looksLikeApiKey,
  revokeApiKey,
  type AdmittedKey,
} from './api-keys.ts';
import {
  IDEMPOTENCY_MISMATCH_MESSAGE,
  idempotencyColumn,
  isIdempotencyKeyTaken,
  keepIdempotencyAnswer,
  knownKey,
  readIdempotencyKey,
  requestFingerprint,
  type KeptAnswer,
  type KnownKey,
} from './lead-api-idempotency.ts';
import { receiveApiLeadBody } from './lead-api-accept.ts';
import { recordInbound, type InboundResult } from './receive-inbound-lead.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The lead API's key that authenticated the request (set before the body is read). */
    leadApiKey: AdmittedKey | null;
    /** What the request's Idempotency-Key held under that key when it was admitted. */
    leadApiKept: KeptAnswer | null;
    /** The body as parsed, before validation: kept in the inbound ledger and fingerprinted. */
    leadApiBody: unknown;
    /** `leadApiBody`'s fingerprint, once computed (fingerprintOf). */
    leadApiFingerprint: string | null;
  }
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const AUTH_CHALLENGE = { 'www-authenticate': 'Bearer realm="Vitrine Imóveis"' };

const missingKey = () =>
  new HttpError(
    401,
    'Envie a chave da API no cabeçalho Authorization: Bearer <chave>.',
    undefined,
    undefined,
    AUTH_CHALLENGE,
  );
const invalidKey = () =>
  new HttpError(
    401,
    'Chave da API inválida ou revogada. Crie uma nova em Origens de leads.',
    undefined,
    undefined,
    { 'www-authenticate': 'Bearer realm="Vitrine Imóveis", error="invalid_token"' },
  );
const tooMany = (seconds: number, what: string) =>
  new HttpError(
    429,
    `Limite de leads por minuto ${what} atingido. Tente de novo em ${seconds} segundo${seconds === 1 ? '' : 's'}.`,
    undefined,
    undefined,
    { 'retry-after': String(seconds) },
  );

const IDEMPOTENCY_FIELD = 'Idempotency-Key';

/** The request's Idempotency-Key when it is a well-formed one (the handler refuses the others). */
function wellFormedIdempotencyKey(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header) ? header : null;
}

/** The request's Idempotency-Key, if any; 422 naming the header when it is not one. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  if (request.headers['idempotency-key'] === undefined) return null;
  const header = wellFormedIdempotencyKey(request);
  if (header === null)
    throw new HttpError(
      422,
      `O cabeçalho Idempotency-Key deve ter de 1 a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis (letras, números e sinais, sem espaços), como um UUID.`,
      {
        [IDEMPOTENCY_FIELD]: [
          `Use de 1 a ${IDEMPOTENCY_KEY_MAX} caracteres visíveis, sem espaços (um UUID, por exemplo).`,
        ],
      },
    );
  return header;
}

export default async function leadApiRoutes(app: FastifyInstance) {
  const { deps } = app;
  const { config } = deps;
  app.decorateRequest('leadApiKey', null);
  app.decorateRequest('leadApiKept', null);
  app.decorateRequest('leadApiBody', null);
  app.decorateRequest('leadApiFingerprint', null);

  mount(app, 'listApiKeys', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    return {
      data: await listApiKeys(deps, membership.realEstateId),
      meta: {
        endpoint_url: `${config.APP_URL}${endpoints.createApiLead.path}`,
        docs_url: config.API_DOCS ? `${config.APP_URL}/docs` : null,
      },
    };
  });

  mount(app, 'createApiKey', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const key = await createApiKey(deps, {
      realEstateId: membership.realEstateId,
      userId: request.currentUser!.id,
      name: request.body.name,
    });
    return { data: key, message: 'Chave criada. Copie agora: ela não será mostrada de novo.' };
  });

  mount(app, 'revokeApiKey', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const key = await revokeApiKey(deps, {
      realEstateId: membership.realEstateId,
      userId: request.currentUser!.id,
      keyId: request.params.keyId,
    });
    if (!key) throw notFound('Chave não encontrada.');
    return { data: key, message: 'Chave revogada: ela deixa de funcionar agora.' };
  });

  /** The key, its scope and its rate limits, from the Authorization header alone. */
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match) throw missingKey();
    const token = match[1]!;
    if (!looksLikeApiKey(token)) throw invalidKey();
    const admission = await admitApiKey(
      deps,
      token,
      {
        perKeyPerMinute: config.LEAD_API_KEY_LIMIT_PER_MINUTE,
        perAgencyPerMinute: config.LEAD_API_AGENCY_LIMIT_PER_MINUTE,
      },
      wellFormedIdempotencyKey(request),
    );
    if (!admission.ok) throw invalidKey();
    if (!admission.key.scopes.includes('leads:write'))
      throw new HttpError(403, 'Esta chave não pode enviar leads (falta a permissão leads:write).');
    request.leadApiKey = admission.key;
    request.leadApiKept = admission.idempotency;
    if (admission.perKey.hits > config.LEAD_API_KEY_LIMIT_PER_MINUTE)
      throw tooMany(admission.perKey.retryAfterSeconds, 'desta chave');
    const agency = admission.perAgency!;
    if (agency.hits > config.LEAD_API_AGENCY_LIMIT_PER_MINUTE)
      throw tooMany(agency.retryAfterSeconds, 'da imobiliária (todas as chaves juntas)');
  };

  /**
   * Refusals of a known key's request (a broken or oversized body, a field, the Idempotency-Key) go to
   * the inbound ledger. Not the 401s (no agency to write them to), nor the 429s (a flood would flood the
   * ledger too).
   */
  const recordRefusal = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const key = request.leadApiKey;
    const status = reply.statusCode;
    if (!key || status < 400 || status >= 500 || status === 429) return payload;
    try {
      const reason = typeof payload === 'string' ? messageOf(payload) : null;
      await recordInbound(deps, {
        realEstateId: key.realEstateId,
        channel: 'lead_api',
        source: 'api',
        outcome: 'refused',
        httpStatus: status,
        reason: reason ?? `HTTP ${status}`,
        externalId: externalIdOf(key, request),
        body: request.leadApiBody ?? null,
      });
    } catch (err) {
      request.log.error({ err }, 'lead API refusal not recorded in the inbound ledger');
    }
    return payload;
  };

  /** What the key holds now, after a concurrent request with it kept its answer. */
  const knownNow = async (idem: { apiKeyId: number; key: string; fingerprint: string }): Promise<KnownKey> =>
    // Nothing live (not expected: the row was just committed): the retry settles it.
    knownKey(await readIdempotencyKey(deps, idem), idem.fingerprint) ?? { kind: 'in_flight' };

  /** The answer for a key that holds one: 422 for another body, 409 while running, else the replay. */
  const answerKnown = async (
    request: EndpointRequest<'createApiLead'>,
    reply: FastifyReply,
    known: KnownKey,
    options: { record: boolean },
  ) => {
    if (known.kind === 'mismatch')
      throw new HttpError(422, IDEMPOTENCY_MISMATCH_MESSAGE, {
        [IDEMPOTENCY_FIELD]: [
          'Já usada com outro corpo nas últimas 24 horas: use uma chave nova para um lead novo.',
        ],
      });
    if (known.kind === 'in_flight')
      throw new HttpError(
        409,
        'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em alguns segundos.',
        undefined,
        undefined,
        { 'retry-after': '1' },
      );
    const key = request.leadApiKey!;
    if (options.record)
      await recordInbound(deps, {
        realEstateId: key.realEstateId,
        channel: 'lead_api',
        source: 'api',
        outcome: 'duplicate',
        httpStatus: known.status,
        externalId: externalIdOf(key, request),
        body: request.leadApiBody,
        leadId: known.leadId,
      });
    return reply
      .status(known.status)
      .header('idempotent-replayed', 'true')
      .send(known.body as ApiLeadResponse);
  };

  mount(
    app,
    'createApiLead',
    async (request, reply) => {
      const key = request.leadApiKey!;
      const idempotencyKey = idempotencyKeyOf(request);
      if (!idempotencyKey) return (await receiveApiLead(deps, key, request, null)).answer;
      const idem = {
        apiKeyId: key.id,
        key: idempotencyKey,
        fingerprint: fingerprintOf(request),
      };
      const known = knownKey(request.leadApiKept, idem.fingerprint);
      if (known) return answerKnown(request, reply, known, { record: true });
      try {
        const { answer, completed, requestId } = await receiveApiLead(deps, key, request, idem);
        if (completed) return answer;
        // A duplicate (the key's 24 hours had passed, or a request with this key stored the lead at
        // the same moment): keep this answer on its ledger row, unless the other request kept its own first.
        const kept = await keepIdempotencyAnswer(deps, { ...idem, requestId, body: answer });
        if (kept) return answer;
        // The ledger already holds this request, as a duplicate: replay the other request's answer when
        // it is this body's, else answer what the ledger says (the lead, a duplicate).
        const known = await knownNow(idem);
        return known.kind === 'replay' ? answerKnown(request, reply, known, { record: false }) : answer;
      } catch (err) {
        // A request with this key kept its answer while this one ran: nothing of this one was stored.
        if (!isIdempotencyKeyTaken(err)) throw err;
        return answerKnown(request, reply, await knownNow(idem), { record: true });
      }
    },
    {
      // Control characters are removed (the lead is kept), as on the landing pages' form.
      config: { bearerAuth: true, controlChars: 'strip' },
      bodyLimit: LEAD_API_LIMITS.bodyBytes,
      onRequest: authenticate,
      preValidation: async (request) => {
        request.leadApiBody = request.body ?? null;
      },
      onSend: recordRefusal,
    },
  );
}

/**
 * The lead's external id (its submission key, docs/lead-api.md#idempotency): the Idempotency-Key under
 * the API key that sent it (two keys of an agency may both count 1, 2, 3…) and the body's fingerprint.
 * A retry after a crash (same key, same body) is the same lead; the same key reused with another body
 * after its 24 hours, a new lead, as Stripe treats a key reused after it was pruned.
 */
function externalIdOf(key: AdmittedKey, request: FastifyRequest): string | null {
  const header = wellFormedIdempotencyKey(request);
  if (header === null) return null;
  return `${key.id}:${header}:${fingerprintOf(request).slice(0, 16)}`;
}

/** The body's fingerprint (lead-api-idempotency.ts), computed once per request. */
const fingerprintOf = (request: FastifyRequest) =>
  (request.leadApiFingerprint ??= requestFingerprint(request.leadApiBody));

function messageOf(payload: string): string | null {
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Stores the lead (once per Idempotency-Key) and builds the answer. A new lead's answer is kept for its
 * Idempotency-Key on its ledger row, in the lead's own transaction (`completed`); a duplicate's is left
 * to the caller (`requestId`: the duplicate's ledger row).
 */
async function receiveApiLead(
  deps: Deps,
  key: AdmittedKey,
  request: EndpointRequest<'createApiLead'>,
  idem: { apiKeyId: number; key: string; fingerprint: string } | null,
): Promise<{ answer: ApiLeadResponse; completed: boolean; requestId: string }> {
  const body = request.body;
  const hadListingCode = !!body.listing_code;
  const result = await receiveApiLeadBody(deps, {
    realEstateId: key.realEstateId,
    body,
    rawBody: request.leadApiBody,
    externalId: idem ? externalIdOf(key, request) : null,
    ...(idem
      ? {
          idempotency: {
            key: idempotencyColumn(idem.apiKeyId, idem.key),
            requestHash: idem.fingerprint,
            answer: (lead: InboundResult['lead']) =>
              apiLeadAnswer(
                { lead, outcome: 'created', listingNotFound: !!lead.listingCode && lead.pageId === null },
                hadListingCode,
              ),
          },
        }
      : {}),
  });
  return {
    answer: apiLeadAnswer(result, hadListingCode),
    completed: result.outcome === 'created',
    requestId: result.requestId,
  };
}

/** The lead API's answer for a stored lead (the route's, and the replay's). */
function apiLeadAnswer(
  result: Pick<InboundResult, 'lead' | 'outcome' | 'listingNotFound'>,
  hadListingCode: boolean,
): ApiLeadResponse {
  const duplicate = result.outcome === 'duplicate';
  return {
    data: {
      id: result.lead.id,
      listing_code: result.lead.listingCode ?? null,
      listing_found: hadListingCode ? !result.listingNotFound : null,
      duplicate,
      quarantined: result.lead.quarantined,
    },
    message: duplicate ? 'Este lead já tinha sido recebido (mesma Idempotency-Key).' : 'Lead recebido.',
  };
}
