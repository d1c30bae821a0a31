/**
 * The campaign parameters of a lead or a visit, as the console names them: in Portuguese, with the
 * parameter's own name after it (what the agency typed in its ads' links).
 */
export const UTM_LABELS = {
  source: 'Fonte (utm_source)',
  medium: 'Mídia (utm_medium)',
  campaign: 'Campanha (utm_campaign)',
  term: 'Termo (utm_term)',
  content: 'Conteúdo (utm_content)',
} as const;

/** The ad platforms' click ids (opaque codes, shown monospaced). */
export const CLICK_ID_LABELS = {
  gclid: 'Clique do Google Ads (gclid)',
  fbclid: 'Clique do Meta (fbclid)',
} as const;
