import { z } from 'zod';
import { LEAD_SOURCES } from './lead-sources.ts';
import { apiErrorSchema } from './api-error.ts';
import { LEADS_DEFAULT_PER_PAGE } from './constants.ts';
import { leadDeliverySchema } from './deliveries.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { pageQuery, paginationLinks, paginationMeta } from './pagination.ts';
import { dayFilter, documentBody, idParams, uuidParams } from './params.ts';
import { isoDateTime, rowUuid } from './response-fields.ts';
import { clipText, normalizeBrazilianPhone } from './validators.ts';

export const LEAD_STATUSES = [
  'novo',
  'em_atendimento',
  'visita_agendada',
  'proposta',
  'ganho',
  'perdido',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  novo: 'Novo',
  em_atendimento: 'Em atendimento',
  visita_agendada: 'Visita agendada',
  proposta: 'Proposta',
  ganho: 'Ganho',
  perdido: 'Perdido',
};

/**
 * The filters of `GET /v1/real-estates/{id}/leads` (with page and per_page) and of its CSV export;
 * the console keeps them in the /leads URL under the same names.
 */
export const leadFilters = z.object({
  page_id: z.coerce.number({ error: 'page_id deve ser um número.' }).int().positive().optional(),
  status: z
    .enum(LEAD_STATUSES, { error: `O status deve ser um de: ${LEAD_STATUSES.join(', ')}.` })
    .optional(),
  source: z.enum(LEAD_SOURCES, { error: `A origem deve ser uma de: ${LEAD_SOURCES.join(', ')}.` }).optional(),
  from: dayFilter('A data inicial'),
  to: dayFilter('A data final'),
  search: z.string().max(120, 'A busca deve ter no máximo 120 caracteres.').optional(),
  quarantined: z.enum(['0', '1', 'true', 'false'], { error: 'quarantined deve ser 0 ou 1.' }).optional(),
  include_tests: z.enum(['0', '1', 'true', 'false']).optional(),
  /**
   * Only the leads whose listing code matched no page of the agency ("imóvel não encontrado"):
   * docs/product.md#lead-sources.
   */
  listing_not_found: z
    .enum(['0', '1', 'true', 'false'], { error: 'listing_not_found deve ser 0 ou 1.' })
    .optional(),
  /** The member in charge (a user id), or "none". An agent's list is always their own. */
  assigned_to: z
    .string()
    .regex(/^(\d{1,9}|none)$/, 'assigned_to deve ser o id de um membro ou none.')
    .optional(),
});
export type LeadFilters = z.infer<typeof leadFilters>;

const short = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A field the page fills, not the visitor (UTM, gclid, fbclid, referrer, the honeypot and the stamp):
 * never a reason to refuse a lead (docs/spam-rules.md#never-refused-for-what-the-visitor-cant-fix). Too long
 * is cut to `max` (a referrer of a long ad URL, a long gclid); a number is kept as text; a repeated form
 * field keeps its first value; any other shape is dropped.
 */
const tracking = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((v) => (Array.isArray(v) ? (v[0] as unknown) : v))
    .transform((v) => {
      const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
      return clipText(text.trim(), max).trim() || null;
    })
    .meta({ type: 'string', description: `Preenchido pela página; cortado em ${max} caracteres.` });

const truthy = z
  .union([z.boolean(), z.string(), z.number()], { error: 'É preciso autorizar o contato para enviar.' })
  .nullish()
  .transform(
    (v) =>
      v === true ||
      v === 1 ||
      (typeof v === 'string' && ['1', 'true', 'on', 'sim', 'yes'].includes(v.toLowerCase())),
  );

/** The public lead form (docs/product.md#lead-capture), JSON or form-encoded. */
export const publicLeadBody = z
  .object({
    name: z
      .string({ error: 'Informe seu nome.' })
      .trim()
      .min(2, 'Informe seu nome.')
      .max(120, 'O nome deve ter no máximo 120 caracteres.'),
    email: short('O e-mail', 255).refine(
      (v) => v === null || z.email().safeParse(v).success,
      'Informe um e-mail válido.',
    ),
    phone: short('O telefone', 30).refine(
      (v) => v === null || normalizeBrazilianPhone(v) !== null,
      'Informe um telefone com DDD, como (11) 98888-7777.',
    ),
    message: short('A mensagem', 2000),
    consent: truthy.refine((v) => v, 'É preciso autorizar o contato para enviar.'),
    utm_source: tracking(200),
    utm_medium: tracking(200),
    utm_campaign: tracking(200),
    utm_term: tracking(200),
    utm_content: tracking(200),
    gclid: tracking(500),
    fbclid: tracking(500),
    /** Meta's browser id: the `_fbp` cookie of the page's Pixel, copied by the form's script. */
    _fbp: tracking(200),
    /** The tracker's session id: one too long is no id of ours, and is dropped. */
    session_id: tracking(1000).transform((v) => (v && v.length <= 100 ? v : null)),
    referrer: tracking(2000),
    /** Honeypot: people never fill it. */
    website: tracking(500),
    _ts: tracking(200),
    /**
     * The submission key the page's script draws once per page view: the same form sent again finds its
     * lead. Anything else is ignored, never a reason to refuse the lead (the visitor cannot fix it).
     */
    _sid: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(v) ? v : null))
      .meta({ type: 'string', description: 'Chave do envio (16 a 64 caracteres A-Z, a-z, 0-9, _ e -).' }),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email)
      ctx.addIssue({
        code: 'custom',
        path: ['phone'],
        message: 'Informe um telefone ou um e-mail para contato.',
      });
  });
export type PublicLeadBody = z.input<typeof publicLeadBody>;

export const updateLeadBody = z.object({
  status: z.enum(LEAD_STATUSES, { error: `O status deve ser um de: ${LEAD_STATUSES.join(', ')}.` }),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** The page a lead came from (null for test and API leads, or when the page was deleted). */
export const leadPageRefSchema = z.object({ id: z.number().int(), title: z.string(), slug: z.string() });
export type LeadPageRef = z.infer<typeof leadPageRefSchema>;

export const leadUtmSchema = z.object({
  source: z.string().nullable(),
  medium: z.string().nullable(),
  campaign: z.string().nullable(),
  term: z.string().nullable(),
  content: z.string().nullable(),
});
export type LeadUtm = z.infer<typeof leadUtmSchema>;

/** A lead as the lists, the status change and the detail answer it. */
export const leadSchema = z.object({
  id: rowUuid,
  name: z.string(),
  email: z.string().nullable(),
  /** National digits, e.g. 11988887777. */
  phone: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  /** landing_page, portal_zap, facebook, api, teste… (LEAD_SOURCES, LEAD_SOURCE_LABELS). */
  source: z.enum(LEAD_SOURCES),
  /**
   * What the source said of the lead (docs/product.md#lead-sources): a portal's `temperature`,
   * `transaction_type`, `lead_origin` and ids; a Meta form's `answers` ({question, answer}[]), `form_name`,
   * `campaign_name`, `ad_name`; the API's `origin` and extra fields. Null for landing-page leads.
   */
  source_details: z.record(z.string(), z.unknown()).nullable(),
  /** The listing code the source named; with `page` null, it matched no page ("imóvel não encontrado"). */
  listing_code: z.string().nullable(),
  page: leadPageRefSchema.nullable(),
  contact_id: rowUuid.nullable(),
  /** The same person had left a lead before. */
  is_repeat: z.boolean(),
  is_test: z.boolean(),
  /** Held back as probable spam: not forwarded until released. */
  quarantined: z.boolean(),
  quarantine_reason: z.string().nullable(),
  consent: z.boolean(),
  utm: leadUtmSchema,
  gclid: z.string().nullable(),
  fbclid: z.string().nullable(),
  referrer: z.string().nullable(),
  session_id: z.string().nullable(),
  created_at: isoDateTime,
  status_changed_at: isoDateTime.nullable(),
  /**
   * The member in charge of the lead (by hand or by rotation; docs/product.md#lead-assignment); null when
   * nobody is.
   */
  assigned_user_id: z.number().int().nullable().optional(),
  /** That member's name (lists, the detail and the assignment answer); null when nobody is. */
  assigned_user_name: z.string().nullable().optional(),
  /** Still "novo" past the agency's first-response deadline (preference response_sla_minutes). */
  overdue: z.boolean(),
  /** Arrived while the agency was over its plan's leads of the month: stored all the same. */
  over_plan_limit: z.boolean(),
});
export type Lead = z.infer<typeof leadSchema>;

/** `GET /v1/leads/{id}`: the lead, the same person's other leads, and its deliveries. */
export const leadDetailSchema = z.object({
  ...leadSchema.shape,
  /** Other leads of the same person (same contact), oldest first. */
  contact_leads: z.array(leadSchema),
  deliveries: z.array(leadDeliverySchema),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** `GET /v1/real-estates/{id}/leads`: the list also says how many leads with the same filters are in quarantine. */
export const leadListResponse = z.object({
  data: z.array(leadSchema),
  meta: paginationMeta.extend({
    quarantined: z.number().int(),
    /** The caller is an agent who sees only the leads assigned to them (docs/product.md#lead-assignment). */
    own_leads_only: z.boolean().optional(),
  }),
  links: paginationLinks,
});
export type LeadList = z.infer<typeof leadListResponse>;

export const leadDetailResponse = z.object({ data: leadDetailSchema });
/** `PATCH /v1/leads/{id}` → the lead with its new status. */
export const leadResponse = z.object({ data: leadSchema });
/** `POST /v1/leads/{id}/release` → how many deliveries the released lead got, and a sentence for the toast. */
export const leadReleaseResponse = z.object({
  data: z.object({ id: rowUuid, deliveries: z.number().int() }),
  message: z.string(),
});
export type LeadReleaseResult = z.infer<typeof leadReleaseResponse>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const LEAD_NOT_FOUND = 'Lead não encontrado.';

const leadParams = uuidParams(LEAD_NOT_FOUND);

export const leadEndpoints = {
  listLeads: {
    tags: ['leads'],
    summary:
      'Leads da imobiliária (filtros, paginação; meta.quarantined: quantos os mesmos filtros têm em quarentena)',
    params: idParams,
    query: pageQuery(LEADS_DEFAULT_PER_PAGE).extend(leadFilters.shape),
    response: leadListResponse,
  },
  exportLeads: {
    tags: ['leads'],
    summary: 'Exportar os leads filtrados (CSV; proprietário e administrador)',
    description:
      'Planilha CSV (UTF-8 com BOM, separador ";"): Data, Nome, Telefone, E-mail, Mensagem, Status, Imóvel, Origem, Código do imóvel, Temperatura (leads dos portais), UTMs, gclid, fbclid, Repetido.',
    params: idParams,
    query: leadFilters,
    response: documentBody,
    produces: 'text/csv',
  },
  getLead: {
    tags: ['leads'],
    summary: 'Um lead, seu contato e suas entregas',
    params: leadParams,
    response: leadDetailResponse,
  },
  updateLead: {
    tags: ['leads'],
    summary: 'Mudar o status do lead',
    params: leadParams,
    body: updateLeadBody,
    response: leadResponse,
  },
  releaseLead: {
    tags: ['leads'],
    summary: 'Liberar um lead da quarentena',
    params: leadParams,
    response: leadReleaseResponse,
    errors: { 409: apiErrorSchema },
  },
} as const satisfies EndpointSchemas;
