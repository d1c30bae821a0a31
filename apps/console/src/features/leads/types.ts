/**
 * What the leads and deliveries endpoints answer (the server's leadView / delivery view). The
 * status and source vocabularies come from @vitrine/contracts; only the response shapes live here.
 */
import type { IntegrationName, LeadStatus, Paginated } from '@vitrine/contracts';

export interface LeadPageRef {
  id: number;
  title: string;
  slug: string;
}

export interface LeadUtm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}

export interface Lead {
  id: string;
  name: string;
  email: string | null;
  /** National digits, e.g. 11988887777. */
  phone: string | null;
  message: string | null;
  status: LeadStatus;
  source: string;
  page: LeadPageRef | null;
  contact_id: string | null;
  /** The same person had left a lead before. */
  is_repeat: boolean;
  is_test: boolean;
  quarantined: boolean;
  quarantine_reason: string | null;
  consent: boolean;
  utm: LeadUtm;
  gclid: string | null;
  fbclid: string | null;
  referrer: string | null;
  session_id: string | null;
  created_at: string;
  status_changed_at: string | null;
}

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead', 'paused'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DELIVERY_OUTCOMES = ['delivered', 'retry', 'failed', 'paused', 'disabled', 'dead'] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

/** A delivery as listed inside a lead. */
export interface LeadDelivery {
  id: string;
  webhook_id: string;
  integration: IntegrationName;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface LeadDetail extends Lead {
  /** Other leads of the same person (same contact). */
  contact_leads: Lead[];
  deliveries: LeadDelivery[];
}

/** A delivery of the agency's ledger (GET /v1/real-estates/{id}/deliveries). */
export interface Delivery extends LeadDelivery {
  lead_id: string;
  lead: { name: string; is_test: boolean } | null;
  created_at: string;
}

export interface DeliveryAttempt {
  attempt: number;
  started_at: string;
  duration_ms: number | null;
  status_code: number | null;
  outcome: DeliveryOutcome;
  response: string | null;
  error: string | null;
}

export interface DeliveryDetail extends Delivery {
  ledger: DeliveryAttempt[];
}

export type LeadList = Paginated<Lead>;
export type DeliveryList = Paginated<Delivery>;

/** Answer of release and replay: the resource plus a sentence for the toast. */
export interface ActionResult<T> {
  data: T;
  message?: string;
}
