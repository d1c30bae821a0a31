import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATALOG_IMPORT_STATUSES, PAGE_PURPOSES, PAGE_SOURCES, PAGE_STATUSES } from '@vitrine/contracts';
import { tenantId, users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

export interface PagePhoto {
  id: string;
  /** Absolute URL (catalog) or our storage URL. */
  url: string;
  /** Storage key when we hold the file. */
  key: string | null;
  width: number | null;
  height: number | null;
  alt: string | null;
  /** Resized WebP copies for srcset (widths 480/960/1600, never enlarged). */
  variants?: { width: number; height: number; key: string }[];
}

/** Every storage key a photo occupies: the original and its resized copies. */
export const photoKeys = (p: PagePhoto): string[] => [
  ...(p.key ? [p.key] : []),
  ...(p.variants ?? []).map((v) => v.key),
];

/** A property landing page. Money in cents (BRL). */
export const pages = pgTable(
  'pages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    status: text('status', { enum: PAGE_STATUSES }).notNull().default('draft'),
    listingCode: text('listing_code'),
    /** Meta catalog home_listing_id: the import key. */
    externalId: text('external_id'),
    source: text('source', { enum: PAGE_SOURCES }).notNull().default('manual'),
    purpose: text('purpose', { enum: PAGE_PURPOSES }).notNull().default('sale'),
    propertyType: text('property_type'),
    priceCents: bigint('price_cents', { mode: 'number' }),
    condoFeeCents: bigint('condo_fee_cents', { mode: 'number' }),
    iptuCents: bigint('iptu_cents', { mode: 'number' }),
    areaM2: integer('area_m2'),
    bedrooms: integer('bedrooms'),
    suites: integer('suites'),
    bathrooms: integer('bathrooms'),
    parkingSpaces: integer('parking_spaces'),
    address: text('address'),
    neighborhood: text('neighborhood'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    photos: jsonb('photos').$type<PagePhoto[]>().notNull().default([]),
    whatsapp: text('whatsapp'),
    callToAction: text('call_to_action'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    externalUrl: text('external_url'),
    /** Hash of the imported row, so a re-import of the same data changes nothing. */
    importHash: text('import_hash'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pages_slug_unique').on(t.slug),
    uniqueIndex('pages_external_unique').on(t.realEstateId, t.externalId),
    index('pages_real_estate_idx').on(t.realEstateId, t.updatedAt),
    // Portal and form leads find their listing by the agency's own code (docs/product.md#lead-sources).
    index('pages_listing_code_idx')
      .on(t.realEstateId, t.listingCode)
      .where(sql`${t.listingCode} is not null`),
  ],
);

export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realEstateId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CATALOG_IMPORT_STATUSES }).notNull().default('queued'),
    filename: text('filename'),
    format: text('format'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** Listings "publish" would have put online past the plan's published pages: kept as drafts. */
    overLimitDrafts: integer('over_limit_drafts').notNull().default(0),
    /** Listings imported without a price (blank, or "sob consulta" and the like): the report says so. */
    withoutPrice: integer('without_price').notNull().default(0),
    /** The summary's sentence naming that limit (pt-BR), when it was reached. */
    limitNotice: text('limit_notice'),
    rejected: jsonb('rejected')
      .$type<{ row: number; home_listing_id: string | null; reason: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_real_estate_idx').on(t.realEstateId, t.createdAt)],
);
