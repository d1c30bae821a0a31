/**
 * What a lead's source said of it (`source_details`, docs/product.md#lead-sources), as the lead's detail
 * shows it: the facts a person reads (the portal's temperature and deal, the form, campaign and ad, the
 * API's origin) and the answers (a Meta form's questions, the API's extra fields), in pt-BR.
 */
import { LEAD_SOURCE_LABELS, type Lead } from '@vitrine/contracts';

export interface SourceDetailsView {
  /** Labelled facts, in reading order. */
  facts: Array<[label: string, value: string]>;
  /** Questions and answers (a lead form's, the API's extra fields). */
  answers: Array<{ question: string; answer: string }>;
}

const TRANSACTION: Record<string, string> = { SELL: 'Compra', SALE: 'Compra', RENT: 'Aluguel' };
const TEMPERATURE: Record<string, string> = {
  HIGH: 'Alta',
  HOT: 'Alta',
  MEDIUM: 'Média',
  WARM: 'Média',
  LOW: 'Baixa',
  COLD: 'Baixa',
};
const PLATFORM: Record<string, string> = { fb: 'Facebook', ig: 'Instagram' };

/** Keys the view reads by name (or leaves out: ids a person has no use for, times the lead already has). */
const KNOWN = new Set([
  'temperature',
  'transaction_type',
  'lead_origin',
  'origin_listing_id',
  'origin_lead_id',
  'timestamp',
  'raw_phone',
  'raw_email',
  'platform',
  'is_organic',
  'form_id',
  'form_name',
  'campaign_id',
  'campaign_name',
  'adset_id',
  'adset_name',
  'ad_id',
  'ad_name',
  'created_time',
  'answers',
  'disclaimers',
  'phone_as_sent',
  'origin',
  'tested_source',
]);

const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'sim' : 'não';
  return null;
};

/** The portal's temperature ("Alta", or HIGH in English) in Portuguese. */
export function temperatureLabel(value: unknown): string | null {
  const t = text(value);
  return t ? (TEMPERATURE[t.toUpperCase()] ?? t) : null;
}

export function sourceDetailsOf(lead: Pick<Lead, 'source' | 'source_details'>): SourceDetailsView {
  const d = lead.source_details ?? {};
  const facts: SourceDetailsView['facts'] = [];
  const fact = (label: string, value: string | null | undefined) => {
    if (value) facts.push([label, value]);
  };
  const transaction = text(d.transaction_type);
  // A lead sent by "Enviar lead de teste" on Origens de leads: the source it tried.
  const tested = text(d.tested_source);
  fact('Teste da origem', tested ? (LEAD_SOURCE_LABELS[tested] ?? tested) : null);
  fact('Temperatura', temperatureLabel(d.temperature));
  fact('Negócio', transaction ? (TRANSACTION[transaction.toUpperCase()] ?? transaction) : null);
  fact('Veio por', text(d.lead_origin));
  fact('Anúncio no portal', text(d.origin_listing_id));
  fact('Plataforma', PLATFORM[text(d.platform) ?? ''] ?? null);
  fact('Formulário', text(d.form_name) ?? text(d.form_id));
  fact('Campanha', text(d.campaign_name) ?? text(d.campaign_id));
  fact('Conjunto de anúncios', text(d.adset_name) ?? text(d.adset_id));
  fact('Anúncio', text(d.ad_name) ?? text(d.ad_id));
  if (d.is_organic === true) fact('Anúncio pago', 'não (formulário orgânico)');
  fact('Origem informada', text(d.origin));
  fact('Telefone como enviado', text(d.raw_phone) ?? text(d.phone_as_sent));
  fact('E-mail como enviado', text(d.raw_email));

  const answers: SourceDetailsView['answers'] = [];
  if (Array.isArray(d.answers)) {
    for (const item of d.answers as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const { question, answer } = item as Record<string, unknown>;
      const q = text(question);
      if (q) answers.push({ question: q, answer: text(answer) ?? '—' });
    }
  }
  // Anything else the source sent in a plain value (the API's extra fields): shown by its own name.
  for (const [key, value] of Object.entries(d)) {
    if (KNOWN.has(key)) continue;
    const v = text(value);
    if (v) answers.push({ question: key.replace(/_/g, ' '), answer: v });
  }
  return { facts, answers };
}

/** "Casa no Lago", "imóvel não encontrado (código X)" when the source's code matched no page, or null. */
export function propertyText(lead: Pick<Lead, 'page' | 'listing_code'>): string | null {
  if (lead.page) return lead.page.title;
  if (lead.listing_code) return `imóvel não encontrado (código ${lead.listing_code})`;
  return null;
}
