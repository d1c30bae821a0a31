/** pt-BR presentation of leads: phone, dates, contact links, campaign summary. */
import { LEAD_SOURCE_LABELS, type Lead } from '@vitrine/contracts';
import { firstName } from '@/lib/utils';

/** Dates and times: the console's one formatting module, in the agency's time zone. */
export {
  AGENCY_TIME_ZONE as LEADS_TIME_ZONE,
  dayKey,
  formatDateTime,
  formatDay,
  formatTime,
} from '@/lib/datetime';

/** (11) 98888-7777 / (11) 3333-4444; anything else as it came. */
export function formatPhone(national: string | null | undefined): string {
  const d = (national ?? '').replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return national ?? '';
}

const internationalDigits = (national: string) => {
  const d = national.replace(/\D/g, '');
  return d.startsWith('55') && d.length >= 12 ? d : `55${d}`;
};

export function telHref(national: string): string {
  return `tel:+${internationalDigits(national)}`;
}

/** "Olá Maria, aqui é da Imobiliária X, sobre o imóvel Apartamento 3 quartos…" */
export function whatsappMessage(
  lead: Pick<Lead, 'name' | 'page'>,
  agencyName: string | null | undefined,
): string {
  const greeting = `Olá ${firstName(lead.name) || 'tudo bem'}`;
  const from = agencyName ? `, aqui é da ${agencyName}` : '';
  const about = lead.page
    ? `, sobre o imóvel ${lead.page.title}. Recebemos o seu contato e podemos ajudar.`
    : '. Recebemos o seu contato e podemos ajudar.';
  return `${greeting}${from}${about}`;
}

export function whatsappUrl(
  lead: Pick<Lead, 'name' | 'page' | 'phone'>,
  agencyName: string | null | undefined,
): string | null {
  if (!lead.phone) return null;
  return `https://wa.me/${internationalDigits(lead.phone)}?text=${encodeURIComponent(whatsappMessage(lead, agencyName))}`;
}

export function sourceLabel(source: string): string {
  return LEAD_SOURCE_LABELS[source] ?? source;
}

/** "google / cpc · verao-2025", or the source's label when there is no campaign data. */
export function campaignSummary(
  lead: Pick<Lead, 'utm' | 'gclid' | 'fbclid' | 'source'> & Partial<Pick<Lead, 'source_details'>>,
): string {
  const { source, medium, campaign } = lead.utm;
  const head = [source, medium].filter(Boolean).join(' / ');
  const parts = [head, campaign].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  // A Meta lead form names its campaign itself (docs/product.md#lead-sources).
  const metaCampaign = lead.source_details?.campaign_name;
  if (typeof metaCampaign === 'string' && metaCampaign) return metaCampaign;
  if (lead.gclid) return 'Google Ads';
  if (lead.fbclid) return 'Facebook/Instagram';
  return sourceLabel(lead.source);
}

const number = new Intl.NumberFormat('pt-BR');
export const formatCount = (n: number) => number.format(n);
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
