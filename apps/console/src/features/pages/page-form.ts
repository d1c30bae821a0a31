/**
 * The editor's form: the contract's own `pageFields` schema (the one the server validates PUT with),
 * minus the currency that is always BRL. Form values hold '' for empty texts and null for empty
 * numbers, so that typing and erasing leaves the form clean.
 */
import { maskCep, maskPhone, pageFields, type Page } from '@vitrine/contracts';
import type { z } from 'zod';

export const pageFormSchema = pageFields.omit({ currency: true });
export type PageFormInput = z.input<typeof pageFormSchema>;
export type PageFormOutput = z.output<typeof pageFormSchema>;
export type PageFieldName = keyof PageFormInput;

export const PAGE_FIELD_NAMES = [
  'title',
  'slug',
  'status',
  'listing_code',
  'purpose',
  'property_type',
  'price_cents',
  'condo_fee_cents',
  'iptu_cents',
  'area_m2',
  'bedrooms',
  'suites',
  'bathrooms',
  'parking_spaces',
  'address',
  'neighborhood',
  'city',
  'state',
  'zip_code',
  'latitude',
  'longitude',
  'description',
  'features',
  'whatsapp',
  'call_to_action',
  'seo_title',
  'seo_description',
] as const satisfies readonly PageFieldName[];

/** The title "Sugerir depois" gives a new page until the agency asks for a suggestion. */
export const PLACEHOLDER_TITLE = 'Novo imóvel';
export const isPlaceholderSlug = (slug: string) => /^novo-imovel(-\d+)?$/.test(slug);

const TEXT_FIELDS = [
  'listing_code',
  'address',
  'neighborhood',
  'city',
  'state',
  'zip_code',
  'description',
  'whatsapp',
  'call_to_action',
  'seo_title',
  'seo_description',
] as const satisfies readonly PageFieldName[];

export function toFormValues(page: Page): PageFormInput {
  const texts = Object.fromEntries(TEXT_FIELDS.map((key) => [key, page[key] ?? ''])) as Pick<
    PageFormInput,
    (typeof TEXT_FIELDS)[number]
  >;
  return {
    ...texts,
    // Shown as typed in Brazil: (11) 98765-4321, 01310-100 (the server stores the digits / 00000-000).
    whatsapp: page.whatsapp ? maskPhone(page.whatsapp) : '',
    zip_code: page.zip_code ? maskCep(page.zip_code) : '',
    title: page.title,
    slug: page.slug,
    status: page.status,
    purpose: page.purpose,
    property_type: page.property_type,
    price_cents: page.price_cents,
    condo_fee_cents: page.condo_fee_cents,
    iptu_cents: page.iptu_cents,
    area_m2: page.area_m2,
    bedrooms: page.bedrooms,
    suites: page.suites,
    bathrooms: page.bathrooms,
    parking_spaces: page.parking_spaces,
    latitude: page.latitude,
    longitude: page.longitude,
    features: [...page.features],
  };
}

/** For register(..., {setValueAs}) on number inputs: '' → null, "12" → 12, "abc" → NaN (refused by the schema). */
export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  const text = String(value).trim();
  if (text === '') return null;
  return Number(text.replace(',', '.'));
}

/** For selects whose empty option means "none". */
export const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
