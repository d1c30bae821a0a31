/**
 * Meta lead forms (Facebook and Instagram Lead Ads) as a lead source (docs/product.md#meta-lead-forms):
 * the product's webhook (Meta's verification handshake and its `leadgen` notifications) and the agency's
 * connection (a Facebook page and its page access token), with the form → page choices.
 */
import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { documentBody, idParams, noContent } from './params.ts';

/** Where the card stands: not connected, connected, or connected with a token Meta refuses (paused). */
export const META_LEAD_ADS_STATUSES = ['not_connected', 'connected', 'token_error'] as const;
export type MetaLeadAdsStatus = (typeof META_LEAD_ADS_STATUSES)[number];

export const META_LEAD_ADS_STATUS_LABELS: Record<MetaLeadAdsStatus, string> = {
  not_connected: 'Não conectado',
  connected: 'Conectado',
  token_error: 'Token recusado pela Meta',
};

/** The lead form's question names that carry the agency's listing code (normalized: lower case, no accents, `_`). */
export const META_LISTING_CODE_FIELDS = [
  'codigo_do_imovel',
  'codigo_imovel',
  'cod_imovel',
  'codigo',
  'referencia',
  'referencia_do_imovel',
  'ref_imovel',
  'listing_code',
  'listing_id',
] as const;

const metaFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Meta's status of the form (ACTIVE, ARCHIVED…). */
  status: z.string().nullable(),
  /** The agency's page (listing) its leads go to; null: by the listing-code question, or none. */
  page_id: z.number().nullable(),
});
export type MetaForm = z.infer<typeof metaFormSchema>;

/** A page of the Facebook user who went through "Conectar com Facebook", to choose from. */
const metaOAuthPageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Why this page cannot be connected (the user cannot advertise on it), in Portuguese; null: it can. */
  problem: z.string().nullable(),
});
export type MetaOAuthPage = z.infer<typeof metaOAuthPageSchema>;

export const metaLeadAdsSchema = z.object({
  /** The product's Meta app is set up on this server (META_APP_SECRET and META_WEBHOOK_VERIFY_TOKEN). */
  configured: z.boolean(),
  /** "Conectar com Facebook" is offered: META_APP_ID and META_APP_SECRET are set too. */
  oauth_available: z.boolean(),
  /**
   * This user's "Conectar com Facebook" back from Facebook: the pages to choose from, or why it stopped
   * (in Portuguese). Null when none is waiting.
   */
  oauth: z
    .object({
      pages: z.array(metaOAuthPageSchema),
      error: z.string().nullable(),
    })
    .nullable(),
  status: z.enum(META_LEAD_ADS_STATUSES),
  /** The Facebook page connected (its id and name as Meta gave them). */
  page_id: z.string().nullable(),
  page_name: z.string().nullable(),
  /** Why the source is paused (the token expired or lost a permission), in Portuguese. */
  token_error: z.string().nullable(),
  token_error_at: z.iso.datetime().nullable(),
  /** Leads waiting for a new token (fetched again when it is replaced). */
  waiting_leads: z.number(),
  last_received_at: z.iso.datetime().nullable(),
  /** The product's webhook (callback URL and verify token in the Meta app's Webhooks product). */
  webhook_url: z.string(),
  verify_token: z.string().nullable(),
  /** The forms seen the last time they were listed, with the agency's choices. */
  forms: z.array(metaFormSchema),
});
export type MetaLeadAds = z.infer<typeof metaLeadAdsSchema>;

export const metaLeadAdsResponse = z.object({ data: metaLeadAdsSchema, message: z.string().optional() });

/** A Facebook page id: digits only. */
const pageIdField = z
  .string({ error: 'Informe o ID da página do Facebook.' })
  .trim()
  .min(1, 'Informe o ID da página do Facebook.')
  .regex(/^\d{5,25}$/, 'O ID da página do Facebook tem só números (ex.: 104738291234567).');

export const connectMetaLeadAdsBody = z.object({
  page_id: pageIdField,
  page_access_token: z
    .string({ error: 'Informe o token de acesso da página.' })
    .trim()
    .min(20, 'O token de acesso da página parece incompleto: copie-o inteiro.')
    .max(1000, 'O token de acesso da página é longo demais.')
    .regex(/^[A-Za-z0-9_\-.|]+$/, 'O token de acesso da página tem caracteres inválidos: copie-o de novo.'),
});
export type ConnectMetaLeadAdsInput = z.input<typeof connectMetaLeadAdsBody>;

export const connectMetaOAuthPageBody = z.object({
  page_id: z
    .string({ error: 'Escolha a página do Facebook.' })
    .trim()
    .regex(/^\d{1,25}$/, 'Escolha a página do Facebook.'),
});
export type ConnectMetaOAuthPageInput = z.input<typeof connectMetaOAuthPageBody>;

/** One parameter of the callback: a value it can't be (repeated, too long) is read as absent. */
const callbackParam = (max: number) => z.string().max(max).optional().catch(undefined);

/**
 * What Facebook Login sends back to the redirect URI: a code and our state, or why there is none. The
 * browser arrives here, so a malformed query is never answered with JSON: its parameters read as absent,
 * the state with them, and the visitor is sent back to the lead sources' screen ("invalido").
 */
export const metaOAuthCallbackQuery = z.object({
  code: callbackParam(2000),
  state: callbackParam(500),
  error: callbackParam(200),
  error_reason: callbackParam(200),
  error_code: callbackParam(50),
  error_description: callbackParam(1000),
});

export const updateMetaLeadFormsBody = z.object({
  forms: z
    .array(
      z.object({
        form_id: z.string().regex(/^\d{1,25}$/, 'O ID do formulário deve ter só números.'),
        page_id: z.number().int().positive().nullable(),
      }),
    )
    .max(500, 'São formulários demais de uma vez (até 500).'),
});
export type UpdateMetaLeadFormsInput = z.input<typeof updateMetaLeadFormsBody>;

/** Meta's verification request (the `hub.*` query of the Webhooks product). */
export const metaWebhookVerifyQuery = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().max(200).optional(),
});

/** A `leadgen` notification: ids only (the lead itself is read from the Graph API). */
export const metaWebhookBody = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      time: z.number().optional(),
      changes: z
        .array(
          z.object({
            field: z.string(),
            value: z.object({
              leadgen_id: z.string().optional(),
              page_id: z.string().optional(),
              form_id: z.string().optional(),
              ad_id: z.string().optional(),
              adgroup_id: z.string().optional(),
              created_time: z.number().optional(),
            }),
          }),
        )
        .optional(),
    }),
  ),
});

export const metaLeadAdsEndpoints = {
  verifyMetaWebhook: {
    tags: ['webhooks'],
    summary:
      'Verificação do webhook da Meta (hub.mode=subscribe, hub.verify_token): responde o hub.challenge',
    query: metaWebhookVerifyQuery,
    response: documentBody,
    produces: 'text/plain',
  },
  receiveMetaWebhook: {
    tags: ['webhooks'],
    summary:
      'Notificações leadgen da Meta (X-Hub-Signature-256 do corpo com o app secret); cada lead é buscado na Graph API por um job',
    body: metaWebhookBody,
    bodyParsedByHandler: true,
    response: z.object({ received: z.literal(true), leads: z.number() }),
  },
  getMetaLeadAds: {
    tags: ['lead-sources'],
    summary: 'Formulários do Meta da imobiliária: página conectada, situação do token, webhook e formulários',
    params: idParams,
    response: metaLeadAdsResponse,
  },
  connectMetaLeadAds: {
    tags: ['lead-sources'],
    summary: 'Conectar uma página do Facebook (ID e token de acesso da página, testados na Graph API)',
    params: idParams,
    body: connectMetaLeadAdsBody,
    response: metaLeadAdsResponse,
  },
  disconnectMetaLeadAds: {
    tags: ['lead-sources'],
    summary: 'Desconectar a página do Facebook (o token é apagado)',
    params: idParams,
    status: 204,
    response: noContent,
  },
  listMetaLeadForms: {
    tags: ['lead-sources'],
    summary:
      'Formulários de cadastro da página, lidos da Graph API, com a página do imóvel escolhida para cada um',
    params: idParams,
    response: metaLeadAdsResponse,
  },
  updateMetaLeadForms: {
    tags: ['lead-sources'],
    summary: 'Escolher a página (imóvel) de cada formulário',
    params: idParams,
    body: updateMetaLeadFormsBody,
    response: metaLeadAdsResponse,
  },
  startMetaOAuth: {
    tags: ['lead-sources'],
    summary:
      'Conectar com Facebook: o endereço do Login do Facebook (app do Vitrine, permissões dos formulários) para onde o navegador vai',
    params: idParams,
    response: z.object({ data: z.object({ url: z.string() }) }),
  },
  discardMetaOAuth: {
    tags: ['lead-sources'],
    summary: 'Descartar a conexão com o Facebook em andamento (a lista de páginas e os tokens guardados)',
    params: idParams,
    status: 204,
    response: noContent,
  },
  connectMetaOAuthPage: {
    tags: ['lead-sources'],
    summary:
      'Conectar a página escolhida depois do Login do Facebook (o token da página fica no servidor, testado como o colado)',
    params: idParams,
    body: connectMetaOAuthPageBody,
    response: metaLeadAdsResponse,
  },
  metaOAuthCallback: {
    tags: ['lead-sources'],
    summary:
      'Retorno do Login do Facebook (code e state): troca o code pelos tokens e volta à tela de origens de leads (302)',
    query: metaOAuthCallbackQuery,
    status: 302,
    response: noContent,
    hide: true,
  },
} as const satisfies EndpointSchemas;
