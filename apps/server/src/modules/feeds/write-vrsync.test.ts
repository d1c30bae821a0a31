import { describe, expect, it } from 'vitest';
import type { FeedPage } from './feed-listing.ts';
import { makeFeedPage } from './testing/feed-page.ts';
import { all, find, parseXml, textOf, type XmlElement } from './testing/parse-xml.ts';
import { VRSYNC_FOOTER, vrsyncHeader, vrsyncListing } from './write-vrsync.ts';

const agency = { name: 'Imobiliária Teste', email: 'contato@teste.com.br', phone: null, website: null };

/** One listing as the portals get it, parsed back. */
function listingOf(page: Partial<FeedPage>): XmlElement {
  const xml =
    vrsyncHeader(agency, new Date('2026-01-01T00:00:00Z')) +
    vrsyncListing(
      { page: makeFeedPage(page), youtube: [], channel: 'grupo_zap', publicationType: 'STANDARD' },
      { urlOf: (k) => `https://cdn.exemplo.com/${k}`, pageUrl: 'https://imoveis.exemplo.com/x', agency },
    ) +
    VRSYNC_FOOTER;
  return find(find(parseXml(xml), 'Listings')!, 'Listing')!;
}

describe('vrsyncListing: values from VRSync’s tables (decision 022)', () => {
  it.each([
    ['apartment', 'Residential / Apartment', 'Residential'],
    ['house', 'Residential / Home', 'Residential'],
    ['condo', 'Residential / Condo', 'Residential'],
    ['townhouse', 'Residential / Sobrado', 'Residential'],
    ['land', 'Residential / Land Lot', 'Residential'],
    ['farm', 'Residential / Agricultural', 'Residential'],
    ['commercial', 'Commercial / Building', 'Commercial'],
  ])('sends our "%s" as PropertyType %s, UsageType %s', (type, propertyType, usage) => {
    const l = listingOf({ propertyType: type });
    expect(textOf(l, 'Details/PropertyType')).toBe(propertyType);
    expect(textOf(l, 'Details/UsageType')).toBe(usage);
  });

  it('land and rural listings carry LotArea; the others LivingArea', () => {
    expect(find(listingOf({ propertyType: 'farm', areaM2: 5000 }), 'Details/LotArea')?.text).toBe('5000');
    expect(find(listingOf({ propertyType: 'apartment', areaM2: 92 }), 'Details/LivingArea')?.text).toBe('92');
  });

  it('maps the features it knows, whatever the accents or case, and leaves the rest out', () => {
    const l = listingOf({
      features: ['Jardim', 'ÁREA DE SERVIÇO', 'Lavanderia', 'Aceita animais', 'Varanda gourmet', 'Heliponto'],
    });
    const features = all(find(l, 'Details/Features'), 'Feature').map((f) => f.text);
    expect(features).toEqual(['Garden Area', 'Laundry', 'Pets Allowed', 'Gourmet Balcony']);
  });

  it('shows the street without the number (displayAddress "Street", one of All, Street, Neighborhood)', () => {
    expect(find(listingOf({}), 'Location')?.attrs.displayAddress).toBe('Street');
  });
});
