/** A page row as the API answers it (snake_case, money in cents, photos with their public URLs). */
import { PROPERTY_TYPES, landingPath, type Page, type PropertyType } from '@vitrine/contracts';
import type { pages } from '../../db/schema.ts';
import type { Storage } from '../storage/index.ts';

export type PageRow = typeof pages.$inferSelect;

export function toPageView(
  row: PageRow,
  ctx: { landingUrl: string; storage: Storage },
  leadsCount?: number,
  quarantinedLeadsCount?: number,
): Page {
  return {
    id: row.id,
    real_estate_id: row.realEstateId,
    title: row.title,
    slug: row.slug,
    status: row.status,
    listing_code: row.listingCode,
    purpose: row.purpose,
    // The column is free text (older rows, other writers): anything unknown is shown as "other".
    property_type:
      row.propertyType === null
        ? null
        : (PROPERTY_TYPES as readonly string[]).includes(row.propertyType)
          ? (row.propertyType as PropertyType)
          : 'other',
    price_cents: row.priceCents,
    condo_fee_cents: row.condoFeeCents,
    iptu_cents: row.iptuCents,
    currency: 'BRL',
    area_m2: row.areaM2,
    bedrooms: row.bedrooms,
    suites: row.suites,
    bathrooms: row.bathrooms,
    parking_spaces: row.parkingSpaces,
    address: row.address,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    latitude: row.latitude,
    longitude: row.longitude,
    description: row.description,
    features: row.features ?? [],
    photos: (row.photos ?? []).map((p) => ({
      id: p.id,
      url: p.key ? ctx.storage.url(p.key) : p.url,
      width: p.width,
      height: p.height,
      alt: p.alt,
      variants: (p.variants ?? []).map((v) => ({
        width: v.width,
        height: v.height,
        url: ctx.storage.url(v.key),
      })),
    })),
    whatsapp: row.whatsapp,
    call_to_action: row.callToAction,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    external_id: row.externalId,
    external_url: row.externalUrl,
    source: row.source,
    public_url: `${ctx.landingUrl}${landingPath(row.slug)}`,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(leadsCount === undefined ? {} : { leads_count: leadsCount }),
    ...(quarantinedLeadsCount === undefined ? {} : { quarantined_leads_count: quarantinedLeadsCount }),
  };
}
