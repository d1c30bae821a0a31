/**
 * Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): find one
 * person's data in an agency by e-mail or phone, export it, erase it; the log of those requests; and the
 * agency's retention periods. Shapes of `/v1/real-estates/{id}/privacy/*` (docs/privacy.md describes the
 * export document).
 */
import { z } from 'zod';
import { LEAD_STATUSES } from './leads.ts';
import { DELIVERY_OUTCOMES, DELIVERY_STATUSES, DELIVERY_TARGETS } from './deliveries.ts';
import { pageQuery, paginatedSchema } from './pagination.ts';
import { isoDateTime, rowUuid } from './response-fields.ts';
import { digits } from './validators.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';

// ---------------------------------------------------------------------------------------------
// The person: an e-mail or a Brazilian phone
// ---------------------------------------------------------------------------------------------

/** What a data subject is found by. */
export const PRIVACY_KEY_TYPES = ['email', 'phone'] as const;

/**
 * How a phone is looked for: `national` is DDD + number (10 or 11 digits; a leading 55 is dropped and
 * matches either way), `local` the number without DDD (8 or 9 digits, any DDD).
 */
export type PersonKey =
  { type: 'email'; email: string } | { type: 'phone'; national: string } | { type: 'phone'; local: string };

export const PRIVACY_MESSAGES = {
  missing: 'Informe o e-mail ou o telefone da pessoa.',
  both: 'Informe só um: o e-mail ou o telefone.',
  email: 'Informe um e-mail válido.',
  phone: 'Informe um telefone com DDD (10 ou 11 dígitos, com ou sem 55) ou só o número (8 ou 9 dígitos).',
  phoneWithDdd:
    'Para exportar ou anonimizar, informe o telefone com DDD: só o número pode ser de outras pessoas, de outros DDDs.',
} as const;

/** The person's key from what was typed, or null when it is not an e-mail or a phone. */
export function parsePersonKey(input: { email?: string | null; phone?: string | null }): PersonKey | null {
  const email = input.email?.trim().toLowerCase();
  if (email) return z.email().safeParse(email).success ? { type: 'email', email } : null;
  let d = digits(input.phone ?? '');
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length === 10 || d.length === 11) return { type: 'phone', national: d };
  if (d.length === 8 || d.length === 9) return { type: 'phone', local: d };
  return null;
}

/** The key as the console shows it (and as it is hashed for the log). */
export const personKeyText = (key: PersonKey): string =>
  key.type === 'email' ? key.email : 'national' in key ? key.national : key.local;

/** `{email}` or `{phone}`: exactly one, checked and normalised (e-mail lowercased, phone digits). */
export const personSearchBody = z
  .object({
    email: z
      .string({ error: 'O e-mail deve ser um texto.' })
      .trim()
      .max(255, 'O e-mail deve ter no máximo 255 caracteres.')
      .nullish(),
    phone: z
      .string({ error: 'O telefone deve ser um texto.' })
      .trim()
      .max(30, 'O telefone deve ter no máximo 30 caracteres.')
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone)
      ctx.addIssue({ code: 'custom', path: ['email'], message: PRIVACY_MESSAGES.missing });
    else if (v.email && v.phone)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PRIVACY_MESSAGES.both });
    else if (v.email && !parsePersonKey({ email: v.email }))
      ctx.addIssue({ code: 'custom', path: ['email'], message: PRIVACY_MESSAGES.email });
    else if (v.phone && !parsePersonKey({ phone: v.phone }))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: PRIVACY_MESSAGES.phone });
  });
export type PersonSearchBody = z.input<typeof personSearchBody>;

/**
 * The key of an export or an erasure: as the search's, but a phone must carry its DDD. A number without
 * it matches every DDD (and the last digits of longer numbers), so it may find strangers: fine to look,
 * never to hand over or erase their data.
 */
export const personActionBody = personSearchBody.superRefine((v, ctx) => {
  const key = v.phone && !v.email ? parsePersonKey({ phone: v.phone }) : null;
  if (key && 'local' in key)
    ctx.addIssue({ code: 'custom', path: ['phone'], message: PRIVACY_MESSAGES.phoneWithDdd });
});

// ---------------------------------------------------------------------------------------------
// What was found
// ---------------------------------------------------------------------------------------------

/** Rows of each kind found for (or changed for) the person. */
export const personCountsSchema = z.object({
  leads: z.number().int(),
  contacts: z.number().int(),
  /** Analytics visits linked to the person's leads. */
  sessions: z.number().int(),
  /** Events of those visits. */
  events: z.number().int(),
  deliveries: z.number().int(),
  /** Attempts of those deliveries (the ledger), with the CRM's answers. */
  delivery_attempts: z.number().int(),
  /** Entries of the leads' history (released, status changed, assigned). */
  history: z.number().int(),
  /**
   * Requests of the inbound ledger (a portal's push, a Meta lead, an API body) that are the person's:
   * linked to their leads, or with their e-mail or phone in the body as received.
   */
  inbound_requests: z.number().int(),
});
export type PersonCounts = z.infer<typeof personCountsSchema>;

export const PERSON_COUNT_LABELS: Record<keyof PersonCounts, string> = {
  leads: 'Leads',
  contacts: 'Contatos',
  sessions: 'Visitas (analytics)',
  events: 'Eventos das visitas',
  deliveries: 'Entregas ao CRM',
  delivery_attempts: 'Tentativas de entrega',
  history: 'Histórico dos leads',
  inbound_requests: 'Requisições recebidas (origens de leads)',
};

/** A lead of the person, as the summary lists it. */
export const personLeadSchema = z.object({
  id: rowUuid,
  created_at: isoDateTime,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  consent: z.boolean(),
  page: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type PersonLead = z.infer<typeof personLeadSchema>;

export const personSummarySchema = z.object({
  key: z.object({ type: z.enum(PRIVACY_KEY_TYPES), value: z.string() }),
  counts: personCountsSchema,
  /** Newest first, at most 100 (the export has them all). */
  leads: z.array(personLeadSchema),
});
export type PersonSummary = z.infer<typeof personSummarySchema>;
export const personSummaryResponse = z.object({ data: personSummarySchema });

// ---------------------------------------------------------------------------------------------
// The export document (docs/privacy.md "Export")
// ---------------------------------------------------------------------------------------------

export const PERSON_EXPORT_FORMAT = 'vitrine-imoveis/lgpd-export@1';

const exportEvent = z.object({
  name: z.string(),
  occurred_at: isoDateTime,
  page_id: z.number().int().nullable(),
  props: z.record(z.string(), z.unknown()).nullable(),
});

const exportSession = z.object({
  id: z.string(),
  started_at: isoDateTime,
  last_seen_at: isoDateTime,
  source: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  referrer_host: z.string().nullable(),
  device: z.string(),
  events: z.array(exportEvent),
});

const exportAttempt = z.object({
  attempt: z.number().int(),
  started_at: isoDateTime,
  status_code: z.number().int().nullable(),
  outcome: z.enum(DELIVERY_OUTCOMES),
  response: z.string().nullable(),
  error: z.string().nullable(),
});

const exportDelivery = z.object({
  id: rowUuid,
  integration: z.enum(DELIVERY_TARGETS),
  status: z.enum(DELIVERY_STATUSES),
  created_at: isoDateTime,
  delivered_at: isoDateTime.nullable(),
  external_id: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  attempts: z.array(exportAttempt),
});

const exportLead = z.object({
  id: rowUuid,
  created_at: isoDateTime,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  /** The box "aceito ser contatado" as the person left it. */
  consent: z.boolean(),
  status: z.enum(LEAD_STATUSES),
  source: z.string(),
  page: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_term: z.string().nullable(),
  utm_content: z.string().nullable(),
  gclid: z.string().nullable(),
  fbclid: z.string().nullable(),
  /** Meta's browser id from the page's Pixel cookie. */
  fbp: z.string().nullable(),
  referrer: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** A keyed hash of the IP the form came from (the IP itself is never stored). */
  ip_hash: z.string().nullable(),
  history: z.array(
    z.object({ action: z.string(), at: isoDateTime, details: z.record(z.string(), z.unknown()).nullable() }),
  ),
  deliveries: z.array(exportDelivery),
  session: exportSession.nullable(),
});

export const personExportSchema = z.object({
  format: z.literal(PERSON_EXPORT_FORMAT),
  generated_at: isoDateTime,
  agency: z.object({ id: z.number().int(), name: z.string(), cnpj: z.string().nullable() }),
  search: z.object({ type: z.enum(PRIVACY_KEY_TYPES), value: z.string() }),
  counts: personCountsSchema,
  contacts: z.array(
    z.object({
      id: rowUuid,
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      leads_count: z.number().int(),
      first_lead_at: isoDateTime,
      last_lead_at: isoDateTime,
    }),
  ),
  leads: z.array(exportLead),
  /** The inbound ledger's requests of the person, with the body as the source sent it. */
  inbound_requests: z.array(
    z.object({
      id: rowUuid,
      received_at: isoDateTime,
      channel: z.string(),
      source: z.string().nullable(),
      outcome: z.string(),
      reason: z.string().nullable(),
      lead_id: rowUuid.nullable(),
      body: z.unknown(),
    }),
  ),
});
export type PersonExport = z.infer<typeof personExportSchema>;

// ---------------------------------------------------------------------------------------------
// Erase, and the log of requests
// ---------------------------------------------------------------------------------------------

export const PRIVACY_ACTIONS = ['export', 'erase'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];
export const PRIVACY_ACTION_LABELS: Record<PrivacyAction, string> = {
  export: 'Exportação',
  erase: 'Anonimização',
};

/** The name an erased lead and contact keep (the row stays, for the agency's counts). */
export const ERASED_NAME = 'Titular anonimizado';

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  action: z.enum(PRIVACY_ACTIONS),
  key_type: z.enum(PRIVACY_KEY_TYPES),
  /** The first 12 hex digits of the key's HMAC: the same person gives the same value, and only that. */
  key_hash: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  counts: z.record(z.string(), z.number().int()),
  created_at: isoDateTime,
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
export const privacyRequestsResponse = paginatedSchema(privacyRequestSchema);
export const privacyRequestsQuery = pageQuery(10, 100);

export const eraseCountsSchema = personCountsSchema.extend({
  /** Deliveries that were still to be sent (queued, retrying or paused): canceled, never sent. */
  canceled_deliveries: z.number().int(),
});
export type EraseCounts = z.infer<typeof eraseCountsSchema>;
export const eraseResponse = z.object({
  data: z.object({ counts: eraseCountsSchema, request: privacyRequestSchema }),
  message: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Retention
// ---------------------------------------------------------------------------------------------

/**
 * `inbound_bodies_months`: the bodies of the inbound ledger (what a portal, Meta or the API sent: the
 * person's name, e-mail, phone and message, a copy of the lead) are blanked after it; 6 months, as the
 * CRMs' answers: long enough to prove what a portal sent and replay it, short enough that copies of
 * leads do not pile up beside the leads.
 */
export const RETENTION_DEFAULTS = {
  analytics_months: 13,
  delivery_bodies_months: 6,
  inbound_bodies_months: 6,
} as const;
/** Bounds of the form; the analytics maximum is also capped by the platform (ANALYTICS_RETENTION_MONTHS). */
export const RETENTION_LIMITS = {
  analytics_months: { min: 1, max: 120 },
  delivery_bodies_months: { min: 1, max: 24 },
  inbound_bodies_months: { min: 1, max: 24 },
} as const;

const monthsField = (label: string, max: number) =>
  z
    .number({ error: `${label} deve ser um número de meses.` })
    .int(`${label} deve ser um número inteiro de meses.`)
    .min(1, `${label} deve ser de pelo menos 1 mês.`)
    .max(max, `${label} deve ser de no máximo ${max} meses.`);

export const retentionSettingsSchema = z.object({
  analytics_months: z.number().int(),
  delivery_bodies_months: z.number().int(),
  inbound_bodies_months: z.number().int(),
  defaults: z.object({
    analytics_months: z.number().int(),
    delivery_bodies_months: z.number().int(),
    inbound_bodies_months: z.number().int(),
  }),
  limits: z.object({
    analytics_months: z.object({ min: z.number().int(), max: z.number().int() }),
    delivery_bodies_months: z.object({ min: z.number().int(), max: z.number().int() }),
    inbound_bodies_months: z.object({ min: z.number().int(), max: z.number().int() }),
  }),
  updated_at: isoDateTime.nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export const retentionSettingsResponse = z.object({ data: retentionSettingsSchema });
export const updateRetentionBody = z.object({
  analytics_months: monthsField('A retenção de analytics', RETENTION_LIMITS.analytics_months.max),
  delivery_bodies_months: monthsField(
    'A retenção das respostas dos CRMs',
    RETENTION_LIMITS.delivery_bodies_months.max,
  ),
  /** Optional: absent keeps the agency's current period (clients that predate it still save). */
  inbound_bodies_months: monthsField(
    'A retenção dos corpos das requisições recebidas',
    RETENTION_LIMITS.inbound_bodies_months.max,
  ).optional(),
});
export type UpdateRetentionBody = z.input<typeof updateRetentionBody>;

export const privacyEndpoints = {
  searchPerson: {
    tags: ['privacy'],
    summary: 'Encontrar os dados de uma pessoa por e-mail ou telefone (LGPD)',
    params: idParams,
    body: personSearchBody,
    response: personSummaryResponse,
  },
  exportPerson: {
    tags: ['privacy'],
    summary: 'Exportar os dados de uma pessoa (JSON para download; registrado no histórico)',
    params: idParams,
    body: personActionBody,
    response: personExportSchema,
  },
  erasePerson: {
    tags: ['privacy'],
    summary:
      'Anonimizar os dados de uma pessoa (os registros ficam, sem os dados pessoais; entregas pendentes canceladas)',
    params: idParams,
    body: personActionBody,
    response: eraseResponse,
  },
  listPrivacyRequests: {
    tags: ['privacy'],
    summary: 'Histórico de exportações e anonimizações (a pessoa identificada só por um hash)',
    params: idParams,
    query: privacyRequestsQuery,
    response: privacyRequestsResponse,
  },
  getRetention: {
    tags: ['privacy'],
    summary: 'Prazos de retenção da imobiliária (com os padrões e limites)',
    params: idParams,
    response: retentionSettingsResponse,
  },
  updateRetention: {
    tags: ['privacy'],
    summary: 'Mudar os prazos de retenção (analytics; respostas dos CRMs)',
    params: idParams,
    body: updateRetentionBody,
    response: retentionSettingsResponse,
  },
} as const satisfies EndpointSchemas;
