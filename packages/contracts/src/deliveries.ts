/**
 * Lead deliveries to the integrations (the ledger): statuses and their Portuguese labels, the replay
 * rule, and the shapes of `GET /v1/real-estates/{id}/deliveries`, `GET /v1/deliveries/{id}`,
 * `POST /v1/deliveries/{id}/replay` and `POST /v1/real-estates/{id}/integrations/test-lead`.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { INTEGRATION_NAMES, integrationLabel } from './integrations.ts';
import { pageQuery, paginatedSchema } from './pagination.ts';
import { dayFilter, idParams, uuidParams } from './params.ts';
import { isoDateTime, rowUuid } from './response-fields.ts';

/**
 * The ad platforms a lead's conversions are sent to through the same deliveries
 * (docs/product.md#ad-conversions). They are not integrations: the Integrações screen lists only
 * INTEGRATION_NAMES.
 */
export const AD_CONVERSION_TARGETS = ['meta', 'google_ads'] as const;
export type AdConversionTarget = (typeof AD_CONVERSION_TARGETS)[number];
/** Where a delivery goes: an integration (CRM, webhook) or an ad platform. */
export const DELIVERY_TARGETS = [...INTEGRATION_NAMES, ...AD_CONVERSION_TARGETS] as const;
export type DeliveryTarget = (typeof DELIVERY_TARGETS)[number];
export const isAdConversionTarget = (name: string): name is AdConversionTarget =>
  (AD_CONVERSION_TARGETS as readonly string[]).includes(name);
/** How the console names a delivery's target. */
export const deliveryTargetLabel = (name: string): string => integrationLabel(name);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead', 'paused', 'canceled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Na fila',
  delivered: 'Entregue',
  failed: 'Falhou',
  dead: 'Falha definitiva',
  paused: 'Pausada',
  canceled: 'Cancelada',
};

/** What one attempt came to (the ledger's lines). */
export const DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed', 'paused', 'disabled', 'dead'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export const DELIVERY_OUTCOME_LABELS: Record<DeliveryOutcome, string> = {
  delivered: 'Entregue',
  retry: 'Falhou, nova tentativa agendada',
  failed: 'Falhou',
  paused: 'Pausada',
  disabled: 'Integração desativada',
  dead: 'Falhou, sem novas tentativas',
};

/** Only these can be sent again: a delivered one is done, a pending one is already queued (409). */
export const REPLAYABLE_DELIVERY_STATUSES = [
  'failed',
  'dead',
  'paused',
] as const satisfies readonly DeliveryStatus[];
export const canReplayDelivery = (status: DeliveryStatus): boolean =>
  (REPLAYABLE_DELIVERY_STATUSES as readonly DeliveryStatus[]).includes(status);

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** A delivery as a lead lists it (`GET /v1/leads/{id}` → data.deliveries). */
export const leadDeliverySchema = z.object({
  id: rowUuid,
  /** The `webhook-id` header of every attempt (msg_…). */
  webhook_id: z.string(),
  integration: z.enum(DELIVERY_TARGETS),
  /** The ad platform's event (`Lead`, a stage's event); null for the integrations. */
  event: z.string().nullable().optional(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: isoDateTime.nullable(),
  delivered_at: isoDateTime.nullable(),
});
export type LeadDelivery = z.infer<typeof leadDeliverySchema>;

/** A delivery of the agency's ledger (`GET /v1/real-estates/{id}/deliveries`). */
export const deliverySchema = z.object({
  ...leadDeliverySchema.shape,
  lead_id: rowUuid,
  /** null when the lead is gone. */
  lead: z.object({ name: z.string(), is_test: z.boolean() }).nullable(),
  /** The CRM's id for the lead, when it answered one. */
  external_id: z.string().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type Delivery = z.infer<typeof deliverySchema>;

/** One attempt of the ledger. */
export const deliveryAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: isoDateTime,
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  /** The start of the answer, secrets redacted. */
  response: z.string().nullable(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

/** `GET /v1/deliveries/{id}`: the delivery with every attempt, oldest first. */
export const deliveryDetailSchema = z.object({
  ...deliverySchema.shape,
  ledger: z.array(deliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

export const deliveryListResponse = paginatedSchema(deliverySchema);
export type DeliveryList = z.infer<typeof deliveryListResponse>;
export const deliveryDetailResponse = z.object({ data: deliveryDetailSchema });
/** `POST /v1/deliveries/{id}/replay` → 202: the delivery back in the queue, and a sentence for the toast. */
export const deliveryReplayResponse = z.object({ data: deliverySchema, message: z.string() });
export type DeliveryReplayResult = z.infer<typeof deliveryReplayResponse>;

/** `POST /v1/real-estates/{id}/integrations/test-lead` → 201: the test lead and the deliveries it got. */
export const testLeadResponse = z.object({
  data: z.object({
    lead_id: rowUuid,
    deliveries: z.array(
      z.object({ id: rowUuid, integration: z.enum(INTEGRATION_NAMES), status: z.enum(DELIVERY_STATUSES) }),
    ),
  }),
  message: z.string(),
});
export type TestLeadResult = z.infer<typeof testLeadResponse>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const DELIVERY_NOT_FOUND = 'Entrega não encontrada.';

/** The ledger's filters (`GET /v1/real-estates/{id}/deliveries`); the console keeps them in the /leads URL (tab Entregas). */
export const deliveryListQuery = pageQuery(25).extend({
  status: z
    .enum(DELIVERY_STATUSES, { error: `O status deve ser um de: ${DELIVERY_STATUSES.join(', ')}.` })
    .optional(),
  integration: z.enum(DELIVERY_TARGETS, { error: 'Integração desconhecida.' }).optional(),
  lead_id: z.uuid({ error: 'O lead_id deve ser um UUID.' }).optional(),
  from: dayFilter('A data inicial'),
  to: dayFilter('A data final'),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

const deliveryParams = uuidParams(DELIVERY_NOT_FOUND);

export const deliveryEndpoints = {
  sendTestLead: {
    tags: ['integrations'],
    summary: 'Enviar um lead de teste às integrações ativas',
    params: idParams,
    status: 201,
    response: testLeadResponse,
  },
  listDeliveries: {
    tags: ['deliveries'],
    summary: 'Entregas de leads (ledger)',
    params: idParams,
    query: deliveryListQuery,
    response: deliveryListResponse,
  },
  getDelivery: {
    tags: ['deliveries'],
    summary: 'Uma entrega com todas as tentativas',
    params: deliveryParams,
    response: deliveryDetailResponse,
  },
  replayDelivery: {
    tags: ['deliveries'],
    summary: 'Reenviar uma entrega com falha, morta ou pausada (proprietário e administrador)',
    params: deliveryParams,
    status: 202,
    response: deliveryReplayResponse,
    errors: { 409: apiErrorSchema },
  },
} as const satisfies EndpointSchemas;
