/**
 * What receivers get: a stored lead plus the landing page it came from (title, listing code, public
 * URL, price, place). A lead whose page was deleted keeps its data and says so honestly: an empty page
 * (no title, no URL), never the site root dressed up as a property.
 */
import { pages, type leads } from '../../db/schema.ts';
import type { LeadForDelivery, LeadPage } from '../integrations/index.ts';
import { LEAD_SOURCE_LABELS } from '@vitrine/contracts';
import { formatPrice } from '../../lib/format.ts';

type LeadRow = typeof leads.$inferSelect;
/** The page columns a delivery needs (leadPageColumns below). */
export type LeadPageRow = Pick<
  typeof pages.$inferSelect,
  | 'id'
  | 'title'
  | 'slug'
  | 'listingCode'
  | 'priceCents'
  | 'purpose'
  | 'propertyType'
  | 'neighborhood'
  | 'city'
  | 'state'
>;

/** The page columns a delivery carries, by key: read with the lead (the engine's read, the capture's lookup). */
const leadPageColumns = {
  id: pages.id,
  title: pages.title,
  slug: pages.slug,
  listingCode: pages.listingCode,
  priceCents: pages.priceCents,
  purpose: pages.purpose,
  propertyType: pages.propertyType,
  neighborhood: pages.neighborhood,
  city: pages.city,
  state: pages.state,
} satisfies { [K in keyof LeadPageRow]: unknown };

/** SQL: the page columns of the pages row `alias` as one JSON object (LeadPageRow's columns). */
export const leadPageJsonSql = (alias: string) =>
  `json_build_object(${Object.values(leadPageColumns)
    .map((c) => `'${c.name}', ${alias}.${c.name}`)
    .join(', ')})`;

/** The page's columns a delivery carries, from the JSON leadPageJsonSql builds. */
export const leadPageFromJson = (json: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(leadPageColumns).map(([key, column]) => [key, json[column.name] ?? null]),
  ) as LeadPageRow;

/** The receivers' idempotency key (Standard Webhooks `webhook-id`), the same on every retry. */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

export const EMPTY_LEAD_PAGE: LeadPage = {
  id: '',
  title: '',
  listing_code: null,
  url: '',
  price_cents: null,
  currency: 'BRL',
  price_formatted: null,
  purpose: null,
  property_type: null,
  neighborhood: null,
  city: null,
  state: null,
};

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** `landingUrl`: the origin the page is published on (LANDING_URL). */
export function leadPageFor(page: LeadPageRow | null, landingUrl: string): LeadPage {
  if (!page) return { ...EMPTY_LEAD_PAGE };
  const price = page.priceCents ?? null;
  return {
    id: String(page.id),
    title: page.title,
    listing_code: blankToNull(page.listingCode),
    url: `${landingUrl.replace(/\/$/, '')}/imoveis/${page.slug}`,
    price_cents: price,
    currency: 'BRL',
    // Plain spaces: Intl puts a no-break space after "R$", which CRMs' text fields render oddly.
    price_formatted:
      price === null
        ? null
        : `${formatPrice(price).replace(/\s/g, ' ')}${page.purpose === 'rent' ? '/mês' : ''}`,
    purpose: page.purpose,
    property_type: blankToNull(page.propertyType),
    neighborhood: blankToNull(page.neighborhood),
    city: blankToNull(page.city),
    state: blankToNull(page.state),
  };
}

export function toLeadForDelivery(
  lead: LeadRow,
  page: LeadPageRow | null,
  landingUrl: string,
  deliveryId: string,
): LeadForDelivery {
  return {
    id: lead.id,
    created_at: lead.createdAt.toISOString(),
    name: lead.name,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    message: lead.message,
    page: leadPageFor(page, landingUrl),
    source: lead.source,
    source_label: lead.source ? (LEAD_SOURCE_LABELS[lead.source] ?? lead.source) : null,
    source_details: (lead.sourceDetails as Record<string, unknown> | null) ?? null,
    listing_code: blankToNull(lead.listingCode) ?? blankToNull(page?.listingCode),
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    utm_term: lead.utmTerm,
    utm_content: lead.utmContent,
    gclid: lead.gclid,
    fbclid: lead.fbclid,
    delivery_id: webhookIdOf(deliveryId),
  };
}
