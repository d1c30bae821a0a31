import { describe, expect, it } from 'vitest';
import { isPriceOnRequest, mapListing, parsePrice } from './map-listing.ts';
import { makeListing } from './testing/generate-catalog.ts';

describe('parsePrice', () => {
  it.each([
    ['850000 BRL', 85_000_000],
    ['850000.00 BRL', 85_000_000],
    ['850000.5 BRL', 85_000_050],
    ['R$ 850.000,00', 85_000_000],
    ['R$850.000', 85_000_000],
    ['BRL 1.250.000', 125_000_000],
    ['1,250,000.99 BRL', 125_000_099],
    ['13,999 BRL', 1_399_900],
    ['2500,50', 250_050],
    ['850000', 85_000_000],
    ['0 BRL', 0],
    ['850000 brl', 85_000_000],
  ])('%s → %i cents', (raw, cents) => {
    expect(parsePrice(raw)).toEqual({ cents });
  });

  it.each([
    ['13,999 USD', /USD/],
    ['100 EUR', /EUR/],
    ['US$ 100', /inválido/],
    ['consulte', /inválido/],
    ['-100 BRL', /inválido/],
    ['1.2.3,4,5', /inválido/],
    ['', /inválido/],
    ['9'.repeat(30), /alto demais/],
  ])('%s is refused', (raw, reason) => {
    const result = parsePrice(raw);
    expect('error' in result && result.error).toMatch(reason);
  });
});

describe('mapListing', () => {
  it('maps a Meta listing to page fields with a stable hash', () => {
    const listing = makeListing(10);
    const mapped = mapListing(listing);
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.page).toMatchObject({
      externalId: 'IMV-000010',
      listingCode: 'IMV-000010',
      title: listing.name,
      status: 'published',
      purpose: 'rent',
      propertyType: 'apartment',
      state: 'SP',
    });
    expect(mapListing({ ...listing }).ok && (mapListing({ ...listing }) as { hash: string }).hash).toBe(
      mapped.hash,
    );
    expect((mapListing({ ...listing, price: '1 BRL' }) as { hash: string }).hash).not.toBe(mapped.hash);
  });

  it('strips NUL and other control characters a feed may carry (PostgreSQL refuses NUL in text)', () => {
    const listing = makeListing(11);
    const mapped = mapListing({
      ...listing,
      name: `Casa\u0000 com quintal`,
      description: 'linha 1\n\u0001linha 2',
    });
    expect(mapped.ok).toBe(true);
    if (!mapped.ok) return;
    expect(mapped.page.title).toBe('Casa com quintal');
    expect(mapped.page.description).toBe('linha 1\nlinha 2');
  });

  it('maps availability and listing_type to status and purpose', () => {
    const status = (availability: string, listing_type = '') => {
      const m = mapListing({ ...makeListing(1), availability, listing_type });
      return m.ok ? [m.page.status, m.page.purpose] : m.reason;
    };
    expect(status('for_sale')).toEqual(['published', 'sale']);
    expect(status('for_rent')).toEqual(['published', 'rent']);
    expect(status('available_soon', 'for_rent_by_owner')).toEqual(['published', 'rent']);
    expect(status('sale_pending')).toEqual(['published', 'sale']);
    expect(status('recently_sold')).toEqual(['sold', 'sale']);
    expect(status('recently_sold', 'for_rent_by_agent')).toEqual(['rented', 'rent']);
    expect(status('off_market')).toEqual(['draft', 'sale']);
    expect(status('For Sale')).toEqual(['published', 'sale']);
    expect(status('')).toMatch(/availability vazio/);
  });

  it('converts sq_ft, maps Portuguese property types and state names, ignores bad image URLs', () => {
    const m = mapListing({
      ...makeListing(1),
      area_size: '1000',
      area_unit: 'sq_ft',
      property_type: 'Casa de condomínio',
      'address.region': 'São Paulo',
      'image[0].url': 'ftp://x/1.jpg',
      'image[1].url': 'https://x/2.jpg',
      'image[2].url': 'https://x/2.jpg',
      'image[10].url': 'https://x/10.jpg',
    });
    expect(m.ok && m.page).toMatchObject({ areaM2: 93, propertyType: 'condo', state: 'SP' });
    expect(m.ok && m.page.photos.map((p) => p.url)).toEqual(['https://x/2.jpg', 'https://x/10.jpg']);
  });

  it('gives a Portuguese reason for each bad field', () => {
    const reason = (patch: Record<string, string>) => {
      const m = mapListing({ ...makeListing(1), ...patch });
      return m.ok ? null : m.reason;
    };
    expect(reason({ home_listing_id: ' ' })).toMatch(/home_listing_id vazio/);
    expect(reason({ home_listing_id: 'x'.repeat(101) })).toMatch(/100 caracteres/);
    expect(reason({ name: 'ab' })).toMatch(/curto demais/);
    expect(reason({ name: 'x'.repeat(201) })).toMatch(/máximo é 200/);
    expect(reason({ latitude: 'norte' })).toMatch(/latitude inválido/);
    expect(reason({ longitude: '-190' })).toMatch(/longitude fora do intervalo/);
    expect(reason({ num_baths: '-1' })).toMatch(/num_baths/);
    expect(reason({ area_unit: 'acres' })).toMatch(/area_unit/);
    expect(reason({ price: '10 USD' })).toMatch(/USD/);
    expect(reason({ description: 'x'.repeat(5001) })).toMatch(/description/);
  });
});

describe('isPriceOnRequest', () => {
  it('knows the ways a catalog says "no price"', () => {
    for (const raw of [
      'Preço sob consulta',
      'SOB CONSULTA',
      'Consulte',
      'consultar',
      'A combinar',
      'R$ —',
      'BRL',
      '-',
      'Price on request',
      'N/A',
    ])
      expect(isPriceOnRequest(raw), raw).toBe(true);
    for (const raw of ['850000 BRL', 'R$ 1.250.000,00', 'doze mil', '12x34', 'Nada'])
      expect(isPriceOnRequest(raw), raw).toBe(false);
  });
});
