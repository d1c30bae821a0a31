/** API field names (snake_case) to the pages table's columns. */
import type { PageFields } from '@vitrine/contracts';
import type { pages } from '../../db/schema.ts';

type PageInsert = typeof pages.$inferInsert;

const COLUMNS = {
  title: 'title',
  slug: 'slug',
  status: 'status',
  listing_code: 'listingCode',
  purpose: 'purpose',
  property_type: 'propertyType',
  price_cents: 'priceCents',
  condo_fee_cents: 'condoFeeCents',
  iptu_cents: 'iptuCents',
  area_m2: 'areaM2',
  bedrooms: 'bedrooms',
  suites: 'suites',
  bathrooms: 'bathrooms',
  parking_spaces: 'parkingSpaces',
  address: 'address',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
  zip_code: 'zipCode',
  latitude: 'latitude',
  longitude: 'longitude',
  description: 'description',
  features: 'features',
  whatsapp: 'whatsapp',
  call_to_action: 'callToAction',
  seo_title: 'seoTitle',
  seo_description: 'seoDescription',
} as const satisfies Partial<Record<keyof PageFields, keyof PageInsert>>;

/** Only the fields present in the input: an absent field is left as it is, null clears it. */
export function toPageColumns(fields: Partial<PageFields>): Partial<PageInsert> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = (fields as Record<string, unknown>)[field];
    if (value !== undefined) out[column] = value;
  }
  return out as Partial<PageInsert>;
}

/** The API names of the fields present in the input (for the audit log). */
export const presentFields = (fields: Partial<PageFields>) => Object.keys(fields).filter((k) => k in COLUMNS);
