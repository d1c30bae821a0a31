/** A complete listing as the feeds read it: every check passes; tests change one field at a time. */
import type { FeedPage } from '../feed-listing.ts';

export function makeFeedPage(overrides: Partial<FeedPage> = {}): FeedPage {
  return {
    id: 1,
    title: 'Apartamento 3 quartos em Pinheiros',
    slug: 'apartamento-3-quartos-pinheiros',
    status: 'published',
    listingCode: 'AP0001',
    purpose: 'sale',
    propertyType: 'apartment',
    priceCents: 85_000_000,
    condoFeeCents: 120_000,
    iptuCents: 30_000,
    areaM2: 92,
    bedrooms: 3,
    suites: 1,
    bathrooms: 2,
    parkingSpaces: 1,
    address: 'Rua dos Pinheiros, 1000',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    zipCode: '05422-001',
    latitude: -23.56,
    longitude: -46.68,
    description: 'Apartamento reformado, perto do metrô.',
    features: ['Piscina', 'Academia'],
    photos: [
      { id: 'p1', url: 'https://cdn.example.com/a.jpg', key: null, width: null, height: null, alt: null },
    ],
    updatedAt: new Date('2026-11-01T12:00:00Z'),
    ...overrides,
  };
}
