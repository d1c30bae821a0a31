/**
 * Lead sources (docs/product.md#lead-sources): the Grupo OLX lead push the portals send to the agency's
 * own URL, the lead sources screen (channels, secret, test lead) and the inbound ledger with its replay.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { INBOUND_CHANNELS, INBOUND_OUTCOMES, LEAD_SOURCES, type InboundChannel } from './lead-sources.ts';
import { pageQuery, paginatedSchema } from './pagination.ts';
import { idParams, uuidParams } from './params.ts';
import { isoDateTime, rowUuid } from './response-fields.ts';

/** The Basic user name the portal sends with the agency's secret (`vivareal:<secret>`). */
export const GRUPO_ZAP_BASIC_USER = 'vivareal';
/** The largest push accepted (a lead is well under 4 KB): larger answers 413. */
export const GRUPO_ZAP_MAX_BYTES = 32 * 1024;

/**
 * The Grupo OLX lead, as the portal documents it (developers.grupozap.com "Integração Leads"). Only
 * `clientListingId` and a way to reach the person are required by us; every other field is optional,
 * and unknown fields are kept in the ledger's copy of the body. `transaction_type` is the documented
 * name, `transactionType` the one integrators see in practice: both are read.
 */
export const grupoZapLeadBody = z
  .object({
    leadOrigin: z.string().max(100).optional(),
    timestamp: z.string().max(100).optional(),
    originLeadId: z.string().max(200).optional(),
    originListingId: z.string().max(200).optional(),
    clientListingId: z.string().max(200).optional(),
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    ddd: z.string().max(10).optional(),
    phone: z.string().max(40).optional(),
    phoneNumber: z.string().max(40).optional(),
    message: z.string().max(5000).optional(),
    temperature: z.string().max(40).optional(),
    transactionType: z.string().max(40).optional(),
    transaction_type: z.string().max(40).optional(),
  })
  .meta({
    example: {
      leadOrigin: 'Grupo OLX',
      timestamp: '2017-10-23T15:50:30.619Z',
      originLeadId: '59ee0fc6e4b043e1b2a6d863',
      originListingId: '87027856',
      clientListingId: 'a40171',
      name: 'Nome Consumidor',
      email: 'nome.consumidor@email.com',
      ddd: '11',
      phone: '999999999',
      phoneNumber: '11999999999',
      message: 'Olá, tenho interesse neste imóvel. Aguardo o contato. Obrigado.',
      temperature: 'Alta',
      transaction_type: 'SELL',
    },
  });
export type GrupoZapLeadBody = z.infer<typeof grupoZapLeadBody>;

/** What the portal gets back (it reads only the status; the body is for people reading logs). */
export const inboundLeadResponse = z.object({
  data: z.object({
    lead_id: rowUuid,
    outcome: z.enum(['created', 'duplicate']),
    /** The listing code matched no page of the agency: the lead is kept without a property. */
    listing_not_found: z.boolean(),
  }),
  message: z.string(),
});
export type InboundLeadResponse = z.infer<typeof inboundLeadResponse>;

// ---------------------------------------------------------------------------------------------
// The lead sources screen
// ---------------------------------------------------------------------------------------------

/** The channels whose URL and secret this screen manages (Meta and the API have their own settings). */
export const SECRET_CHANNELS = ['grupo_zap'] as const satisfies readonly InboundChannel[];

export const leadSourceSchema = z.object({
  channel: z.enum(INBOUND_CHANNELS),
  label: z.string(),
  /** Connected and taking leads. */
  connected: z.boolean(),
  /** The URL the portal posts to (Grupo OLX); null when not connected or for channels without one. */
  url: z.string().nullable(),
  /** The Basic user name the portal sends (Grupo OLX: "vivareal"). */
  username: z.string().nullable(),
  /** The secret (the Basic password): owners and admins only; null otherwise. */
  secret: z.string().nullable(),
  connected_at: isoDateTime.nullable(),
  last_received_at: isoDateTime.nullable(),
  /** Leads created per day, the last 30 days (oldest first, days without leads as 0; São Paulo days). */
  leads_per_day: z.array(z.object({ day: z.iso.date(), leads: z.number().int() })),
  /** Leads of this channel whose listing code matched no page (shown at /leads?listing_not_found=1). */
  listing_not_found: z.number().int(),
  /** Requests refused in the last 30 days (and not replayed since). */
  refused: z.number().int(),
});
export type LeadSourceView = z.infer<typeof leadSourceSchema>;

export const leadSourceListResponse = z.object({ data: z.array(leadSourceSchema) });
export const leadSourceResponse = z.object({ data: leadSourceSchema, message: z.string() });

export const channelParams = idParams.extend({
  channel: z.enum(SECRET_CHANNELS, { error: 'Origem de leads desconhecida.' }),
});

/** The inbound ledger's row. */
export const inboundRequestSchema = z.object({
  id: rowUuid,
  channel: z.enum(INBOUND_CHANNELS),
  source: z.enum(LEAD_SOURCES).nullable(),
  received_at: isoDateTime,
  outcome: z.enum(INBOUND_OUTCOMES),
  reason: z.string().nullable(),
  http_status: z.number().int(),
  external_id: z.string().nullable(),
  lead_id: rowUuid.nullable(),
  /** The lead's name, when there is one (null when erased or refused). */
  lead_name: z.string().nullable(),
  is_test: z.boolean(),
  replayed_at: isoDateTime.nullable(),
  /** Who replayed it (the member's name); null when not replayed, or replayed by a member since removed. */
  replayed_by: z.string().nullable(),
  /** A refused request with a body, not replayed yet: "Reenviar". */
  can_replay: z.boolean(),
});
export type InboundRequestView = z.infer<typeof inboundRequestSchema>;

export const inboundRequestDetailSchema = inboundRequestSchema.extend({
  /** The body as received (secrets redacted); null when none was kept. */
  body: z.unknown(),
});
export type InboundRequestDetail = z.infer<typeof inboundRequestDetailSchema>;

export const inboundRequestListQuery = pageQuery(25).extend({
  channel: z.enum(INBOUND_CHANNELS, { error: 'Origem de leads desconhecida.' }).optional(),
  outcome: z
    .enum(INBOUND_OUTCOMES, { error: `O resultado deve ser um de: ${INBOUND_OUTCOMES.join(', ')}.` })
    .optional(),
});
export type InboundRequestListQuery = z.input<typeof inboundRequestListQuery>;
export const inboundRequestListResponse = paginatedSchema(inboundRequestSchema);
export type InboundRequestList = z.infer<typeof inboundRequestListResponse>;

export const INBOUND_REQUEST_NOT_FOUND = 'Requisição não encontrada.';
const inboundRequestParams = uuidParams(INBOUND_REQUEST_NOT_FOUND);

export const inboundTestLeadResponse = z.object({
  data: z.object({ lead_id: rowUuid, request_id: rowUuid }),
  message: z.string(),
});
export const inboundReplayResponse = z.object({
  data: z.object({ lead_id: rowUuid, request_id: rowUuid, outcome: z.enum(['created', 'duplicate']) }),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const inboundEndpoints = {
  receiveGrupoZapLead: {
    tags: ['lead-sources'],
    summary: 'Receber um lead do Grupo OLX (ZAP Imóveis, VivaReal, OLX)',
    description:
      'O portal envia cada lead com `Authorization: Basic` (`vivareal:` + a chave da imobiliária). O mesmo `originLeadId` enviado de novo é o mesmo lead (resposta 200). Sem `clientListingId`: 422. 401 para credenciais erradas; 404 só quando a origem foi desconectada.',
    params: z.object({ publicId: z.string().min(1).max(100) }),
    body: grupoZapLeadBody,
    bodyParsedByHandler: true,
    response: inboundLeadResponse,
  },
  listLeadSources: {
    tags: ['lead-sources'],
    summary: 'Origens de leads da imobiliária (proprietário e administrador)',
    params: idParams,
    response: leadSourceListResponse,
  },
  connectLeadSource: {
    tags: ['lead-sources'],
    summary: 'Conectar uma origem de leads: cria a URL e a chave',
    params: channelParams,
    status: 201,
    response: leadSourceResponse,
  },
  rotateLeadSourceSecret: {
    tags: ['lead-sources'],
    summary: 'Gerar uma nova chave (a antiga deixa de valer)',
    params: channelParams,
    response: leadSourceResponse,
    errors: { 409: apiErrorSchema },
  },
  disconnectLeadSource: {
    tags: ['lead-sources'],
    summary: 'Desconectar uma origem de leads (o portal passa a receber 404)',
    params: channelParams,
    response: leadSourceResponse,
  },
  sendInboundTestLead: {
    tags: ['lead-sources'],
    summary: 'Enviar um lead de teste pelo mesmo caminho do portal',
    params: channelParams,
    status: 201,
    response: inboundTestLeadResponse,
    errors: { 409: apiErrorSchema },
  },
  listInboundRequests: {
    tags: ['lead-sources'],
    summary: 'Requisições recebidas das origens de leads (ledger de entrada)',
    params: idParams,
    query: inboundRequestListQuery,
    response: inboundRequestListResponse,
  },
  getInboundRequest: {
    tags: ['lead-sources'],
    summary: 'Uma requisição recebida, com o corpo',
    params: inboundRequestParams,
    response: z.object({ data: inboundRequestDetailSchema }),
  },
  replayInboundRequest: {
    tags: ['lead-sources'],
    summary: 'Reprocessar uma requisição recusada (depois de corrigir a causa)',
    params: inboundRequestParams,
    status: 201,
    response: inboundReplayResponse,
    errors: { 409: apiErrorSchema, 422: apiErrorSchema },
  },
} as const satisfies EndpointSchemas;
