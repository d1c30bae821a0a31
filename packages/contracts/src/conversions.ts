/**
 * Ad conversions (docs/product.md#ad-conversions): the agency's Meta Conversions API connection, the
 * Google Ads click-conversions file, the map of lead statuses to the platforms' events, and what was
 * sent. Shapes of `…/real-estates/{id}/conversions…`, `GET /v1/leads/{id}/conversions` and the public
 * file `GET /v1/public/conversions/google/{token}.csv`.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import { deliverySchema } from './deliveries.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { SECRET_MASK } from './integrations.ts';
import { LEAD_STATUSES, type LeadStatus } from './leads.ts';
import { documentBody, idParams, uuidParams } from './params.ts';
import { isoDateTime } from './response-fields.ts';

/** Meta's standard events an agency picks from for a stage (any custom name is accepted too). */
export const META_STANDARD_EVENTS = [
  'Lead',
  'Contact',
  'Schedule',
  'SubmitApplication',
  'CompleteRegistration',
  'Purchase',
] as const;

/** The map a new agency starts with: the stages that matter to a real-estate funnel. */
export const DEFAULT_STAGE_EVENTS: Record<LeadStatus, { meta: string; google: string }> = {
  novo: { meta: '', google: '' },
  em_atendimento: { meta: '', google: '' },
  visita_agendada: { meta: 'Schedule', google: '' },
  proposta: { meta: 'SubmitApplication', google: '' },
  ganho: { meta: 'Purchase', google: '' },
  perdido: { meta: '', google: '' },
};

/** The time zone of Google's file (the agency's: the product's one time zone). */
export const CONVERSIONS_TIME_ZONE = 'America/Sao_Paulo';

/** An event or conversion name: letters, digits, spaces, `_` and `-`, up to 100 characters (empty: none). */
const eventName = (label: string) =>
  z
    .string()
    .trim()
    .max(100, `${label} deve ter no máximo 100 caracteres.`)
    .regex(/^[\p{L}\p{N} _-]*$/u, `${label} só pode ter letras, números, espaço, "_" e "-".`);

const stageEventsSchema = z.array(
  z.object({
    status: z.enum(LEAD_STATUSES, { error: `O status deve ser um de: ${LEAD_STATUSES.join(', ')}.` }),
    meta: eventName('O evento do Meta'),
    google: eventName('A conversão do Google'),
  }),
);

/** What a Google Ads conversion action is chosen for: the capture, or a status reached. */
export const GOOGLE_ADS_ACTION_KEYS = ['lead', ...LEAD_STATUSES] as const;
export type GoogleAdsActionKey = (typeof GOOGLE_ADS_ACTION_KEYS)[number];
const conversionActionId = z
  .string()
  .trim()
  .regex(/^\d{0,20}$/, 'O ID da ação de conversão do Google Ads tem só números.');
const googleConversionActionsSchema = z.partialRecord(z.enum(GOOGLE_ADS_ACTION_KEYS), conversionActionId);

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const conversionSettingsSchema = z.object({
  /** The agency confirmed that its privacy notice tells visitors about the sharing (docs/privacy.md#ad-conversions). */
  notice_confirmed: z.boolean(),
  meta: z.object({
    enabled: z.boolean(),
    dataset_id: z.string(),
    /** SECRET_MASK when stored, "" otherwise. */
    access_token: z.string(),
    test_event_code: z.string(),
    /** Set when Meta refused the token (the sends wait until new settings are saved). */
    paused_reason: z.string().nullable(),
    last_test_ok: z.boolean().nullable(),
    last_test_message: z.string().nullable(),
    last_tested_at: isoDateTime.nullable(),
  }),
  google: z.object({
    enabled: z.boolean(),
    /** The conversion action's name in Google Ads for a captured lead. */
    lead_conversion_name: z.string(),
    /** The file Google Ads fetches on a schedule; null until the agency turns it on. */
    file_url: z.string().nullable(),
    last_fetched_at: isoDateTime.nullable(),
  }),
  /** The Google Ads API upload (docs/decisions/023-ad-conversions.md): secrets answered masked. */
  google_ads: z.object({
    enabled: z.boolean(),
    customer_id: z.string(),
    login_customer_id: z.string(),
    /** SECRET_MASK when stored, "" otherwise (as the three below). */
    developer_token: z.string(),
    client_id: z.string(),
    client_secret: z.string(),
    refresh_token: z.string(),
    /** Conversion action ids: `lead` for the capture, a status for a stage ("": not sent). */
    conversion_actions: googleConversionActionsSchema,
    paused_reason: z.string().nullable(),
    /** The last "Testar conexão" (cleared when new credentials are saved). */
    last_test_ok: z.boolean().nullable(),
    last_test_message: z.string().nullable(),
    last_tested_at: isoDateTime.nullable(),
  }),
  stage_events: stageEventsSchema,
});
export type ConversionSettings = z.infer<typeof conversionSettingsSchema>;
export const conversionSettingsResponse = z.object({ data: conversionSettingsSchema });
export const conversionSettingsSaved = z.object({ data: conversionSettingsSchema, message: z.string() });

export const metaTestResponse = z.object({
  data: z.object({ ok: z.boolean(), message: z.string() }),
});
export type MetaTestResult = z.infer<typeof metaTestResponse>['data'];

/** The Google Ads API card's test: the credentials, the account and each chosen action, in `message`. */
export const googleAdsTestResponse = z.object({
  data: z.object({ ok: z.boolean(), message: z.string() }),
});

export const conversionSendsResponse = z.object({ data: z.array(deliverySchema) });

/** What was sent about one lead, platform by platform (the lead's page). */
export const leadConversionSchema = z.object({
  platform: z.enum(['meta', 'google_ads']),
  event: z.string(),
  /** delivered: Meta answered, or Google read the file with it; pending; failed; paused. */
  status: z.enum(['delivered', 'pending', 'failed', 'paused']),
  at: isoDateTime.nullable(),
  message: z.string().nullable(),
});
export type LeadConversion = z.infer<typeof leadConversionSchema>;
export const leadConversionsResponse = z.object({
  data: z.object({ summary: z.string().nullable(), conversions: z.array(leadConversionSchema) }),
});
export type LeadConversions = z.infer<typeof leadConversionsResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** A Google Ads customer id as the console shows it (123-456-7890) or its digits; stored as digits. */
const googleCustomerId = (label: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/-/g, ''))
    .pipe(z.string().regex(/^(\d{10})?$/, `${label} tem 10 dígitos (ex.: 123-456-7890).`));
/** A secret field: SECRET_MASK keeps the stored value. */
const googleSecret = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, `${label} deve ter no máximo 1000 caracteres.`)
    .refine((v) => v === SECRET_MASK || /^[A-Za-z0-9_\-./]*$/.test(v), `${label} tem caracteres inválidos.`);

export const updateConversionSettingsBody = z.object({
  notice_confirmed: z.boolean({ error: 'notice_confirmed deve ser verdadeiro ou falso.' }).optional(),
  meta: z
    .object({
      enabled: z.boolean({ error: 'meta.enabled deve ser verdadeiro ou falso.' }).optional(),
      dataset_id: z
        .string()
        .trim()
        .regex(/^\d{0,20}$/, 'O ID do conjunto de dados (pixel) tem só números.')
        .optional(),
      /** SECRET_MASK keeps the stored token. */
      access_token: z
        .string()
        .trim()
        .max(1000, 'O token de acesso deve ter no máximo 1000 caracteres.')
        .refine(
          (v) => v === SECRET_MASK || /^[A-Za-z0-9_\-.|]*$/.test(v),
          'O token de acesso tem caracteres inválidos.',
        )
        .optional(),
      test_event_code: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9]{0,40}$/, 'O código de teste tem só letras e números (ex.: TEST12345).')
        .optional(),
    })
    .optional(),
  google: z
    .object({
      enabled: z.boolean({ error: 'google.enabled deve ser verdadeiro ou falso.' }).optional(),
      lead_conversion_name: eventName('O nome da conversão de lead').optional(),
    })
    .optional(),
  google_ads: z
    .object({
      enabled: z.boolean({ error: 'google_ads.enabled deve ser verdadeiro ou falso.' }).optional(),
      customer_id: googleCustomerId('O ID da conta do Google Ads').optional(),
      login_customer_id: googleCustomerId('O ID da conta de administrador (MCC)').optional(),
      developer_token: googleSecret('O token de desenvolvedor').optional(),
      client_id: z
        .string()
        .trim()
        .max(200, 'O ID do cliente OAuth deve ter no máximo 200 caracteres.')
        .regex(/^[A-Za-z0-9_.-]*$/, 'O ID do cliente OAuth tem caracteres inválidos.')
        .optional(),
      client_secret: googleSecret('A chave secreta do cliente OAuth').optional(),
      refresh_token: googleSecret('O token de atualização (refresh token)').optional(),
      conversion_actions: googleConversionActionsSchema.optional(),
    })
    .optional(),
  stage_events: stageEventsSchema.optional(),
});
export type UpdateConversionSettings = z.infer<typeof updateConversionSettingsBody>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const conversionEndpoints = {
  getConversionSettings: {
    tags: ['conversions'],
    summary: 'Conversões de anúncios: Meta, Google e o mapa de etapas (proprietário e administrador)',
    params: idParams,
    response: conversionSettingsResponse,
  },
  updateConversionSettings: {
    tags: ['conversions'],
    summary: 'Salvar as conversões de anúncios (proprietário e administrador)',
    params: idParams,
    body: updateConversionSettingsBody,
    response: conversionSettingsSaved,
    errors: { 422: apiErrorSchema },
  },
  testMetaConversions: {
    tags: ['conversions'],
    summary: 'Testar a conexão com a API de Conversões do Meta (proprietário e administrador)',
    params: idParams,
    response: metaTestResponse,
  },
  testGoogleAdsConversions: {
    tags: ['conversions'],
    summary:
      'Testar a conexão com a API do Google Ads: credenciais, conta e ações de conversão escolhidas (proprietário e administrador)',
    params: idParams,
    response: googleAdsTestResponse,
  },
  rotateGoogleConversionsFile: {
    tags: ['conversions'],
    summary: 'Gerar um novo endereço para o arquivo do Google Ads (o anterior deixa de valer)',
    params: idParams,
    response: conversionSettingsSaved,
  },
  listConversionSends: {
    tags: ['conversions'],
    summary: 'Os últimos envios às plataformas de anúncios',
    params: idParams,
    response: conversionSendsResponse,
  },
  getLeadConversions: {
    tags: ['conversions'],
    summary: 'O que foi enviado ao Meta e ao Google sobre um lead',
    params: uuidParams('Lead não encontrado.'),
    response: leadConversionsResponse,
  },
  getGoogleConversionsFile: {
    tags: ['conversions'],
    summary: 'Arquivo de conversões de cliques para a importação programada do Google Ads (CSV)',
    description:
      'Modelo do Google: linha "Parameters:TimeZone=America/Sao_Paulo", depois Google Click ID, Conversion Name, Conversion Time, Conversion Value, Conversion Currency. Sem dados pessoais.',
    params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Arquivo não encontrado.') }),
    response: documentBody,
    produces: 'text/csv',
    errors: { 404: apiErrorSchema },
  },
} as const satisfies EndpointSchemas;
