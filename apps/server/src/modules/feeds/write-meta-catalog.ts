/**
 * One listing as a Meta home-listings catalog record, in XML or CSV: the format the catalog import reads
 * (docs/product.md#catalog-format), so a file exported here imports into another agency as the same
 * pages. The landing URL carries UTM parameters the analytics reads (docs/product.md#feeds). Pure.
 */
import { META_PROPERTY_TYPES, META_LIMITS } from './check-listing.ts';
import { photoUrl, type FeedListing, type UrlOf } from './feed-listing.ts';
import { cdata, xmlClean, xmlEscape } from './xml-text.ts';
import type { PropertyType } from '@vitrine/contracts';

/** What an ad click brings to the landing page (the analytics' source and campaign). */
export const META_UTM = { utm_source: 'facebook', utm_medium: 'paid_social', utm_campaign: 'catalogo_meta' };

export const metaListingId = (page: FeedListing['page']) => page.listingCode?.trim() || `vitrine-${page.id}`;

/** "850000 BRL", or "850000.50 BRL" when there are cents. */
const price = (cents: number) =>
  `${Math.floor(cents / 100)}${cents % 100 ? `.${String(cents % 100).padStart(2, '0')}` : ''} BRL`;

export const withUtm = (url: string) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(META_UTM)) u.searchParams.set(k, v);
  return u.toString();
};

/** The record's fields, flattened as the CSV names them (`address.city`, `image[0].url`). */
export function metaFields(
  listing: FeedListing,
  ctx: { urlOf: UrlOf; pageUrl: string },
): Record<string, string> {
  const { page } = listing;
  const rent = page.purpose === 'rent';
  const fields: Record<string, string> = {
    home_listing_id: metaListingId(page),
    name: page.title.slice(0, META_LIMITS.title),
    availability: rent ? 'for_rent' : 'for_sale',
    'address.addr1': page.address ?? '',
    'address.city': page.city ?? '',
    'address.region': page.state ?? '',
    'address.country': 'Brazil',
    'address.postal_code': page.zipCode ?? '',
    latitude: page.latitude === null ? '' : String(page.latitude),
    longitude: page.longitude === null ? '' : String(page.longitude),
    'neighborhood[0]': page.neighborhood ?? '',
    price: price(page.priceCents ?? 0),
    url: withUtm(ctx.pageUrl),
    description: (page.description ?? '').slice(0, META_LIMITS.description),
    num_beds: page.bedrooms === null ? '' : String(page.bedrooms),
    num_baths: page.bathrooms === null ? '' : String(page.bathrooms),
    property_type: page.propertyType
      ? (META_PROPERTY_TYPES[page.propertyType as PropertyType] ?? 'other')
      : '',
    listing_type: rent ? 'for_rent_by_agent' : 'for_sale_by_agent',
    area_size: page.areaM2 === null ? '' : String(page.areaM2),
    area_unit: page.areaM2 === null ? '' : 'sq_m',
  };
  page.photos.slice(0, META_LIMITS.photos).forEach((photo, i) => {
    fields[`image[${i}].url`] = photoUrl(photo, ctx.urlOf, 'meta_catalog');
  });
  return fields;
}

export const META_XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<listings>\n';
export const META_XML_FOOTER = '</listings>\n';

const el = (name: string, value: string) => (value ? `<${name}>${xmlEscape(value)}</${name}>` : '');

export function metaXmlListing(listing: FeedListing, ctx: { urlOf: UrlOf; pageUrl: string }): string {
  const f = metaFields(listing, ctx);
  const component = (name: string, key: string) =>
    f[key] ? `<component name="${name}">${xmlEscape(f[key])}</component>` : '';
  const images = Object.keys(f)
    .filter((k) => k.startsWith('image['))
    .map((k) => `<image><url>${xmlEscape(f[k]!)}</url></image>`)
    .join('');
  return (
    '<listing>' +
    el('home_listing_id', f.home_listing_id!) +
    `<name>${cdata(f.name!)}</name>` +
    el('availability', f.availability!) +
    '<address format="simple">' +
    component('addr1', 'address.addr1') +
    component('city', 'address.city') +
    component('region', 'address.region') +
    component('country', 'address.country') +
    component('postal_code', 'address.postal_code') +
    '</address>' +
    el('latitude', f.latitude!) +
    el('longitude', f.longitude!) +
    el('neighborhood', f['neighborhood[0]']!) +
    el('price', f.price!) +
    images +
    el('url', f.url!) +
    (f.description ? `<description>${cdata(f.description)}</description>` : '') +
    el('num_beds', f.num_beds!) +
    el('num_baths', f.num_baths!) +
    el('property_type', f.property_type!) +
    el('listing_type', f.listing_type!) +
    el('area_size', f.area_size!) +
    el('area_unit', f.area_unit!) +
    '</listing>\n'
  );
}

/** The CSV's columns: every field, and the 20 photos Meta takes. */
export const META_CSV_COLUMNS = [
  'home_listing_id',
  'name',
  'availability',
  'address.addr1',
  'address.city',
  'address.region',
  'address.country',
  'address.postal_code',
  'latitude',
  'longitude',
  'neighborhood[0]',
  'price',
  ...Array.from({ length: META_LIMITS.photos }, (_, i) => `image[${i}].url`),
  'url',
  'description',
  'num_beds',
  'num_baths',
  'property_type',
  'listing_type',
  'area_size',
  'area_unit',
];

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
const csvCell = (value: string) => {
  const v = xmlClean(value);
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

export const META_CSV_HEADER = `${META_CSV_COLUMNS.join(',')}\r\n`;

export function metaCsvListing(listing: FeedListing, ctx: { urlOf: UrlOf; pageUrl: string }): string {
  const f = metaFields(listing, ctx);
  return `${META_CSV_COLUMNS.map((c) => csvCell(f[c] ?? '')).join(',')}\r\n`;
}
