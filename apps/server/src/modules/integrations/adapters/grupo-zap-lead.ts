// The Grupo ZAP lead JSON (developers.grupozap.com, olxbr/crm-lead-integration), which Brazilian
// real-estate CRMs commonly accept; used where a CRM's own lead format is unknown.
import type { LeadForDelivery } from './types.ts';

/** How our leads introduce themselves to CRMs (leadOrigin, Jetimob's source). */
export const LEAD_ORIGIN = 'Vitrine';

export interface GrupoZapLead {
  leadOrigin: string;
  timestamp: string;
  /** Dedupe key on the CRM side: the lead id, the same on retries and replays. */
  originLeadId: string;
  originListingId: string;
  /** The agency's own listing code. */
  clientListingId: string;
  name: string;
  email: string;
  ddd: string;
  phone: string;
  /** DDD + number: deprecated in the Grupo ZAP contract, still read by older CRMs. */
  phoneNumber: string;
  message: string;
  // Our extensions (the Grupo ZAP contract has no listing details; receivers ignore unknown keys).
  /** The landing page's title. */
  listingTitle: string;
  /** The public landing page the lead was sent from. */
  listingUrl: string;
  /** Price in reais (sale price or monthly rent), null when not informed. */
  listingPrice: number | null;
  /** "SELL" or "RENT", as Grupo ZAP feeds name it; null when unknown. */
  transactionType: 'SELL' | 'RENT' | null;
  listingNeighborhood: string | null;
  listingCity: string | null;
  listingState: string | null;
  /** Where the lead came from, as the console names it ("Página", "Portal ZAP", "Facebook"…). */
  source: string | null;
  /** The portal's temperature ("Alta", "Média", "Baixa") when the lead came from one; null otherwise. */
  temperature: string | null;
  /** What the source said of the lead (docs/webhooks.md#source-and-source-details). */
  sourceDetails: Record<string, unknown> | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export function toGrupoZapLead(lead: LeadForDelivery): GrupoZapLead {
  return {
    leadOrigin: LEAD_ORIGIN,
    timestamp: lead.created_at,
    originLeadId: lead.id,
    originListingId: lead.page.id,
    clientListingId: lead.page.listing_code ?? lead.listing_code ?? '',
    name: lead.name,
    email: lead.email,
    ddd: lead.phone.slice(0, 2),
    phone: lead.phone.slice(2),
    phoneNumber: lead.phone,
    message: lead.message ?? '',
    listingTitle: lead.page.title,
    listingUrl: lead.page.url,
    listingPrice: lead.page.price_cents === null ? null : lead.page.price_cents / 100,
    transactionType:
      lead.page.purpose === 'rent'
        ? 'RENT'
        : lead.page.purpose === 'sale'
          ? 'SELL'
          : transactionOf(lead.source_details?.transaction_type),
    listingNeighborhood: lead.page.neighborhood,
    listingCity: lead.page.city,
    listingState: lead.page.state,
    source: lead.source_label,
    temperature: text(lead.source_details?.temperature),
    sourceDetails: lead.source_details,
  };
}

/** A portal's transaction type, when it is one the Grupo ZAP contract names. */
function transactionOf(value: unknown): 'SELL' | 'RENT' | null {
  return value === 'SELL' || value === 'RENT' ? value : null;
}
