/** pt-BR presentation of leads: phone, dates, contact links, campaign summary. */
import { LEAD_SOURCE_LABELS, type IntegrationName } from '@vitrine/contracts';
import { firstName } from '@/lib/utils';
import type { Lead } from './types';

/** São Paulo time: the server filters dates (from/to) in -03:00, so the console shows and groups the same way. */
export const LEADS_TIME_ZONE = 'America/Sao_Paulo';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LEADS_TIME_ZONE,
});
const dateOnly = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: LEADS_TIME_ZONE,
});
const timeOnly = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: LEADS_TIME_ZONE });
/** en-CA formats as YYYY-MM-DD. */
const isoDay = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: LEADS_TIME_ZONE,
});

const valid = (value: string | Date | null | undefined): Date | null => {
  if (!value) return null;
  const d = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
};

/** dd/mm/aaaa hh:mm */
export function formatDateTime(value: string | null | undefined): string {
  const d = valid(value);
  return d ? dateTime.format(d).replace(',', '') : '';
}
export function formatDay(value: string | Date | null | undefined): string {
  const d = valid(value);
  return d ? dateOnly.format(d) : '';
}
export function formatTime(value: string | null | undefined): string {
  const d = valid(value);
  return d ? timeOnly.format(d) : '';
}
/** The São Paulo calendar day of an instant, as YYYY-MM-DD. */
export function dayKey(value: string | Date): string {
  const d = valid(value);
  return d ? isoDay.format(d) : '';
}

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
export function whatsappMessage(lead: Pick<Lead, 'name' | 'page'>, agencyName: string | null | undefined): string {
  const greeting = `Olá ${firstName(lead.name) || 'tudo bem'}`;
  const from = agencyName ? `, aqui é da ${agencyName}` : '';
  const about = lead.page
    ? `, sobre o imóvel ${lead.page.title}. Recebemos o seu contato e podemos ajudar.`
    : '. Recebemos o seu contato e podemos ajudar.';
  return `${greeting}${from}${about}`;
}

export function whatsappUrl(lead: Pick<Lead, 'name' | 'page' | 'phone'>, agencyName: string | null | undefined): string | null {
  if (!lead.phone) return null;
  return `https://wa.me/${internationalDigits(lead.phone)}?text=${encodeURIComponent(whatsappMessage(lead, agencyName))}`;
}

export function sourceLabel(source: string): string {
  return LEAD_SOURCE_LABELS[source] ?? source;
}

/** "google / cpc · verao-2025", or the source's label when there is no campaign data. */
export function campaignSummary(lead: Pick<Lead, 'utm' | 'gclid' | 'fbclid' | 'source'>): string {
  const { source, medium, campaign } = lead.utm;
  const head = [source, medium].filter(Boolean).join(' / ');
  const parts = [head, campaign].filter(Boolean);
  if (parts.length > 0) return parts.join(' · ');
  if (lead.gclid) return 'Google Ads';
  if (lead.fbclid) return 'Facebook/Instagram';
  return sourceLabel(lead.source);
}

export const INTEGRATION_LABELS: Record<IntegrationName, string> = {
  webhook: 'Webhook',
  arbo: 'Arbo',
  jetimob: 'Jetimob',
  go_harry: 'GoHarry',
};

export function integrationLabel(name: string): string {
  return (INTEGRATION_LABELS as Record<string, string>)[name] ?? name;
}

const number = new Intl.NumberFormat('pt-BR');
export const formatCount = (n: number) => number.format(n);
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
