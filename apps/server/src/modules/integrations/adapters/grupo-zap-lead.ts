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
  message: string;
}

export function toGrupoZapLead(lead: LeadForDelivery): GrupoZapLead {
  return {
    leadOrigin: LEAD_ORIGIN,
    timestamp: lead.created_at,
    originLeadId: lead.id,
    originListingId: lead.page.id,
    clientListingId: lead.page.listing_code ?? '',
    name: lead.name,
    email: lead.email,
    ddd: lead.phone.slice(0, 2),
    phone: lead.phone.slice(2),
    message: lead.message ?? '',
  };
}
