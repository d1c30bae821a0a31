/**
 * Analytics (docs/decisions/011-analytics.md): the tracker's beacon, and the two read calls
 * the console draws /analytics and /analytics/session/{sessionId} from.
 *
 * Days are São Paulo days (AGENCY_TIME_ZONE), `from`/`to` inclusive, as AAAA-MM-DD. Rates are
 * fractions between 0 and 1 (the console formats them as percentages).
 */
import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { LEAD_SOURCES } from './lead-sources.ts';
import { paginationLinks, paginationMeta, pageQuery } from './pagination.ts';
import { idParams } from './params.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

export const ANALYTICS_EVENT_NAMES = [
  'pageview',
  'scroll',
  'engaged',
  'photo_view',
  'video_play',
  'video_progress',
  'whatsapp_click',
  'phone_click',
  'form_start',
  'lead_submitted',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];
/**
 * What a browser's beacon may send: every event but `lead_submitted`, which only the server records,
 * when it stores the lead (a beacon could add leads with no lead behind them to the funnel).
 */
export const ANALYTICS_BEACON_EVENT_NAMES = ANALYTICS_EVENT_NAMES.filter(
  (name): name is Exclude<AnalyticsEventName, 'lead_submitted'> => name !== 'lead_submitted',
);
export const ANALYTICS_EVENT_LABELS: Record<AnalyticsEventName, string> = {
  pageview: 'Visualizou a página',
  scroll: 'Rolou a página',
  engaged: 'Tempo de leitura',
  photo_view: 'Viu uma foto',
  video_play: 'Deu play no vídeo',
  video_progress: 'Assistiu ao vídeo',
  whatsapp_click: 'Clicou no WhatsApp',
  phone_click: 'Clicou no telefone',
  form_start: 'Começou a preencher o formulário',
  lead_submitted: 'Enviou o formulário',
};

export const ANALYTICS_DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type AnalyticsDevice = (typeof ANALYTICS_DEVICES)[number];
export const ANALYTICS_DEVICE_LABELS: Record<AnalyticsDevice, string> = {
  mobile: 'Celular',
  tablet: 'Tablet',
  desktop: 'Computador',
};

/**
 * `source` of a session: the lower-cased utm_source when the link had one; otherwise `google` /
 * `facebook` for gclid / fbclid; otherwise a known referrer (google, bing, facebook, instagram,
 * whatsapp, youtube, tiktok, linkedin, x, olx, zap, vivareal...) or the referrer's host; otherwise
 * `direct`. The labels below name the usual ones; any other source is shown as it is.
 */
export const ANALYTICS_DIRECT_SOURCE = 'direct';
export const ANALYTICS_SOURCE_LABELS: Record<string, string> = {
  direct: 'Direto',
  google: 'Google',
  bing: 'Bing',
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  x: 'X (Twitter)',
  olx: 'OLX',
  zap: 'ZAP Imóveis',
  vivareal: 'VivaReal',
  email: 'E-mail',
};
export const analyticsSourceLabel = (source: string): string => ANALYTICS_SOURCE_LABELS[source] ?? source;

/** Sessions end after this long without an event. */
export const ANALYTICS_SESSION_IDLE_MINUTES = 30;
/** A session counts as engaged (not a bounce) with this much visible time, 50% scroll or any interaction. */
export const ANALYTICS_ENGAGED_SECONDS = 10;
export const ANALYTICS_DEFAULT_PER_PAGE = 20;
export const ANALYTICS_EVENTS_DEFAULT_PER_PAGE = 50;
/** Beacon limits: body size (413 beyond it) and events per batch. */
export const ANALYTICS_BEACON_MAX_BYTES = 64 * 1024;
export const ANALYTICS_BEACON_MAX_EVENTS = 100;
/** The longest period one query covers. */
export const ANALYTICS_MAX_RANGE_DAYS = 400;

// ---------------------------------------------------------------------------------------------
// POST /v1/public/events: the tracker's batch (text/plain or application/json body) → 202
// ---------------------------------------------------------------------------------------------

const propValue = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);

const AGO_MESSAGE = 'ago deve ser um número inteiro de milissegundos, de 0 a 86400000 (24 horas).';
const PAGE_ID_MESSAGE = 'page_id deve ser o número (inteiro e positivo) de uma página publicada.';

export const analyticsBeaconEvent = z.object({
  name: z.enum(ANALYTICS_BEACON_EVENT_NAMES, {
    error: `O evento deve ser um de: ${ANALYTICS_BEACON_EVENT_NAMES.join(', ')} (lead_submitted é registrado pelo servidor ao receber o lead).`,
  }),
  /**
   * How many milliseconds before sending the event happened (the browser's clock is not trusted:
   * the server dates the event `now - ago`, at most one idle period back). Default 0.
   */
  ago: z
    .number({ error: AGO_MESSAGE })
    .int(AGO_MESSAGE)
    .min(0, AGO_MESSAGE)
    .max(24 * 60 * 60 * 1000, AGO_MESSAGE)
    .optional(),
  /**
   * Details, at most 10 keys: scroll `{depth}` (0–100), engaged `{seconds}`, photo_view `{index}` (the
   * photo's number as the page and the console show it: the cover is 1, the gallery starts at 2),
   * video_play / video_progress `{percent}`, lead_submitted `{lead_id}`; anything else is kept as sent.
   */
  props: z
    .record(z.string(), propValue)
    // Checked on the whole record: a key's own message is lost in the record's error.
    .refine(
      (p) => Object.keys(p).every((k) => /^[A-Za-z0-9_.-]{1,40}$/.test(k)),
      'As chaves de props usam letras, números, _ . - (até 40).',
    )
    .refine((p) => Object.keys(p).length <= 10, 'props tem no máximo 10 chaves.')
    .optional(),
});
export type AnalyticsBeaconEvent = z.input<typeof analyticsBeaconEvent>;

export const analyticsBeacon = z.object({
  /** The landing page the events happened on; its agency is the tenant. */
  page_id: z
    .number({ error: PAGE_ID_MESSAGE })
    .int(PAGE_ID_MESSAGE)
    .positive(PAGE_ID_MESSAGE)
    .max(2_147_483_647, PAGE_ID_MESSAGE),
  /** location.href: UTM, gclid and fbclid are read from its query at the session's start. */
  url: z.string().max(4096).optional(),
  /** document.referrer (only its host is kept). */
  referrer: z.string().max(4096).optional(),
  /** The session id a previous answer gave this tab: continues it while it is open and the visitor's. */
  session_id: z.string().max(64).optional(),
  events: z
    .array(analyticsBeaconEvent, { error: 'events deve ser uma lista.' })
    .min(1, 'Envie pelo menos um evento.')
    .max(ANALYTICS_BEACON_MAX_EVENTS, `Envie no máximo ${ANALYTICS_BEACON_MAX_EVENTS} eventos por vez.`),
});
export type AnalyticsBeacon = z.input<typeof analyticsBeacon>;

/** 202 answer. `session_id` is null when the beacon was dropped (a bot, a page not published). */
export const analyticsBeaconAccepted = z.object({ session_id: z.string().nullable() });
export type AnalyticsBeaconAccepted = z.infer<typeof analyticsBeaconAccepted>;

// ---------------------------------------------------------------------------------------------
// GET /v1/real-estates/{id}/analytics
// ---------------------------------------------------------------------------------------------

const day = (label: string) => z.iso.date({ error: `${label} deve estar no formato AAAA-MM-DD.` }).optional();

/**
 * Filters shared by both read calls; without from/to the period is the last 30 days (today included).
 * `page_id`: the summary, series and breakdowns count the sessions that saw that page; the sessions
 * list shows the sessions that started on it.
 */
export const analyticsFilters = z.object({
  from: day('A data inicial'),
  to: day('A data final'),
  page_id: z.coerce
    .number({ error: 'page_id deve ser um número.' })
    .int('page_id deve ser um número inteiro.')
    .positive('page_id deve ser positivo.')
    .max(2_147_483_647)
    .optional(),
  source: z
    .string({ error: 'A origem deve ser um texto.' })
    .trim()
    .max(100, 'A origem deve ter no máximo 100 caracteres.')
    .optional(),
  device: z
    .enum(ANALYTICS_DEVICES, { error: `O dispositivo deve ser um de: ${ANALYTICS_DEVICES.join(', ')}.` })
    .optional(),
});
export const analyticsQuery = pageQuery(ANALYTICS_DEFAULT_PER_PAGE).extend(analyticsFilters.shape);
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

export const analyticsPageRef = z.object({ id: z.number().int(), title: z.string() });

export const analyticsSessionSchema = z.object({
  id: z.string(),
  started_at: z.string(),
  ended_at: z.string(),
  duration_seconds: z.number().int(),
  /** The landing page the session started on (null when that page was deleted). */
  page: analyticsPageRef.nullable(),
  source: z.string(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  /** The referrer's host, e.g. "www.google.com"; null when direct. */
  referrer: z.string().nullable(),
  device: z.enum(ANALYTICS_DEVICES),
  events_count: z.number().int(),
  /** The lead this session produced (the lead's `session_id` points back). */
  lead_id: z.string().nullable(),
});
export type AnalyticsSession = z.infer<typeof analyticsSessionSchema>;

export const analyticsSummarySchema = z.object({
  /** Distinct visitors per day, summed over the days (visitor ids rotate daily by design). */
  visitors: z.number().int(),
  sessions: z.number().int(),
  pageviews: z.number().int(),
  /**
   * Leads created in the period (test and quarantined excluded), page filter by the lead's page;
   * with a source or device filter, only leads whose session matches.
   */
  leads: z.number().int(),
  /** Leads (as `leads`) / sessions. */
  conversion_rate: z.number(),
  /** Sessions without engagement (one pageview, < ANALYTICS_ENGAGED_SECONDS visible, < 50% scroll, no click) / sessions. */
  bounce_rate: z.number(),
  /** Average visible (engaged) time per session, in seconds. */
  avg_duration_seconds: z.number().int(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** One day of the period (every day present, zeros included). */
export const analyticsSeriesPoint = z.object({
  date: z.string(),
  visitors: z.number().int(),
  sessions: z.number().int(),
  pageviews: z.number().int(),
  /** Sessions that produced a lead that day. */
  leads: z.number().int(),
});
export type AnalyticsSeriesPoint = z.infer<typeof analyticsSeriesPoint>;

/** A breakdown row; `key` is the value to filter by, `label` what to show (Portuguese). */
export const analyticsBreakdownRow = z.object({
  key: z.string(),
  label: z.string(),
  visitors: z.number().int(),
  sessions: z.number().int(),
  pageviews: z.number().int(),
  /** Sessions that produced a lead. */
  leads: z.number().int(),
  conversion_rate: z.number(),
});
export type AnalyticsBreakdownRow = z.infer<typeof analyticsBreakdownRow>;

/** Rows sorted by sessions, most first; at most 20 per breakdown. */
export const analyticsBreakdowns = z.object({
  /** key = the page id. */
  pages: z.array(analyticsBreakdownRow.extend({ page: analyticsPageRef })),
  /** key = source; one row per source and UTM campaign. */
  sources: z.array(analyticsBreakdownRow.extend({ source: z.string(), utm_campaign: z.string().nullable() })),
  /** key = the referrer host ("" for direct, labelled "Direto"). */
  referrers: z.array(analyticsBreakdownRow),
  /** key = the device. */
  devices: z.array(analyticsBreakdownRow.extend({ device: z.enum(ANALYTICS_DEVICES) })),
});
export type AnalyticsBreakdowns = z.infer<typeof analyticsBreakdowns>;

/**
 * What a lead is, in Analytics as on the Leads screen and the Dashboard (docs/product.md#analytics): one
 * figure for the summary and the funnel, said in their tooltips.
 */
export const LEAD_DEFINITION =
  'Leads: contatos recebidos no período — pelas suas páginas, pelos portais, pelos formulários do Facebook e do Instagram e pela API —, sem os leads de teste e sem os que estão em quarentena: o mesmo número da tela Leads. Inclui os leads de visitas que o analytics não registrou (bloqueador de anúncios, sem consentimento).';

/**
 * Funnel steps, each counted in sessions (a session reaches a step at most once), but for `leads` and
 * `delivered`: leads of the period (LEAD_DEFINITION) and those of them delivered to a CRM.
 */
export const ANALYTICS_FUNNEL_STEPS = ['views', 'engaged', 'media', 'contact', 'leads', 'delivered'] as const;
export type AnalyticsFunnelStep = (typeof ANALYTICS_FUNNEL_STEPS)[number];
export const ANALYTICS_FUNNEL_LABELS: Record<AnalyticsFunnelStep, string> = {
  views: 'Visitas',
  engaged: 'Engajadas',
  media: 'Viram fotos ou vídeo',
  contact: 'WhatsApp ou formulário',
  leads: 'Leads',
  delivered: 'Entregues ao CRM',
};
export const analyticsFunnelCounts = z.object({
  /** Sessions that viewed the page. */
  views: z.number().int(),
  /** Not a bounce (see bounce_rate). */
  engaged: z.number().int(),
  /** Viewed a photo or played the video. */
  media: z.number().int(),
  /** Clicked WhatsApp (or the phone) or started the form. */
  contact: z.number().int(),
  /** Leads of the period (LEAD_DEFINITION), tracked visit or not. */
  leads: z.number().int(),
  /** Those leads that reached at least one CRM / webhook (a delivery delivered). */
  delivered: z.number().int(),
});
export type AnalyticsFunnelCounts = z.infer<typeof analyticsFunnelCounts>;
export const analyticsFunnel = z.object({
  total: analyticsFunnelCounts,
  /** One row per listing, most views first (at most 50). */
  pages: z.array(analyticsFunnelCounts.extend({ page: analyticsPageRef })),
});
export type AnalyticsFunnel = z.infer<typeof analyticsFunnel>;

/** Leads of one source (LEAD_SOURCES), counted as LEAD_DEFINITION counts them. */
export const analyticsLeadSourceCount = z.object({ source: z.enum(LEAD_SOURCES), leads: z.number().int() });
export type AnalyticsLeadSourceCount = z.infer<typeof analyticsLeadSourceCount>;

/**
 * Which source and which listing bring leads (docs/product.md#analytics): the period's leads
 * (LEAD_DEFINITION) by lead source, and by listing and source.
 */
export const analyticsLeadSources = z.object({
  /** Every source with leads in the period, most leads first. */
  total: z.array(analyticsLeadSourceCount),
  /**
   * The listings with leads in the period, most leads first (at most 20), each with its leads by source
   * (most first); `page` null gathers the leads without a page (a form or API lead without a listing, a
   * listing code that matched no page).
   */
  pages: z.array(
    z.object({
      page: analyticsPageRef.nullable(),
      leads: z.number().int(),
      by_source: z.array(analyticsLeadSourceCount),
    }),
  ),
});
export type AnalyticsLeadSources = z.infer<typeof analyticsLeadSources>;

export const analyticsResponseSchema = z.object({
  /** Sessions of the period, newest first (page `page`, `per_page`). */
  data: z.array(analyticsSessionSchema),
  meta: paginationMeta,
  links: paginationLinks,
  /** The period answered (defaults filled in) and the previous one of the same length. */
  period: z.object({ from: z.string(), to: z.string(), previous_from: z.string(), previous_to: z.string() }),
  summary: analyticsSummarySchema,
  previous_summary: analyticsSummarySchema,
  series: z.array(analyticsSeriesPoint),
  breakdowns: analyticsBreakdowns,
  funnel: analyticsFunnel,
  lead_sources: analyticsLeadSources,
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /v1/real-estates/{id}/analytics/events
// ---------------------------------------------------------------------------------------------

export const analyticsEventsQuery = pageQuery(ANALYTICS_EVENTS_DEFAULT_PER_PAGE, 500).extend({
  session_id: z
    .string({ error: 'session_id deve ser um texto.' })
    .max(64, 'session_id deve ter no máximo 64 caracteres.')
    .optional(),
  name: z
    .enum(ANALYTICS_EVENT_NAMES, { error: `O evento deve ser um de: ${ANALYTICS_EVENT_NAMES.join(', ')}.` })
    .optional(),
  page_id: analyticsFilters.shape.page_id,
  from: analyticsFilters.shape.from,
  to: analyticsFilters.shape.to,
});
export type AnalyticsEventsQuery = z.input<typeof analyticsEventsQuery>;

export const analyticsEventSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  name: z.enum(ANALYTICS_EVENT_NAMES),
  occurred_at: z.string(),
  page_id: z.number().int().nullable(),
  props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/**
 * Events, newest first (`meta.total` counts at most 10,000); with `session_id`, that session's
 * timeline oldest first (every event counted), and `session`
 * (its row, the pages it saw) for the /analytics/session/{sessionId} screen. An unknown session or
 * one of another agency: 404.
 */
export const analyticsEventsResponseSchema = z.object({
  data: z.array(analyticsEventSchema),
  meta: paginationMeta,
  links: paginationLinks,
  session: analyticsSessionSchema
    .extend({
      /** Pages seen in the session, in the order first seen. */
      pages: z.array(analyticsPageRef),
      /** The UTM and click ids the session started with (null when absent). */
      utm_term: z.string().nullable(),
      utm_content: z.string().nullable(),
      gclid: z.boolean(),
      fbclid: z.boolean(),
      pageviews: z.number().int(),
      /** Visible time in seconds. */
      engaged_seconds: z.number().int(),
      /** Deepest scroll, 0–100. */
      max_scroll: z.number().int(),
    })
    .optional(),
});
export type AnalyticsEventsResponse = z.infer<typeof analyticsEventsResponseSchema>;
export type AnalyticsSessionDetail = NonNullable<AnalyticsEventsResponse['session']>;

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const analyticsEndpoints = {
  trackEvents: {
    tags: ['analytics'],
    summary: 'Eventos do rastreador das páginas (público, sem cookie)',
    description:
      'Lote de eventos de uma página publicada ({page_id, url, referrer, session_id?, events: [{name, ago?, props?}]}), como text/plain ou JSON, até 64 KB. Responde 202 {session_id}; robôs são descartados (202 com session_id null).',
    body: analyticsBeacon,
    // The tracker posts text/plain (no CORS preflight): the handler parses the JSON inside itself.
    bodyParsedByHandler: true,
    consumes: ['text/plain', 'application/json'],
    status: 202,
    response: analyticsBeaconAccepted,
  },
  getAnalytics: {
    tags: ['analytics'],
    summary: 'Sessões, resumo, série, detalhamentos e funil do período',
    params: idParams,
    query: analyticsQuery,
    response: analyticsResponseSchema,
  },
  listAnalyticsEvents: {
    tags: ['analytics'],
    summary: 'Eventos (com session_id: a linha do tempo da sessão)',
    params: idParams,
    query: analyticsEventsQuery,
    response: analyticsEventsResponseSchema,
  },
} as const satisfies EndpointSchemas;
