import { z } from 'zod';

/** Integration names of spec §3/§9. */
export const INTEGRATION_NAMES = ['webhook', 'arbo', 'jetimob', 'go_harry'] as const;
export type IntegrationName = (typeof INTEGRATION_NAMES)[number];

export const WEBHOOK_AUTH_TYPES = ['none', 'header'] as const;
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number];
export const DEFAULT_WEBHOOK_AUTH_TYPE: WebhookAuthType = 'none';

export interface WebhookPayload {
  url: string;
  authentication: { type: WebhookAuthType; key: string; value: string };
}
export interface ArboPayload {
  api_key: string;
}
export interface JetimobPayload {
  public_key: string;
  private_key: string;
}
export interface GoHarryPayload {
  username: string;
  password: string;
}
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

/** is_active derived from content (spec §4). */
export function isIntegrationActive<N extends IntegrationName>(name: N, payload: IntegrationPayloads[N]): boolean {
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


/** An HTTP header name is a "token" (RFC 9110 §5.6.2). */
export const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the product sets itself, which an agency cannot override. */
export const RESERVED_WEBHOOK_HEADERS = ['host', 'content-type', 'content-length', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'user-agent', 'connection', 'transfer-encoding'];

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
    .object({
      type: z.enum(WEBHOOK_AUTH_TYPES, { error: 'O tipo de autenticação deve ser "none" ou "header".' }).default('none'),
      key: text('O nome do cabeçalho', 100)
        .transform((v) => v.trim())
        .refine((v) => v === '' || HTTP_TOKEN.test(v), 'O nome do cabeçalho só pode ter letras, números e - _ . ! # $ % & \' * + ^ ` | ~ (sem espaços).')
        .refine((v) => !RESERVED_WEBHOOK_HEADERS.includes(v.toLowerCase()), 'Este cabeçalho é definido pelo sistema e não pode ser usado.'),
      value: text('O valor do cabeçalho', 2048),
    }, { error: 'A autenticação deve ser um objeto {type, key, value}.' })
    .default({ type: 'none', key: '', value: '' }),
});
export const arboPayloadSchema = z.object({ api_key: text('A chave de API', 500).transform((v) => v.trim()) });
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

/** PUT /v1/real-estates/{id}/integrations body. is_active is accepted but derived from the content (spec §4). */
export const saveIntegrationBody = z.object({
  name: z.enum(INTEGRATION_NAMES, { error: 'Integração desconhecida: use webhook, arbo, jetimob ou go_harry.' }),
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

/** Extra, read-only facts the server adds to each integration (the console may show them). */
export interface IntegrationStatus {
  last_test_ok: boolean | null;
  last_test_message: string | null;
  last_tested_at: string | null;
  halted: null | { kind: 'paused' | 'disabled'; reason: string; at: string };
}
