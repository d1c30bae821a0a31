/**
 * Where a lead came from (docs/product.md#lead-sources). Every lead, whatever its source, is stored by the
 * same capture and leaves for the CRMs by the same deliveries; `source` says which door it came through.
 */
export const LEAD_SOURCES = [
  'landing_page',
  'portal_zap',
  'portal_vivareal',
  'portal_olx',
  'facebook',
  'instagram',
  'api',
  'teste',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What the console shows for each source (badge, filter, CSV, the CRM payloads' `source_label`). */
export const LEAD_SOURCE_LABELS: Record<string, string> = {
  landing_page: 'Página',
  portal_zap: 'Portal ZAP',
  portal_vivareal: 'VivaReal',
  portal_olx: 'OLX',
  facebook: 'Facebook',
  instagram: 'Instagram',
  api: 'API',
  teste: 'Lead de teste',
} satisfies Record<LeadSource, string>;

/**
 * The inbound channels an agency connects on the lead sources screen: the Grupo OLX lead push (ZAP,
 * VivaReal and OLX share it), Meta lead forms (Facebook and Instagram) and the lead API.
 */
export const INBOUND_CHANNELS = ['grupo_zap', 'meta_lead_ads', 'lead_api'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

export const INBOUND_CHANNEL_LABELS: Record<InboundChannel, string> = {
  grupo_zap: 'Grupo OLX: ZAP Imóveis, VivaReal e OLX',
  meta_lead_ads: 'Formulários do Meta (Facebook e Instagram)',
  lead_api: 'API de leads',
};

/**
 * What became of an inbound request (the inbound ledger, beside the deliveries' outbound one). `failed`:
 * ours could not finish it (a Meta lead the Graph API never answered for, its retries spent); it can be
 * replayed like a refused one.
 */
export const INBOUND_OUTCOMES = ['created', 'duplicate', 'refused', 'failed'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

export const INBOUND_OUTCOME_LABELS: Record<InboundOutcome, string> = {
  created: 'Lead criado',
  duplicate: 'Repetido (já recebido)',
  refused: 'Recusado',
  failed: 'Falhou',
};
