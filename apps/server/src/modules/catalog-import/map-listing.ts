/**
 * One Meta home-listings record → the fields of a landing page, or the reason (Portuguese) why the
 * row cannot be imported. Pure: no database, no I/O. See docs/product.md#catalog-format.
 */
import { createHash } from 'node:crypto';
import {
  BRAZILIAN_STATES,
  PAGE_LIMITS,
  stripControlChars,
  type PagePurpose,
  type PageStatus,
  type PropertyType,
} from '@vitrine/contracts';
import type { PagePhoto } from '../../db/schema.ts';

/** Bump when the mapping changes, so that a re-import rewrites pages mapped the old way. */
const MAPPING_VERSION = 1;
const MAX_ID = 100;
const MAX_URL = 2048;
const SQ_FT_IN_M2 = 0.09290304;

export interface ListingPage {
  externalId: string;
  listingCode: string;
  title: string;
  status: PageStatus;
  purpose: PagePurpose;
  propertyType: PropertyType | null;
  priceCents: number | null;
  areaM2: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  address: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  photos: PagePhoto[];
  externalUrl: string | null;
}

export type MappedListing =
  { ok: true; page: ListingPage; hash: string } | { ok: false; externalId: string | null; reason: string };

export const AVAILABILITIES = [
  'for_sale',
  'for_rent',
  'sale_pending',
  'recently_sold',
  'off_market',
  'available_soon',
] as const;
type Availability = (typeof AVAILABILITIES)[number];

const PROPERTY_TYPE_MAP: Record<string, PropertyType> = {
  apartment: 'apartment',
  condo: 'condo',
  house: 'house',
  land: 'land',
  manufactured: 'house',
  townhouse: 'townhouse',
  other: 'other',
  // What Brazilian agencies sometimes write in their own feeds.
  apartamento: 'apartment',
  casa: 'house',
  casa_de_condominio: 'condo',
  casa_em_condominio: 'condo',
  condominio: 'condo',
  sobrado: 'townhouse',
  terreno: 'land',
  lote: 'land',
  comercial: 'commercial',
  commercial: 'commercial',
  sala_comercial: 'commercial',
  loja: 'commercial',
  galpao: 'commercial',
  rural: 'farm',
  farm: 'farm',
  fazenda: 'farm',
  sitio: 'farm',
  chacara: 'farm',
};

const STATE_NAMES: Record<string, string> = {
  acre: 'AC',
  alagoas: 'AL',
  amapa: 'AP',
  amazonas: 'AM',
  bahia: 'BA',
  ceara: 'CE',
  'distrito federal': 'DF',
  'espirito santo': 'ES',
  goias: 'GO',
  maranhao: 'MA',
  'mato grosso': 'MT',
  'mato grosso do sul': 'MS',
  'minas gerais': 'MG',
  para: 'PA',
  paraiba: 'PB',
  parana: 'PR',
  pernambuco: 'PE',
  piaui: 'PI',
  'rio de janeiro': 'RJ',
  'rio grande do norte': 'RN',
  'rio grande do sul': 'RS',
  rondonia: 'RO',
  roraima: 'RR',
  'santa catarina': 'SC',
  'sao paulo': 'SP',
  sergipe: 'SE',
  tocantins: 'TO',
};

const fold = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
const token = (v: string) => fold(v).replace(/[\s-]+/g, '_');

class RowError extends Error {}
const reject = (reason: string): never => {
  throw new RowError(reason);
};

/** "850000 BRL", "13,999 USD", "R$ 850.000,00", "BRL 850000.50", "850000" (BRL assumed) → cents. */
/**
 * A price the agency gives only on request ("Preço sob consulta", "Consulte", "A combinar", "R$ —"):
 * the listing is imported without a price, as the editor allows, and the report counts it.
 */
export function isPriceOnRequest(raw: string): boolean {
  const v = fold(raw).replace(/\s+/g, ' ').trim();
  if (/^(r\$|brl)?\s*[-–—.]*\s*(r\$|brl)?$/.test(v)) return true;
  return /\b(sob consulta|consult(e|ar|a)|a combinar|combinar|negociar|negociavel|on request|upon request|call for price|n\/a)\b/.test(
    v,
  );
}

export function parsePrice(raw: string): { cents: number } | { error: string } {
  let value = raw.trim().replace(/\u00a0/g, ' ');
  let currency = 'BRL';
  const prefix = /^(R\$|[A-Za-z]{3})(?=[\s\d])\s*/.exec(value);
  const suffix = /(?<=[\d\s])\s*(R\$|[A-Za-z]{3})$/.exec(value);
  if (prefix) {
    currency = prefix[1]!;
    value = value.slice(prefix[0].length);
  } else if (suffix) {
    currency = suffix[1]!;
    value = value.slice(0, value.length - suffix[0].length);
  }
  currency = currency === 'R$' ? 'BRL' : currency.toUpperCase();
  if (currency !== 'BRL')
    return { error: `preço em ${currency} ("${raw.trim()}"): só importamos preços em reais (BRL).` };
  value = value.replace(/\s+/g, '');
  const invalid = { error: `preço inválido ("${raw.trim()}"): use o formato "850000 BRL".` };
  if (!/^\d[\d.,]*$/.test(value)) return invalid;
  const lastDot = value.lastIndexOf('.');
  const lastComma = value.lastIndexOf(',');
  // The decimal mark: the last separator when both occur; a lone one followed by 1–2 digits.
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else if (lastDot >= 0 || lastComma >= 0) {
    const at = Math.max(lastDot, lastComma);
    if (value.split(value[at]!).length === 2 && value.length - at - 1 <= 2) decimalAt = at;
  }
  const integerRaw = decimalAt >= 0 ? value.slice(0, decimalAt) : value;
  const fraction = decimalAt >= 0 ? value.slice(decimalAt + 1) : '';
  const thousands =
    decimalAt >= 0 ? (value[decimalAt] === '.' ? ',' : '.') : (integerRaw.match(/[.,]/)?.[0] ?? ',');
  const grouped = new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})+$`);
  if (!/^\d{0,2}$/.test(fraction) || !(/^\d+$/.test(integerRaw) || grouped.test(integerRaw))) return invalid;
  const integer = integerRaw.replace(/[.,]/g, '');
  const cents = Number(integer) * 100 + Number(fraction.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > PAGE_LIMITS.moneyCents)
    return { error: `preço alto demais ("${raw.trim()}").` };
  return { cents };
}

function number(
  raw: string | undefined,
  label: string,
  opts: { min?: number; max?: number } = {},
): number | null {
  const v = raw?.trim();
  if (!v) return null;
  const n = Number(v.replace(',', '.'));
  if (!Number.isFinite(n)) return reject(`${label} inválido ("${v}"): informe um número.`);
  if (opts.min !== undefined && n < opts.min)
    return reject(`${label} fora do intervalo ("${v}"): o mínimo é ${opts.min}.`);
  if (opts.max !== undefined && n > opts.max)
    return reject(`${label} fora do intervalo ("${v}"): o máximo é ${opts.max}.`);
  return n;
}

const httpUrl = (raw: string | undefined): string | null => {
  const v = raw?.trim();
  if (!v || v.length > MAX_URL) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

const text = (raw: string | undefined, max: number, label: string): string | null => {
  const v = raw?.trim();
  if (!v) return null;
  if (v.length > max) reject(`${label} com ${v.length} caracteres: o máximo é ${max}.`);
  return v;
};

/** Values of an indexed family ("image[0].url", "image[1].url" or "neighborhood", "neighborhood[2]") in index order. */
function indexed(fields: Record<string, string>, pattern: RegExp): string[] {
  const found: [number, string][] = [];
  for (const [k, v] of Object.entries(fields)) {
    const m = pattern.exec(k);
    if (m && v.trim()) found.push([m[1] === undefined ? -1 : Number(m[1]), v.trim()]);
  }
  return found.sort((a, b) => a[0] - b[0]).map((x) => x[1]);
}

function statusOf(availability: Availability, purpose: PagePurpose): PageStatus {
  switch (availability) {
    case 'recently_sold':
      return purpose === 'rent' ? 'rented' : 'sold';
    case 'off_market':
      return 'draft';
    default:
      return 'published';
  }
}

function purposeOf(availability: Availability, listingType: string): PagePurpose {
  if (availability === 'for_rent') return 'rent';
  if (availability === 'for_sale' || availability === 'sale_pending') return 'sale';
  return listingType.startsWith('for_rent') ? 'rent' : 'sale';
}

export function mapListing(raw: Record<string, string>): MappedListing {
  // A feed's stray NUL would make PostgreSQL refuse the whole batch: control characters go first.
  const fields = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' ? stripControlChars(v) : v]),
  );
  const externalId = fields.home_listing_id?.trim() || null;
  try {
    if (!externalId) reject('home_listing_id vazio: todo imóvel do catálogo precisa de um identificador.');
    if (externalId!.length > MAX_ID) reject(`home_listing_id com mais de ${MAX_ID} caracteres.`);
    const title = fields.name?.trim();
    if (!title) reject('name (o título do imóvel) está vazio.');
    if (title!.length < 3) reject(`name "${title}" é curto demais: use pelo menos 3 caracteres.`);
    if (title!.length > PAGE_LIMITS.title)
      reject(`name com ${title!.length} caracteres: o máximo é ${PAGE_LIMITS.title}.`);

    const availabilityRaw = fields.availability?.trim() ?? '';
    if (!availabilityRaw) reject(`availability vazio: use ${AVAILABILITIES.join(', ')}.`);
    const availability = token(availabilityRaw) as Availability;
    if (!AVAILABILITIES.includes(availability))
      reject(`availability "${availabilityRaw}" desconhecido: use ${AVAILABILITIES.join(', ')}.`);
    const purpose = purposeOf(availability, token(fields.listing_type ?? ''));

    let priceCents: number | null = null;
    if (fields.price?.trim() && !isPriceOnRequest(fields.price)) {
      const price = parsePrice(fields.price);
      if ('error' in price) reject(price.error);
      else priceCents = price.cents;
    }

    const typeRaw = fields.property_type?.trim();
    const propertyType = typeRaw ? (PROPERTY_TYPE_MAP[token(typeRaw)] ?? 'other') : null;

    const latitude = number(fields.latitude, 'latitude', { min: -90, max: 90 });
    const longitude = number(fields.longitude, 'longitude', { min: -180, max: 180 });
    const beds = number(fields.num_beds, 'num_beds', { min: 0, max: PAGE_LIMITS.rooms });
    const baths = number(fields.num_baths, 'num_baths', { min: 0, max: PAGE_LIMITS.rooms });

    let areaM2: number | null = null;
    const area = number(fields.area_size, 'area_size', { min: 0 });
    if (area !== null) {
      const unit = token(fields.area_unit ?? '') || 'sq_m';
      if (unit !== 'sq_m' && unit !== 'sq_ft' && unit !== 'm2' && unit !== 'm²')
        reject(`area_unit "${fields.area_unit}" desconhecida: use sq_m ou sq_ft.`);
      areaM2 = Math.round(unit === 'sq_ft' ? area * SQ_FT_IN_M2 : area);
      if (areaM2 > PAGE_LIMITS.area) reject('area_size grande demais.');
    }

    const regionRaw = fields['address.region']?.trim() ?? '';
    const region = regionRaw.toUpperCase();
    const state = (BRAZILIAN_STATES as readonly string[]).includes(region)
      ? region
      : (STATE_NAMES[fold(regionRaw)] ?? null);
    const zipDigits = (fields['address.postal_code'] ?? '').replace(/\D+/g, '');

    const photos: PagePhoto[] = [];
    const seen = new Set<string>();
    for (const raw of indexed(fields, /^image(?:\[(\d+)\])?(?:\.url)?$/)) {
      const url = httpUrl(raw);
      if (!url || seen.has(url) || photos.length >= PAGE_LIMITS.photos) continue;
      seen.add(url);
      photos.push({
        id: `c${createHash('sha256').update(url).digest('base64url').slice(0, 11)}`,
        url,
        key: null,
        width: null,
        height: null,
        alt: null,
      });
    }

    const page: ListingPage = {
      externalId: externalId!,
      listingCode: externalId!,
      title: title!,
      status: statusOf(availability, purpose),
      purpose,
      propertyType,
      priceCents,
      areaM2,
      bedrooms: beds === null ? null : Math.round(beds),
      bathrooms: baths === null ? null : Math.round(baths),
      address: text(fields['address.addr1'], 255, 'address.addr1'),
      neighborhood: text(indexed(fields, /^neighborhood(?:\[(\d+)\])?$/)[0], 120, 'neighborhood'),
      city: text(fields['address.city'], 120, 'address.city'),
      state,
      zipCode: zipDigits.length === 8 ? `${zipDigits.slice(0, 5)}-${zipDigits.slice(5)}` : null,
      latitude,
      longitude,
      description: text(fields.description, PAGE_LIMITS.description, 'description'),
      photos,
      externalUrl: httpUrl(fields.url),
    };
    const hash = createHash('sha256')
      .update(JSON.stringify([MAPPING_VERSION, page]))
      .digest('hex');
    return { ok: true, page, hash };
  } catch (err) {
    if (err instanceof RowError) return { ok: false, externalId, reason: err.message };
    throw err;
  }
}
