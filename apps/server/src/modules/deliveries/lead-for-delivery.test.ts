import { describe, expect, it } from 'vitest';
import type { leads } from '../../db/schema.ts';
import { toGrupoZapLead, jetimobLeadForm } from '../integrations/index.ts';
import { EMPTY_LEAD_PAGE, leadPageFor, toLeadForDelivery, type LeadPageRow } from './lead-for-delivery.ts';

const page: LeadPageRow = {
  id: 42,
  title: 'Casa com quintal no Campeche',
  slug: 'casa-quintal-campeche',
  listingCode: ' CA-77 ',
  priceCents: 350_000,
  purpose: 'rent',
  propertyType: 'house',
  neighborhood: 'Campeche',
  city: 'Florianópolis',
  state: 'SC',
};

const lead = {
  id: '0b0c2b8e-6a35-4a36-9d0b-1e6f3c2f4a11',
  createdAt: new Date('2026-03-01T12:00:00Z'),
  name: 'Ana',
  email: null,
  phone: '48988887777',
  message: null,
  source: 'landing_page',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: null,
  fbclid: null,
} as unknown as typeof leads.$inferSelect;

describe('the page a delivery carries', () => {
  it('names the property: title, code, landing URL, price in cents and formatted, place', () => {
    expect(leadPageFor(page, 'https://vitrine.example/')).toEqual({
      id: '42',
      title: 'Casa com quintal no Campeche',
      listing_code: 'CA-77',
      url: 'https://vitrine.example/imoveis/casa-quintal-campeche',
      price_cents: 350_000,
      currency: 'BRL',
      price_formatted: 'R$ 3.500/mês',
      purpose: 'rent',
      property_type: 'house',
      neighborhood: 'Campeche',
      city: 'Florianópolis',
      state: 'SC',
    });
  });

  it('without a price or code says null, not zero', () => {
    const p = leadPageFor(
      { ...page, priceCents: null, listingCode: '', purpose: 'sale' },
      'https://vitrine.example',
    );
    expect(p).toMatchObject({
      price_cents: null,
      price_formatted: null,
      listing_code: null,
      purpose: 'sale',
    });
  });

  it('a deleted page is an honest empty page, not the site root', () => {
    const l = toLeadForDelivery(
      lead,
      null,
      'https://vitrine.example',
      '11111111-2222-3333-4444-555555555555',
    );
    expect(l.page).toEqual(EMPTY_LEAD_PAGE);
    expect(l.page.url).toBe('');
    expect(l.delivery_id).toBe('msg_11111111222233334444555555555555');
    // CRMs get no made-up property either.
    expect(toGrupoZapLead(l)).toMatchObject({
      originListingId: '',
      clientListingId: '',
      listingTitle: '',
      listingUrl: '',
      listingPrice: null,
      transactionType: null,
    });
    const form = jetimobLeadForm(l);
    expect(form.get('subject')).toBe('Contato pelo site (página do imóvel removida)');
    expect(form.get('property_code')).toBe('');
    expect(form.get('url')).toBe('');
  });

  it('a portal lead carries its source, what the portal said, and the code that matched no page', () => {
    const portal = {
      ...lead,
      source: 'portal_vivareal',
      listingCode: 'NAO-EXISTE',
      sourceDetails: { lead_origin: 'VivaReal', temperature: 'Alta', transaction_type: 'RENT' },
    } as typeof leads.$inferSelect;
    const l = toLeadForDelivery(
      portal,
      null,
      'https://vitrine.example',
      '11111111-2222-3333-4444-555555555555',
    );
    expect(l).toMatchObject({
      source: 'portal_vivareal',
      source_label: 'VivaReal',
      listing_code: 'NAO-EXISTE',
      source_details: { temperature: 'Alta' },
    });
    expect(toGrupoZapLead(l)).toMatchObject({
      clientListingId: 'NAO-EXISTE',
      source: 'VivaReal',
      temperature: 'Alta',
      transactionType: 'RENT',
    });
    // A landing-page lead: its page's code, no details.
    const own = toLeadForDelivery(
      lead,
      page,
      'https://vitrine.example',
      '11111111-2222-3333-4444-555555555555',
    );
    expect(own).toMatchObject({ source_label: 'Página', source_details: null, listing_code: 'CA-77' });
  });

  it('Grupo ZAP and Jetimob carry the listing', () => {
    const l = toLeadForDelivery(
      lead,
      page,
      'https://vitrine.example',
      '11111111-2222-3333-4444-555555555555',
    );
    expect(toGrupoZapLead(l)).toMatchObject({
      originListingId: '42',
      clientListingId: 'CA-77',
      listingTitle: 'Casa com quintal no Campeche',
      listingUrl: 'https://vitrine.example/imoveis/casa-quintal-campeche',
      listingPrice: 3500,
      transactionType: 'RENT',
      listingCity: 'Florianópolis',
    });
    const form = jetimobLeadForm(l);
    expect(form.get('subject')).toBe(
      'Interesse no imóvel: Casa com quintal no Campeche (código CA-77) – Campeche, Florianópolis/SC – R$ 3.500/mês',
    );
    expect(form.get('property_code')).toBe('CA-77');
    expect(form.get('url')).toBe('https://vitrine.example/imoveis/casa-quintal-campeche');
  });
});
