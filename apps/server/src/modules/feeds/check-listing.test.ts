import { describe, expect, it } from 'vitest';
import { checkListing, checkMetaCatalog, checkVrsync } from './check-listing.ts';
import type { FeedPage } from './feed-listing.ts';
import { makeFeedPage } from './testing/feed-page.ts';

const zap = (page: Partial<FeedPage>, youtube: string[] = []) =>
  checkVrsync({ page: makeFeedPage(page), youtube }).map((p) => p.code);
const meta = (page: Partial<FeedPage>) => checkMetaCatalog({ page: makeFeedPage(page) }).map((p) => p.code);

describe('checkVrsync (ZAP, VivaReal, OLX)', () => {
  it('accepts a complete listing', () => {
    expect(zap({})).toEqual([]);
  });

  it.each<[string, Partial<FeedPage>, string]>([
    ['no listing code', { listingCode: null }, 'listing_code_missing'],
    ['a blank listing code', { listingCode: '   ' }, 'listing_code_missing'],
    ['a 51-character code', { listingCode: 'X'.repeat(51) }, 'listing_code_long'],
    ['a 9-character title', { title: 'Casa boa!' }, 'title_length'],
    ['a 101-character title', { title: 'A'.repeat(101) }, 'title_length'],
    ['HTML in the title', { title: '<b>Apartamento</b> em Pinheiros' }, 'title_html'],
    ['no property type', { propertyType: null }, 'property_type_missing'],
    ['"other" as property type', { propertyType: 'other' }, 'property_type_unknown'],
    ['a type nobody knows', { propertyType: 'castelo' }, 'property_type_unknown'],
    ['no price', { priceCents: null }, 'price_missing'],
    ['a price of zero', { priceCents: 0 }, 'price_zero'],
    ['no CEP', { zipCode: null }, 'zip_missing'],
    ['no neighbourhood', { neighborhood: '  ' }, 'neighborhood_missing'],
    ['no city', { city: null }, 'city_missing'],
    ['no state', { state: null }, 'state_missing'],
    ['no description', { description: null }, 'description_missing'],
    ['no photo', { photos: [] }, 'photo_missing'],
  ])('refuses %s', (_name, page, code) => {
    expect(zap(page)).toEqual([code]);
  });

  it('takes 10 and 100 characters as titles, counting them without tags', () => {
    expect(zap({ title: 'Casa boa!!' })).toEqual([]);
    expect(zap({ title: 'A'.repeat(100) })).toEqual([]);
  });

  it('refuses more than one YouTube video, accepts one', () => {
    expect(zap({}, ['https://youtu.be/a'])).toEqual([]);
    expect(zap({}, ['https://youtu.be/a', 'https://youtu.be/b'])).toEqual(['videos_too_many']);
  });

  it('says every reason in Portuguese, several at once', () => {
    const problems = checkVrsync({ page: makeFeedPage({ listingCode: null, photos: [] }), youtube: [] });
    expect(problems.map((p) => p.message)).toEqual([
      'Sem código do imóvel: os portais identificam o anúncio (e os contatos) por ele.',
      'Sem fotos: os portais exigem pelo menos uma.',
    ]);
  });
});

describe('checkMetaCatalog', () => {
  it('accepts a complete listing, and one without a listing code (the page id stands in)', () => {
    expect(meta({})).toEqual([]);
    expect(meta({ listingCode: null })).toEqual([]);
  });

  it.each<[string, Partial<FeedPage>, string]>([
    ['no address', { address: null }, 'address_missing'],
    ['no coordinates', { latitude: null }, 'coordinates_missing'],
    ['no photo', { photos: [] }, 'photo_missing'],
    ['a price of zero', { priceCents: 0 }, 'price_zero'],
    ['no CEP', { zipCode: null }, 'zip_missing'],
    ['no neighbourhood', { neighborhood: null }, 'neighborhood_missing'],
  ])('refuses %s', (_name, page, code) => {
    expect(meta(page)).toEqual([code]);
  });

  it('does not care about the portals-only rules (title length, "other" type, videos)', () => {
    expect(meta({ title: 'Casa', propertyType: 'other', description: null })).toEqual([]);
  });

  it('says "a Meta exige" for the price', () => {
    const [problem] = checkMetaCatalog({ page: makeFeedPage({ priceCents: null }) });
    expect(problem?.message).toBe('Sem preço de venda: a Meta exige um preço.');
  });
});

describe('checkListing', () => {
  it('dispatches by channel', () => {
    const page = makeFeedPage({ latitude: null });
    expect(checkListing({ page, youtube: [] }, 'grupo_zap')).toEqual([]);
    expect(checkListing({ page, youtube: [] }, 'meta_catalog').map((p) => p.code)).toEqual([
      'coordinates_missing',
    ]);
  });
});
