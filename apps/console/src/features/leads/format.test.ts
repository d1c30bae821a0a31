import { describe, expect, it } from 'vitest';
import { formatDateTime as sharedDateTime } from '@/lib/datetime';
import {
  campaignSummary,
  formatDateTime,
  formatPhone,
  telHref,
  whatsappMessage,
  whatsappUrl,
} from './format';

describe('lead formats', () => {
  it('formats Brazilian phones', () => {
    expect(formatPhone('11988887777')).toBe('(11) 98888-7777');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
    expect(formatPhone('5511988887777')).toBe('(11) 98888-7777');
    expect(formatPhone('123')).toBe('123');
    expect(telHref('11988887777')).toBe('tel:+5511988887777');
  });

  it('shows dates as dd/mm/aaaa hh:mm in São Paulo time', () => {
    expect(formatDateTime('2025-03-10T15:05:00Z')).toBe('10/03/2025 12:05');
  });

  it('reads a moment as the rest of the console does (lib/datetime)', () => {
    // 01:33 UTC on 10 March is still 9 March, 22:33, in São Paulo.
    expect(formatDateTime('2026-03-10T01:33:00.000Z')).toBe('09/03/2026 22:33');
    expect(formatDateTime('2026-03-10T01:33:00.000Z')).toBe(sharedDateTime('2026-03-10T01:33:00.000Z'));
  });

  it('prefills WhatsApp with the first name, the agency and the property', () => {
    const lead = {
      name: 'Maria Souza',
      phone: '11988887777',
      page: { id: 1, title: 'Casa no Butantã', slug: 'casa' },
    };
    expect(whatsappMessage(lead, 'Imobiliária Sol')).toBe(
      'Olá Maria, aqui é da Imobiliária Sol, sobre o imóvel Casa no Butantã. Recebemos o seu contato e podemos ajudar.',
    );
    const url = new URL(whatsappUrl(lead, 'Imobiliária Sol')!);
    expect(url.origin + url.pathname).toBe('https://wa.me/5511988887777');
    expect(url.searchParams.get('text')).toContain(
      'Olá Maria, aqui é da Imobiliária Sol, sobre o imóvel Casa no Butantã',
    );
    expect(whatsappUrl({ ...lead, phone: null }, 'X')).toBeNull();
  });

  it('summarises the campaign, or names the source', () => {
    const base = {
      utm: { source: null, medium: null, campaign: null, term: null, content: null },
      gclid: null,
      fbclid: null,
    };
    expect(campaignSummary({ ...base, source: 'landing_page' })).toBe('Página');
    expect(
      campaignSummary({
        ...base,
        utm: { ...base.utm, source: 'google', medium: 'cpc', campaign: 'verao' },
        source: 'landing_page',
      }),
    ).toBe('google / cpc · verao');
    expect(campaignSummary({ ...base, gclid: 'x', source: 'landing_page' })).toBe('Google Ads');
  });
});
