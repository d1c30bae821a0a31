/**
 * One listing as VRSync XML, the format Grupo OLX (ZAP Imóveis, VivaReal, OLX) reads: the element
 * names and values of developers.grupozap.com/feeds/vrsync (docs/product.md#feeds). Pure: the caller
 * streams the header, each listing and the footer.
 */
import type { PropertyType } from '@vitrine/contracts';
import { VRSYNC_PROPERTY_TYPES, plainTitle } from './check-listing.ts';
import { photoUrl, type FeedListing, type UrlOf } from './feed-listing.ts';
import { cdata, xmlEscape } from './xml-text.ts';

export const VRSYNC_NAMESPACE = 'http://www.vivareal.com/schemas/1.0/VRSync';

export const STATE_NAMES: Record<string, string> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
};

/**
 * Features the portals know (VRSync's `Feature` values, an English vocabulary: decision 022 says where
 * each was confirmed), from what agencies type in Portuguese, compared without accents or case. What
 * is not here is left out rather than sent as a value the portal would not recognise.
 */
const FEATURES: Record<string, string> = {
  piscina: 'Pool',
  academia: 'Gym',
  churrasqueira: 'BBQ',
  elevador: 'Elevator',
  'salao de festas': 'Party Room',
  'salao de jogos': 'Game room',
  playground: 'Playground',
  sauna: 'Sauna',
  'quadra poliesportiva': 'Sports Court',
  'quadra de tenis': 'Tennis court',
  'ar condicionado': 'Cooling',
  varanda: 'Balcony',
  'varanda gourmet': 'Gourmet Balcony',
  'espaco gourmet': 'Gourmet Area',
  'area gourmet': 'Gourmet Area',
  jardim: 'Garden Area',
  lareira: 'Fireplace',
  mobiliado: 'Furnished',
  'portaria 24h': 'Security Guard on Duty',
  'portaria 24 horas': 'Security Guard on Duty',
  'seguranca 24h': 'Security Guard on Duty',
  lavanderia: 'Laundry',
  'area de servico': 'Laundry',
  'aceita pets': 'Pets Allowed',
  'aceita animais': 'Pets Allowed',
  'espaco pet': 'Pet Space',
  bicicletario: 'Bicycles Place',
  closet: 'Closet',
  interfone: 'Intercom',
  quintal: 'Backyard',
  'vista para o mar': 'Ocean View',
  'sistema de alarme': 'Alarm System',
  'armario embutido': 'Builtin Wardrobe',
};
const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

export interface FeedAgency {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
}

/** Whole reais: the portals take integer amounts without separators. */
const reais = (cents: number) => String(Math.floor(cents / 100));
const el = (name: string, value: string | number | null | undefined, attrs = '') =>
  value === null || value === undefined || value === ''
    ? ''
    : `<${name}${attrs}>${xmlEscape(String(value))}</${name}>`;

/** "Rua dos Pinheiros, 1000 - apto 12" → street "Rua dos Pinheiros", number "1000". */
export function splitAddress(address: string | null): { street: string | null; number: string | null } {
  if (!address?.trim()) return { street: null, number: null };
  const m = /^(.*?),\s*(\d+[A-Za-z]?)\b/.exec(address.trim());
  return m ? { street: m[1]!.trim(), number: m[2]! } : { street: address.trim(), number: null };
}

export function vrsyncHeader(agency: FeedAgency, publishedAt: Date): string {
  // The data's own date (its newest change), not the clock: the same data gives the same document.
  const date = publishedAt.toISOString().slice(0, 19);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ListingDataFeed xmlns="${VRSYNC_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${VRSYNC_NAMESPACE} http://xml.vivareal.com/vrsync.xsd">\n` +
    '<Header>' +
    el('Provider', 'Vitrine Imóveis') +
    el('Email', agency.email) +
    el('ContactName', agency.name) +
    el('PublishDate', date) +
    el('Telephone', agency.phone) +
    '</Header>\n<Listings>\n'
  );
}

export const VRSYNC_FOOTER = '</Listings>\n</ListingDataFeed>\n';

export function vrsyncListing(
  listing: FeedListing,
  ctx: { urlOf: UrlOf; pageUrl: string; agency: FeedAgency },
): string {
  const { page } = listing;
  const kind = VRSYNC_PROPERTY_TYPES[page.propertyType as PropertyType]!;
  const rent = page.purpose === 'rent';
  const land = page.propertyType === 'land' || page.propertyType === 'farm';
  const { street, number } = splitAddress(page.address);
  const state = page.state?.toUpperCase() ?? '';
  const features = [
    ...new Set(page.features.map((f) => FEATURES[fold(f)]).filter((f): f is string => Boolean(f))),
  ];
  const media = page.photos
    .map(
      (photo, i) =>
        `<Item medium="image"${photo.alt ? ` caption="${xmlEscape(photo.alt)}"` : ''}${i === 0 ? ' primary="true"' : ''}>${xmlEscape(photoUrl(photo, ctx.urlOf, 'grupo_zap'))}</Item>`,
    )
    .concat(listing.youtube.slice(0, 1).map((url) => `<Item medium="video">${xmlEscape(url)}</Item>`))
    .join('');
  const price = page.priceCents ?? 0;
  return (
    '<Listing>' +
    el('ListingID', page.listingCode!.trim()) +
    `<Title>${cdata(plainTitle(page.title))}</Title>` +
    el('TransactionType', rent ? 'For Rent' : 'For Sale') +
    el('PublicationType', listing.publicationType ?? 'STANDARD') +
    el('DetailViewUrl', ctx.pageUrl) +
    `<Media>${media}</Media>` +
    '<Details>' +
    el('UsageType', kind.usage) +
    el('PropertyType', kind.type) +
    `<Description>${cdata(page.description ?? '')}</Description>` +
    (rent
      ? el('RentalPrice', reais(price), ' currency="BRL" period="Monthly"')
      : el('ListPrice', reais(price), ' currency="BRL"')) +
    (page.condoFeeCents
      ? el('PropertyAdministrationFee', reais(page.condoFeeCents), ' currency="BRL"')
      : '') +
    (page.iptuCents ? el('YearlyTax', reais(page.iptuCents), ' currency="BRL"') : '') +
    (page.areaM2 ? el(land ? 'LotArea' : 'LivingArea', page.areaM2, ' unit="square metres"') : '') +
    el('Bedrooms', page.bedrooms) +
    el('Bathrooms', page.bathrooms) +
    el('Suites', page.suites) +
    el('Garage', page.parkingSpaces, ' type="Parking Space"') +
    (features.length ? `<Features>${features.map((f) => el('Feature', f)).join('')}</Features>` : '') +
    '</Details>' +
    // The street is shown, not the number: the agency's default on the portals.
    '<Location displayAddress="Street">' +
    el('Country', 'Brasil', ' abbreviation="BR"') +
    el('State', STATE_NAMES[state] ?? state, ` abbreviation="${xmlEscape(state)}"`) +
    el('City', page.city) +
    el('Neighborhood', page.neighborhood) +
    el('Address', street) +
    el('StreetNumber', number) +
    el('PostalCode', (page.zipCode ?? '').replace(/\D/g, '')) +
    el('Latitude', page.latitude) +
    el('Longitude', page.longitude) +
    '</Location>' +
    '<ContactInfo>' +
    el('Name', ctx.agency.name) +
    el('Email', ctx.agency.email) +
    el('Website', ctx.agency.website) +
    el('Telephone', ctx.agency.phone) +
    '</ContactInfo>' +
    '</Listing>\n'
  );
}
