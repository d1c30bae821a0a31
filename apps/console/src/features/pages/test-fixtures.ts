/** Pages and lists as the API answers them, for the feature's tests. */
import type { CatalogImport, Page } from '@vitrine/contracts';

export function makePage(overrides: Partial<Page> = {}): Page {
  const id = overrides.id ?? 1;
  const slug = overrides.slug ?? `apartamento-${id}`;
  return {
    id,
    real_estate_id: 10,
    title: `Apartamento ${id} em Pinheiros`,
    slug,
    status: 'draft',
    listing_code: null,
    purpose: 'sale',
    property_type: 'apartment',
    price_cents: 85_000_000,
    condo_fee_cents: null,
    iptu_cents: null,
    currency: 'BRL',
    area_m2: 98,
    bedrooms: 3,
    suites: 1,
    bathrooms: 2,
    parking_spaces: 1,
    address: null,
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    zip_code: null,
    latitude: null,
    longitude: null,
    description: null,
    features: [],
    photos: [],
    whatsapp: null,
    call_to_action: null,
    seo_title: null,
    seo_description: null,
    external_id: null,
    external_url: null,
    source: 'manual',
    public_url: `http://127.0.0.1:3000/imoveis/${slug}`,
    published_at: null,
    created_at: '2025-03-01T12:00:00Z',
    updated_at: '2025-03-10T12:00:00Z',
    leads_count: 0,
    ...overrides,
  };
}

export { pageList } from '@/test/fixtures';

export function makeImport(overrides: Partial<CatalogImport> = {}): CatalogImport {
  return {
    id: '6f1c2a4e-1b2c-4d5e-8f90-123456789abc',
    real_estate_id: 10,
    status: 'queued',
    filename: 'sample-catalog.csv',
    format: 'csv',
    bytes: 3200,
    bytes_read: 0,
    progress: 0,
    rows_total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    over_limit_drafts: 0,
    without_price: 0,
    price_notice: null,
    limit_notice: null,
    rejected_count: 0,
    rejected: [],
    error: null,
    created_at: '2025-03-10T12:00:00Z',
    finished_at: null,
    ...overrides,
  };
}
