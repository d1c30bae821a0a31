import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';
import { isoDateTime } from './response-fields.ts';

/** Integration names (docs/product.md#integration-payloads). */
export const INTEGRATION_NAMES = ['webhook', 'arbo', 'jetimob', 'go_harry'] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];

export const WEBHOOK_AUTH_TYPES = ['none', 'header'] as const;
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number];

export const DEFAULT_WEBHOOK_AUTH_TYPE: WebhookAuthType = 'none';

/** How the console and the server's messages name each integration. */
export const INTEGRATION_LABELS: Record<IntegrationName, string> = {
  webhook: 'Webhook',
  arbo: 'Arbo',
  jetimob: 'Jetimob',
  go_harry: 'GoHarry',
};
/** The label of a name (an ad platform's too, docs/product.md#ad-conversions), or the name itself when it is not one of ours. */
export const integrationLabel = (name: string): string =>
  (INTEGRATION_LABELS as Record<string, string>)[name] ??
  (name === 'meta' ? 'Meta (conversões)' : name === 'google_ads' ? 'Google Ads (conversões)' : name);

/**
 * The stored payloads, as the server answers them (GET and PUT …/integrations). Every field is a
 * string: a secret the server masks is still a string, so these shapes hold for masked answers too.
 */
export const webhookPayloadView = z.object({
  url: z.string(),
  authentication: z.object({ type: z.enum(WEBHOOK_AUTH_TYPES), key: z.string(), value: z.string() }),
});
export const arboPayloadView = z.object({ api_key: z.string() });
export const jetimobPayloadView = z.object({ public_key: z.string(), private_key: z.string() });
export const goHarryPayloadView = z.object({ username: z.string(), password: z.string() });

export type WebhookPayload = z.infer<typeof webhookPayloadView>;
export type ArboPayload = z.infer<typeof arboPayloadView>;
export type JetimobPayload = z.infer<typeof jetimobPayloadView>;
export type GoHarryPayload = z.infer<typeof goHarryPayloadView>;

export interface IntegrationPayloads {
  webhook: WebhookPayload;
  arbo: ArboPayload;
  jetimob: JetimobPayload;
  go_harry: GoHarryPayload;
}

export type Integration<N extends IntegrationName = IntegrationName> = {
  [K in N]: { name: K; is_active: boolean; payload: IntegrationPayloads[K] };
}[N];

export function defaultPayload<N extends IntegrationName>(name: N): IntegrationPayloads[N] {
  const defaults: IntegrationPayloads = {
    webhook: { url: '', authentication: { type: DEFAULT_WEBHOOK_AUTH_TYPE, key: '', value: '' } },
    arbo: { api_key: '' },
    jetimob: { public_key: '', private_key: '' },
    go_harry: { username: '', password: '' },
  };
  return defaults[name];
}

const filled = (v: string | undefined | null) => typeof v === 'string' && v.trim() !== '';

/** is_active derived from content (docs/product.md#integration-auto-save). */
export function isIntegrationActive<N extends IntegrationName>(
  name: N,
  payload: IntegrationPayloads[N],
): boolean {
  switch (name) {
    case 'arbo':
      return filled((payload as ArboPayload).api_key);
    case 'webhook':
      return filled((payload as WebhookPayload).url);
    case 'jetimob': {
      const p = payload as JetimobPayload;
      return filled(p.public_key) || filled(p.private_key);
    }
    case 'go_harry': {
      const p = payload as GoHarryPayload;
      return filled(p.username) && filled(p.password);
    }
    default:
      return false;
  }
}

/**
 * Stored credentials are never sent back in clear (docs/webhooks.md, "Credenciais guardadas"):
 * GET answers this fixed mask in place of each secret that has a value ('' stays ''), and a PUT
 * that sends the mask back keeps the stored value. An empty string removes it (the field's clear
 * button, docs/product.md#integration-auto-save: emptying the main field deactivates the integration). No
 * part of the secret (not even its last characters) is shown: GoHarry passwords are short.
 */
export const SECRET_MASK = '••••••••';

/** The secret fields of each integration's payload, as paths. URLs, user names and Jetimob's public key are not secret. */
export const INTEGRATION_SECRET_FIELDS: { readonly [N in IntegrationName]: readonly (readonly string[])[] } =
  {
    webhook: [['authentication', 'value']],
    arbo: [['api_key']],
    jetimob: [['private_key']],
    go_harry: [['password']],
  };

/** An HTTP header name is a "token" (RFC 9110 §5.6.2). */
export const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the product sets itself, which an agency cannot override. */
export const RESERVED_WEBHOOK_HEADERS = [
  'host',
  'content-type',
  'content-length',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
  'user-agent',
  'connection',
  'transfer-encoding',
];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .max(max, `${label} deve ter no máximo ${max} caracteres.`)
    .regex(/^[^\r\n\0]*$/, `${label} não pode ter quebras de linha.`)
    .default('');

export const webhookPayloadSchema = z.object({
  url: text('A URL do webhook', 2048)
    .transform((v) => v.trim())
    .refine((v) => v === '' || isHttpUrl(v), 'Informe uma URL completa, começando com https://.'),
  authentication: z
    .object(
      {
        type: z
          .enum(WEBHOOK_AUTH_TYPES, { error: 'O tipo de autenticação deve ser "none" ou "header".' })
          .default('none'),
        key: text('O nome do cabeçalho', 100)
          .transform((v) => v.trim())
          .refine(
            (v) => v === '' || HTTP_TOKEN.test(v),
            "O nome do cabeçalho só pode ter letras, números e - _ . ! # $ % & ' * + ^ ` | ~ (sem espaços).",
          )
          .refine(
            (v) => !RESERVED_WEBHOOK_HEADERS.includes(v.toLowerCase()),
            'Este cabeçalho é definido pelo sistema e não pode ser usado.',
          ),
        value: text('O valor do cabeçalho', 2048),
      },
      { error: 'A autenticação deve ser um objeto {type, key, value}.' },
    )
    .default({ type: 'none', key: '', value: '' }),
});
export const arboPayloadSchema = z.object({
  api_key: text('A chave de API', 500).transform((v) => v.trim()),
});
export const jetimobPayloadSchema = z.object({
  public_key: text('A chave pública', 500).transform((v) => v.trim()),
  private_key: text('A chave privada', 500).transform((v) => v.trim()),
});
export const goHarryPayloadSchema = z.object({
  username: text('O usuário', 200).transform((v) => v.trim()),
  password: text('A senha', 500),
});

export const integrationPayloadSchemas = {
  webhook: webhookPayloadSchema,
  arbo: arboPayloadSchema,
  jetimob: jetimobPayloadSchema,
  go_harry: goHarryPayloadSchema,
} as const;

/**
 * PUT /v1/real-estates/{id}/integrations body. is_active is accepted but derived from the content
 * (docs/product.md#integration-auto-save).
 */
export const saveIntegrationBody = z.object({
  name: z.enum(INTEGRATION_NAMES, {
    error: 'Integração desconhecida: use webhook, arbo, jetimob ou go_harry.',
  }),
  is_active: z.boolean({ error: 'is_active deve ser verdadeiro ou falso.' }).optional(),
  payload: z.unknown(),
});

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !u.username && !u.password;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** Extra, read-only facts the server adds to each integration (the console may show them). */
/** Why deliveries to an integration stopped: the CRM refused the credentials, or the webhook is gone. */
export const INTEGRATION_HALT_KINDS = ['paused', 'disabled'] as const;

export const integrationStatusShape = {
  /** The last connectivity test: null when never tested, or when the content changed since. */
  last_test_ok: z.boolean().nullable(),
  last_test_message: z.string().nullable(),
  last_tested_at: isoDateTime.nullable(),
  /** Set when a CRM refused the credentials (paused) or the webhook answered 410 (disabled). */
  halted: z.object({ kind: z.enum(INTEGRATION_HALT_KINDS), reason: z.string(), at: isoDateTime }).nullable(),
};
export type IntegrationStatus = z.infer<z.ZodObject<typeof integrationStatusShape>>;

/**
 * One integration as the server answers it: {name, is_active, payload} (docs/product.md#integration-payloads)
 * plus the read-only facts.
 */
export const integrationSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('webhook'),
    is_active: z.boolean(),
    payload: webhookPayloadView,
    ...integrationStatusShape,
  }),
  z.object({
    name: z.literal('arbo'),
    is_active: z.boolean(),
    payload: arboPayloadView,
    ...integrationStatusShape,
  }),
  z.object({
    name: z.literal('jetimob'),
    is_active: z.boolean(),
    payload: jetimobPayloadView,
    ...integrationStatusShape,
  }),
  z.object({
    name: z.literal('go_harry'),
    is_active: z.boolean(),
    payload: goHarryPayloadView,
    ...integrationStatusShape,
  }),
]);
export type IntegrationView = z.infer<typeof integrationSchema>;

/**
 * `GET /v1/real-estates/{id}/integrations` → all four integrations (data.data.integrations;
 * docs/product.md#integration-payloads).
 */
export const integrationsListResponse = z.object({
  data: z.object({ integrations: z.array(integrationSchema) }),
});
/** `PUT /v1/real-estates/{id}/integrations` → the saved integration and a sentence for the toast. */
export const saveIntegrationResponse = z.object({ data: integrationSchema, message: z.string() });

/** Per-integration line of `GET …/integrations/test` (data.results). */
export const integrationTestResultSchema = z.object({
  name: z.enum(INTEGRATION_NAMES),
  is_active: z.boolean(),
  /** null when the integration is not configured (not tested). */
  ok: z.boolean().nullable(),
  /** False when only the form of the credentials could be checked, not the remote system. */
  verified: z.boolean(),
  message: z.string(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResultSchema>;
/** `GET …/integrations/test`: 200 when every active integration answered well, 422 (same shape) when one failed. */
export const integrationsTestResponse = z.object({
  message: z.string(),
  data: z.object({ results: z.array(integrationTestResultSchema) }),
});

/** `GET …/integrations/webhook/secret` and `POST …/webhook/secret/rotate` → the signing secret (whsec_…). */
export const webhookSecretResponse = z.object({ data: z.object({ secret: z.string() }) });
export type WebhookSecretBody = z.infer<typeof webhookSecretResponse>;

// ---------------------------------------------------------------------------------------------
// Endpoints (the test lead is in deliveries.ts, beside the deliveries it answers with)
// ---------------------------------------------------------------------------------------------

export const integrationEndpoints = {
  getIntegrations: {
    tags: ['integrations'],
    summary: 'Integrações da imobiliária (as quatro, com payload e estado)',
    params: idParams,
    response: integrationsListResponse,
  },
  updateIntegrations: {
    tags: ['integrations'],
    summary: 'Salvar uma integração',
    params: idParams,
    body: saveIntegrationBody,
    response: saveIntegrationResponse,
  },
  testIntegrations: {
    tags: ['integrations'],
    summary: 'Testar as integrações ativas (200 quando todas responderam bem; 422 diz qual falhou e por quê)',
    params: idParams,
    response: integrationsTestResponse,
    // What failed and the per-integration detail, or a validation error of the path.
    errors: { 422: z.union([integrationsTestResponse, apiErrorSchema]) },
  },
  getWebhookSecret: {
    tags: ['integrations'],
    summary: 'Segredo de assinatura do webhook (whsec_…)',
    params: idParams,
    response: webhookSecretResponse,
  },
  rotateWebhookSecret: {
    tags: ['integrations'],
    summary: 'Gerar um novo segredo de assinatura do webhook',
    params: idParams,
    response: webhookSecretResponse,
  },
} as const satisfies EndpointSchemas;
