// A complete LeadForDelivery for adapter tests; override what a test cares about.
import type { LeadForDelivery } from '../types.ts';

export function buildLeadForDelivery(overrides: Partial<LeadForDelivery> = {}): LeadForDelivery {
  return {
    id: 'lead_01',
    created_at: '2025-03-14T12:30:00.000Z',
    name: 'Maria da Silva',
    email: 'maria@example.com.br',
    phone: '11987654321',
    message: 'Olá! Gostaria de agendar uma visita ao apartamento.',
    page: {
      id: 'page_01',
      title: 'Apartamento 2 quartos em Pinheiros',
      listing_code: 'AP-1234',
      url: 'https://vitrine.example/imoveis/apartamento-2-quartos-pinheiros',
      price_cents: 85_000_000,
      currency: 'BRL',
      price_formatted: 'R$ 850.000',
      purpose: 'sale',
      property_type: 'apartment',
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
      state: 'SP',
    },
    source: 'landing_page',
    source_label: 'Página',
    source_details: null,
    listing_code: 'AP-1234',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'pinheiros-2q',
    utm_term: null,
    utm_content: null,
    gclid: 'gclid-abc',
    fbclid: null,
    delivery_id: 'dlv_01',
    ...overrides,
  };
}
