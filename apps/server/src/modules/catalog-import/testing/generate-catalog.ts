/**
 * Builds Meta home-listings catalogs in code (tests and the benchmark) instead of committing big files:
 * CSV, TSV or XML, N listings, in UTF-8 (with or without BOM), UTF-16 LE/BE (with or without BOM) or
 * Latin-1. Listings are deterministic for an index, so the same options give the same bytes.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export type CatalogFileFormat = 'csv' | 'tsv' | 'xml' | 'csv-semicolon';
export type CatalogFileEncoding =
  'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'utf-16le-nobom' | 'latin1';
export type Listing = Record<string, string>;

export const CATALOG_COLUMNS = [
  'home_listing_id',
  'name',
  'availability',
  'listing_type',
  'description',
  'price',
  'property_type',
  'num_beds',
  'num_baths',
  'area_size',
  'area_unit',
  'address.addr1',
  'address.city',
  'address.region',
  'address.country',
  'address.postal_code',
  'latitude',
  'longitude',
  'neighborhood[0]',
  'neighborhood[1]',
  'image[0].url',
  'image[0].tag[0]',
  'image[1].url',
  'image[2].url',
  'url',
] as const;

const PLACES = [
  {
    city: 'São Paulo',
    region: 'SP',
    neighborhoods: ['Pinheiros', 'Vila Madalena', 'Moóca', 'Butantã', 'Itaim Bibi'],
    lat: -23.56,
    lng: -46.69,
    zip: '05422',
  },
  {
    city: 'Rio de Janeiro',
    region: 'RJ',
    neighborhoods: ['Botafogo', 'Tijuca', 'Leblon', 'Méier'],
    lat: -22.95,
    lng: -43.19,
    zip: '22250',
  },
  {
    city: 'Belo Horizonte',
    region: 'MG',
    neighborhoods: ['Savassi', 'Lourdes', 'Funcionários'],
    lat: -19.93,
    lng: -43.94,
    zip: '30140',
  },
  {
    city: 'Curitiba',
    region: 'PR',
    neighborhoods: ['Batel', 'Água Verde', 'Centro Cívico'],
    lat: -25.44,
    lng: -49.28,
    zip: '80420',
  },
  {
    city: 'Florianópolis',
    region: 'SC',
    neighborhoods: ['Lagoa da Conceição', 'Jurerê', 'Trindade'],
    lat: -27.59,
    lng: -48.55,
    zip: '88062',
  },
];
const TYPES = [
  ['apartment', 'Apartamento'],
  ['house', 'Casa'],
  ['condo', 'Casa em condomínio'],
  ['townhouse', 'Sobrado'],
  ['land', 'Terreno'],
] as const;
const AVAILABILITY = [
  'for_sale',
  'for_sale',
  'for_rent',
  'for_sale',
  'sale_pending',
  'available_soon',
  'recently_sold',
  'off_market',
] as const;

/** The i-th listing (1-based ids: "IMV-000001"). `revision` changes the price, for "updated" tests. */
export function makeListing(i: number, revision = 0): Listing {
  const place = PLACES[i % PLACES.length]!;
  const neighborhood = place.neighborhoods[Math.floor(i / PLACES.length) % place.neighborhoods.length]!;
  const [type, noun] = TYPES[i % TYPES.length]!;
  const availability = AVAILABILITY[i % AVAILABILITY.length]!;
  const rent = availability === 'for_rent';
  const beds = type === 'land' ? '' : String(1 + (i % 4));
  const price = rent ? 2_500 + (i % 40) * 100 : 350_000 + (i % 97) * 10_000 + revision * 1_000;
  const id = `IMV-${String(i).padStart(6, '0')}`;
  return {
    home_listing_id: id,
    name: beds
      ? `${noun} com ${beds} ${beds === '1' ? 'quarto' : 'quartos'} em ${neighborhood}`
      : `${noun} à venda em ${neighborhood}`,
    availability,
    listing_type: rent ? 'for_rent_by_agent' : 'for_sale_by_agent',
    description: `${noun} em ${neighborhood}, ${place.city}: "ótima localização", perto de comércio, escolas e transporte.\nAgende sua visita!`,
    price: `${price} BRL`,
    property_type: type,
    num_beds: beds,
    num_baths: beds ? String(1 + (i % 3)) : '',
    area_size: String(45 + (i % 200)),
    area_unit: 'sq_m',
    'address.addr1': `Rua das Flores, ${100 + (i % 900)}`,
    'address.city': place.city,
    'address.region': place.region,
    'address.country': 'BR',
    'address.postal_code': `${place.zip}-${String(i % 1000).padStart(3, '0')}`,
    latitude: (place.lat + (i % 100) / 1000).toFixed(5),
    longitude: (place.lng - (i % 100) / 1000).toFixed(5),
    'neighborhood[0]': neighborhood,
    'neighborhood[1]': place.city,
    'image[0].url': `https://fotos.exemplo.com.br/${id}/1.jpg`,
    'image[0].tag[0]': 'Fachada',
    'image[1].url': `https://fotos.exemplo.com.br/${id}/2.jpg`,
    'image[2].url': `https://fotos.exemplo.com.br/${id}/3.jpg`,
    url: `https://www.imobiliaria-exemplo.com.br/imoveis/${id}`,
  };
}

const csvCell = (value: string, delimiter: string) =>
  /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;

export function delimitedHeader(delimiter: string, columns: readonly string[] = CATALOG_COLUMNS) {
  return columns.map((c) => csvCell(c, delimiter)).join(delimiter) + '\r\n';
}
export function delimitedRow(
  listing: Listing,
  delimiter: string,
  columns: readonly string[] = CATALOG_COLUMNS,
) {
  // TSV has no quoting convention in Meta's feeds: tabs and newlines inside values become spaces.
  if (delimiter === '\t')
    return columns.map((c) => (listing[c] ?? '').replace(/[\t\r\n]+/g, ' ')).join('\t') + '\r\n';
  return columns.map((c) => csvCell(listing[c] ?? '', delimiter)).join(delimiter) + '\r\n';
}

const xmlText = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<listings>\n  <title>Catálogo de imóveis</title>\n';
export const XML_TAIL = '</listings>\n';

export function xmlListing(l: Listing): string {
  const leaf = (name: string, value: string | undefined, cdata = false) =>
    value ? `    <${name}>${cdata ? `<![CDATA[${value}]]>` : xmlText(value)}</${name}>\n` : '';
  const components = ['addr1', 'city', 'region', 'country', 'postal_code']
    .map((c) =>
      l[`address.${c}`] ? `      <component name="${c}">${xmlText(l[`address.${c}`]!)}</component>\n` : '',
    )
    .join('');
  const images = [0, 1, 2, 3, 4, 5]
    .map((n) =>
      l[`image[${n}].url`]
        ? `    <image>\n      <url>${xmlText(l[`image[${n}].url`]!)}</url>\n${l[`image[${n}].tag[0]`] ? `      <tag>${xmlText(l[`image[${n}].tag[0]`]!)}</tag>\n` : ''}    </image>\n`
        : '',
    )
    .join('');
  const neighborhoods = [0, 1, 2].map((n) => leaf('neighborhood', l[`neighborhood[${n}]`])).join('');
  return (
    '  <listing>\n' +
    leaf('home_listing_id', l.home_listing_id) +
    leaf('name', l.name, true) +
    leaf('availability', l.availability) +
    leaf('listing_type', l.listing_type) +
    leaf('description', l.description, true) +
    leaf('price', l.price) +
    leaf('property_type', l.property_type) +
    leaf('num_beds', l.num_beds) +
    leaf('num_baths', l.num_baths) +
    leaf('area_size', l.area_size) +
    leaf('area_unit', l.area_unit) +
    (components ? `    <address format="simple">\n${components}    </address>\n` : '') +
    leaf('latitude', l.latitude) +
    leaf('longitude', l.longitude) +
    neighborhoods +
    images +
    leaf('url', l.url) +
    '  </listing>\n'
  );
}

export function encodeText(text: string, encoding: CatalogFileEncoding, first: boolean): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-8-bom':
      return Buffer.concat([
        first ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
        Buffer.from(text, 'utf8'),
      ]);
    case 'utf-16le':
      return Buffer.concat([
        first ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0),
        Buffer.from(text, 'utf16le'),
      ]);
    case 'utf-16le-nobom':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return Buffer.concat([
        first ? Buffer.from([0xfe, 0xff]) : Buffer.alloc(0),
        Buffer.from(text, 'utf16le').swap16(),
      ]);
    case 'latin1':
      return Buffer.from(text, 'latin1');
  }
}

export interface CatalogOptions {
  format: CatalogFileFormat;
  encoding?: CatalogFileEncoding;
  /** Listings given explicitly, or `count` generated ones. */
  listings?: Listing[];
  count?: number;
  revision?: number;
}

function* catalogParts(opts: CatalogOptions): Generator<string> {
  const listings = opts.listings ?? null;
  const total = listings ? listings.length : (opts.count ?? 10);
  const at = (i: number) => listings?.[i] ?? makeListing(i + 1, opts.revision);
  if (opts.format === 'xml') {
    yield XML_HEAD;
    for (let i = 0; i < total; i++) yield xmlListing(at(i));
    yield XML_TAIL;
    return;
  }
  const delimiter = opts.format === 'tsv' ? '\t' : opts.format === 'csv-semicolon' ? ';' : ',';
  yield delimitedHeader(delimiter);
  for (let i = 0; i < total; i++) yield delimitedRow(at(i), delimiter);
}

/** A whole catalog in memory (tests). */
export function catalogBuffer(opts: CatalogOptions): Buffer {
  const parts: Buffer[] = [];
  let first = true;
  for (const text of catalogParts(opts)) {
    parts.push(encodeText(text, opts.encoding ?? 'utf-8', first));
    first = false;
  }
  return Buffer.concat(parts);
}

/** A catalog streamed to disk (benchmark): memory stays flat whatever the count. */
export async function writeCatalogFile(file: string, opts: CatalogOptions): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  let first = true;
  let pending = '';
  const flush = async () => {
    const buf = encodeText(pending, opts.encoding ?? 'utf-8', first);
    first = false;
    pending = '';
    bytes += buf.length;
    if (!out.write(buf)) await once(out, 'drain');
  };
  for (const text of catalogParts(opts)) {
    pending += text;
    if (pending.length > 64 * 1024) await flush();
  }
  await flush();
  out.end();
  await once(out, 'finish');
  return bytes;
}
