/**
 * The lead API (docs/lead-api.md, docs/product.md#lead-api): an agency's own site or tools (RD Station,
 * Zapier, Make) send leads with an API key (`Authorization: Bearer vk_live_…`) and, to retry safely, an
 * `Idempotency-Key` header. The keys are created, listed and revoked in the console by owners and admins.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';
import { isoDateTime, rowUuid } from './response-fields.ts';
import { clipText, normalizeBrazilianPhone } from './validators.ts';

/** What a key may do. Today one scope: sending leads. */
export const API_KEY_SCOPES = ['leads:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts so (then 43 characters of base64url): recognisable in a leaked file or a log. */
export const API_KEY_TOKEN_PREFIX = 'vk_live_';
/** The visible start of a key kept in the clear (`vk_live_` and 4 more characters), to tell keys apart. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_TOKEN_PREFIX.length + 4;

/** An `Idempotency-Key` is 1 to 255 visible ASCII characters (a UUID v4 is the usual choice). */
export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long the first answer to an `Idempotency-Key` is kept (and replayed). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** Limits of the lead API's body (docs/lead-api.md#fields). */
export const LEAD_API_LIMITS = {
  name: 120,
  email: 255,
  message: 2000,
  listingCode: 100,
  origin: 100,
  utm: 200,
  clickId: 500,
  extraKeys: 30,
  extraKeyLength: 100,
  extraValue: 1000,
  /** The body itself, in bytes (a larger one answers 413). */
  bodyBytes: 64 * 1024,
} as const;

// ---------------------------------------------------------------------------------------------
// API keys (console)
// ---------------------------------------------------------------------------------------------

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's visible start (`vk_live_AbCd`): the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: isoDateTime,
  /** Who created it (null when that member was removed). */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The last lead sent with it (updated at most once a minute). */
  last_used_at: isoDateTime.nullable(),
  /** Revoked keys answer 401 at once; they stay listed for the record. */
  revoked_at: isoDateTime.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponse = z.object({
  data: z.array(apiKeySchema),
  meta: z.object({
    /** Where leads are sent: `POST` here (APP_URL + /v1/leads). */
    endpoint_url: z.string(),
    /** The API's interactive documentation (Swagger UI), null when the server does not serve it (API_DOCS). */
    docs_url: z.string().nullable(),
  }),
});
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponse>;

export const createApiKeyBody = z.object({
  name: z
    .string({ error: 'Dê um nome à chave, como "Site" ou "RD Station".' })
    .trim()
    .min(1, 'Dê um nome à chave, como "Site" ou "RD Station".')
    .max(60, 'O nome da chave deve ter no máximo 60 caracteres.'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

/** The new key, with its secret `token`: the only answer that ever carries it. */
export const createdApiKeyResponse = z.object({
  data: apiKeySchema.extend({ token: z.string() }),
  message: z.string(),
});
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;

export const apiKeyResponse = z.object({ data: apiKeySchema, message: z.string() });

/** `{id}` of the agency and `{keyId}` of its API key. */
export const apiKeyParams = idParams.extend({
  keyId: z.coerce
    .number({ error: 'O keyId deve ser um número.' })
    .int('O keyId deve ser um número inteiro.')
    .positive('O keyId deve ser positivo.')
    .max(2_147_483_647, 'O keyId é grande demais.'),
});

// ---------------------------------------------------------------------------------------------
// The lead API's body
// ---------------------------------------------------------------------------------------------

/**
 * A field the caller's tools fill (campaign, click ids, the origin's name): never a reason to refuse a
 * lead. Too long is cut to `max`; a number is kept as text; any other shape is dropped.
 */
const clipped = (max: number, description: string) =>
  z
    .unknown()
    .optional()
    .transform((v) => {
      const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
      return clipText(text.trim(), max).trim() || null;
    })
    .meta({ type: 'string', description: `${description} Cortado em ${max} caracteres, nunca recusado.` });

/** A text the person typed, cut (never refused) when longer than `max`. */
const typed = (field: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: `${field} deve ser um texto.` })
    .nullish()
    .transform((v) =>
      v === null || v === undefined ? null : clipText(String(v).trim(), max).trim() || null,
    );

const truthy = z
  .unknown()
  .optional()
  .transform(
    (v) =>
      v === true ||
      v === 1 ||
      (typeof v === 'string' && ['1', 'true', 'on', 'sim', 'yes'].includes(v.trim().toLowerCase())),
  )
  .meta({
    type: 'boolean',
    description: 'A pessoa autorizou o contato de marketing (true, "sim", 1). Ausente: false.',
  });

const extraValue = z.union([z.string(), z.number(), z.boolean(), z.null()], {
  error: 'Os valores de extra devem ser texto, número, true/false ou null (sem objetos nem listas).',
});

/** Custom fields of the caller's form: a small flat object, kept with the lead's source details. */
const extraField = z
  .record(z.string(), extraValue, {
    error: 'extra deve ser um objeto com campos simples, como {"renda": "R$ 8 mil"}.',
  })
  .nullish()
  .superRefine((v, ctx) => {
    if (v && Object.keys(v).length > LEAD_API_LIMITS.extraKeys)
      ctx.addIssue({
        code: 'custom',
        message: `extra aceita no máximo ${LEAD_API_LIMITS.extraKeys} campos.`,
      });
    // Checked here, not in the record's key schema, whose own message the record's error would replace.
    if (v && Object.keys(v).some((k) => k.trim().length > LEAD_API_LIMITS.extraKeyLength))
      ctx.addIssue({
        code: 'custom',
        message: `Os nomes dos campos de extra devem ter no máximo ${LEAD_API_LIMITS.extraKeyLength} caracteres.`,
      });
  })
  // A field with no name (blank once trimmed) is dropped: it would say nothing in the CRM.
  .transform((v) => {
    const entries = Object.entries(v ?? {}).flatMap(([k, x]) =>
      k.trim()
        ? [[k.trim(), typeof x === 'string' ? clipText(x.trim(), LEAD_API_LIMITS.extraValue) : x]]
        : [],
    );
    return entries.length ? Object.fromEntries(entries) : null;
  })
  .meta({
    description: `Campos do seu formulário, guardados com o lead (até ${LEAD_API_LIMITS.extraKeys} campos simples; textos cortados em ${LEAD_API_LIMITS.extraValue} caracteres).`,
  });

export const LEAD_API_EXAMPLE = {
  name: 'Maria Souza',
  email: 'maria.souza@exemplo.com.br',
  phone: '(11) 98888-7777',
  message: 'Gostaria de visitar o apartamento no sábado.',
  listing_code: 'AP-1234',
  origin: 'RD Station',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'lancamento-verao',
  gclid: 'Cj0KCQjw-exemplo',
  consent: true,
  extra: { renda_familiar: 'R$ 8 a 12 mil', financiamento: true },
};

/** `POST /v1/leads` (docs/lead-api.md#fields). */
export const apiLeadBody = z
  .object({
    name: z
      .union([z.string(), z.number()], { error: 'Informe o nome da pessoa (name).' })
      .transform((v) => clipText(String(v).trim(), LEAD_API_LIMITS.name).trim())
      .refine((v) => v.length >= 2, 'Informe o nome da pessoa (name), com pelo menos 2 letras.')
      .meta({
        type: 'string',
        description: `Nome da pessoa (cortado em ${LEAD_API_LIMITS.name} caracteres).`,
      }),
    email: typed('email', LEAD_API_LIMITS.email)
      .refine((v) => v === null || z.email().safeParse(v).success, 'Informe um e-mail válido em email.')
      .meta({ type: 'string', format: 'email' }),
    phone: typed('phone', 30)
      .refine(
        (v) => v === null || normalizeBrazilianPhone(v) !== null,
        'Informe em phone um telefone brasileiro com DDD, como (11) 98888-7777.',
      )
      .transform((v) => (v ? normalizeBrazilianPhone(v) : null))
      .meta({
        type: 'string',
        description: 'Telefone brasileiro com DDD; +55 opcional. Guardado só com os dígitos.',
      }),
    message: typed('message', LEAD_API_LIMITS.message).meta({
      type: 'string',
      description: `Mensagem da pessoa (cortada em ${LEAD_API_LIMITS.message} caracteres).`,
    }),
    listing_code: z
      .union([z.string(), z.number()], { error: 'listing_code deve ser um texto.' })
      .nullish()
      .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null))
      .refine(
        (v) => v === null || v.length <= LEAD_API_LIMITS.listingCode,
        `listing_code deve ter no máximo ${LEAD_API_LIMITS.listingCode} caracteres.`,
      )
      .meta({
        type: 'string',
        description:
          'Código do imóvel na imobiliária (o mesmo da página). Um código sem página guarda o lead sem imóvel.',
      }),
    origin: clipped(LEAD_API_LIMITS.origin, 'De onde veio o lead, em texto livre: "Site", "RD Station".'),
    utm_source: clipped(LEAD_API_LIMITS.utm, 'utm_source da campanha.'),
    utm_medium: clipped(LEAD_API_LIMITS.utm, 'utm_medium da campanha.'),
    utm_campaign: clipped(LEAD_API_LIMITS.utm, 'utm_campaign da campanha.'),
    utm_term: clipped(LEAD_API_LIMITS.utm, 'utm_term da campanha.'),
    utm_content: clipped(LEAD_API_LIMITS.utm, 'utm_content da campanha.'),
    gclid: clipped(LEAD_API_LIMITS.clickId, 'Identificador de clique do Google Ads.'),
    fbclid: clipped(LEAD_API_LIMITS.clickId, 'Identificador de clique do Meta.'),
    consent: truthy,
    extra: extraField,
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email)
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Informe phone ou email: um contato para o lead.',
      });
  })
  .meta({ example: LEAD_API_EXAMPLE });
export type ApiLeadBody = z.input<typeof apiLeadBody>;

export const apiLeadResultSchema = z.object({
  /** The lead's id (the same on a repeat with the same Idempotency-Key). */
  id: rowUuid,
  listing_code: z.string().nullable(),
  /** The listing code matched one of the agency's pages; null without a code. */
  listing_found: z.boolean().nullable(),
  /** This lead had been received already (same Idempotency-Key): nothing new was stored. */
  duplicate: z.boolean(),
  /** Held back for review (docs/spam-rules.md#the-lead-api): kept, not forwarded until released. */
  quarantined: z.boolean(),
});
export type ApiLeadResult = z.infer<typeof apiLeadResultSchema>;

export const apiLeadResponse = z.object({ data: apiLeadResultSchema, message: z.string() }).meta({
  example: {
    data: {
      id: '0b8f2a52-5d6e-4b7c-9a1d-2f3e4a5b6c7d',
      listing_code: 'AP-1234',
      listing_found: true,
      duplicate: false,
      quarantined: false,
    },
    message: 'Lead recebido.',
  },
});
export type ApiLeadResponse = z.infer<typeof apiLeadResponse>;

const leadApiError = (description: string) => apiErrorSchema.meta({ description });

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const leadApiEndpoints = {
  listApiKeys: {
    tags: ['lead-api'],
    summary: 'Chaves da API de leads da imobiliária (ativas e revogadas)',
    params: idParams,
    response: apiKeyListResponse,
  },
  createApiKey: {
    tags: ['lead-api'],
    summary: 'Criar uma chave da API de leads (a chave só aparece nesta resposta)',
    params: idParams,
    body: createApiKeyBody,
    status: 201,
    response: createdApiKeyResponse,
  },
  revokeApiKey: {
    tags: ['lead-api'],
    summary: 'Revogar uma chave da API de leads (passa a responder 401 na hora)',
    params: apiKeyParams,
    response: apiKeyResponse,
  },
  createApiLead: {
    tags: ['lead-api'],
    summary: 'Enviar um lead (chave de API no cabeçalho Authorization: Bearer)',
    description: [
      'Recebe um lead do site ou das ferramentas da imobiliária (RD Station, Zapier, Make) e o trata como os',
      'das páginas: junta com o contato que já existe, passa pela roleta, avisa a equipe e envia às integrações.',
      '',
      '- **Autenticação**: `Authorization: Bearer vk_live_…` (chave criada em Origens de leads; sem cookie).',
      '- **Idempotency-Key** (opcional, recomendado): até 255 caracteres; a mesma chave com o mesmo corpo',
      '  nas próximas 24 h devolve a mesma resposta (com `Idempotent-Replayed: true`) e nunca cria um segundo',
      '  lead; com outro corpo, 422; enquanto a primeira ainda está em andamento, 409.',
      '- **Limites**: por chave e por imobiliária (429 com `Retry-After`); corpo até 64 KB (413).',
      '',
      'Guia completo: docs/lead-api.md.',
    ].join('\n'),
    security: [{ leadApiKey: [] }],
    body: apiLeadBody,
    status: 201,
    response: apiLeadResponse,
    errors: {
      401: leadApiError('Chave ausente, inválida ou revogada.'),
      403: leadApiError('A chave não tem a permissão leads:write.'),
      409: leadApiError('Uma requisição com a mesma Idempotency-Key ainda está em andamento.'),
      413: leadApiError('Corpo maior que 64 KB.'),
      422: leadApiError(
        'Campo inválido (o campo está em errors), ou Idempotency-Key já usada com outro corpo.',
      ),
      429: leadApiError('Limite de envios por minuto atingido: tente de novo após Retry-After segundos.'),
    },
  },
} as const satisfies EndpointSchemas;
