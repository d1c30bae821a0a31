/**
 * The server events Meta's Conversions API takes (docs/product.md#ad-conversions): the lead captured on a
 * landing page as a website `Lead` (its `event_id` shared with the page's Pixel), a later stage as a CRM
 * event. A lead from a Meta lead form is named by its Meta lead id (the conversion-leads format);
 * otherwise by hashed e-mail and phone and the click id. Never the name, the message or an IP.
 */
import { fbcOf, hashEmail, hashPhone, sha256Hex } from './hash-user-data.ts';

/** What an event is built from: the stored lead and the delivery being attempted. */
export interface ConversionLead {
  id: string;
  email: string | null;
  phone: string | null;
  fbclid: string | null;
  /** The `_fbp` cookie the page's Pixel set, sent with the form (`fb.1.<ms>.<random>`). */
  fbp?: string | null;
  userAgent: string | null;
  submissionKey: string | null;
  createdAt: Date;
  /** The lead's id at Meta (a lead-form lead: `source_details.meta_lead_id`), else null. */
  metaLeadId: string | null;
}

export interface ConversionDelivery {
  /** `Lead` at capture, or the stage's event. */
  event: string;
  /** When the delivery was queued: the stage's time. */
  createdAt: Date;
  /** True for the capture's event (a website event), false for a stage's (a CRM event). */
  atCapture: boolean;
}

export interface MetaServerEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: 'website' | 'system_generated';
  event_source_url?: string;
  user_data: Record<string, unknown>;
  custom_data?: Record<string, unknown>;
}

/** The event id the landing page's Pixel also sends for the captured lead (docs/decisions/023-ad-conversions.md). */
export const captureEventIdOf = (lead: Pick<ConversionLead, 'id' | 'submissionKey'>) =>
  lead.submissionKey || lead.id;

/** The lead's id at Meta from the stored `source_details`, when the lead came from a Meta lead form. */
export function metaLeadIdOf(sourceDetails: unknown): string | null {
  if (!sourceDetails || typeof sourceDetails !== 'object') return null;
  const id = (sourceDetails as Record<string, unknown>).meta_lead_id;
  return typeof id === 'string' && /^\d{5,20}$/.test(id) ? id : typeof id === 'number' ? String(id) : null;
}

/** Meta's `fbp` as the Pixel writes it (`fb.<subdomain index>.<ms>.<random>`), else nothing. */
export function fbpOf(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && /^fb\.\d\.\d{10,16}\.\d{1,30}$/.test(v) ? v : null;
}

export function metaEventOf(
  lead: ConversionLead,
  delivery: ConversionDelivery,
  pageUrl: string | null,
): MetaServerEvent {
  const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
  if (!delivery.atCapture && lead.metaLeadId) {
    // Conversion leads: the CRM stage of a lead Meta's form collected, named by Meta's lead id.
    return {
      event_name: delivery.event,
      event_time: seconds(delivery.createdAt),
      event_id: `${lead.id}.${delivery.event}`,
      action_source: 'system_generated',
      user_data: { lead_id: Number(lead.metaLeadId) },
      custom_data: { event_source: 'crm', lead_event_source: 'Vitrine Imóveis' },
    };
  }
  const em = hashEmail(lead.email);
  const ph = hashPhone(lead.phone);
  const fbc = fbcOf(lead.fbclid, lead.createdAt);
  const userData: Record<string, unknown> = {
    ...(em ? { em: [em] } : {}),
    ...(ph ? { ph: [ph] } : {}),
    ...(fbc ? { fbc } : {}),
    ...(fbpOf(lead.fbp) ? { fbp: fbpOf(lead.fbp) } : {}),
    // The same person's events joined without naming them: the lead's id, hashed.
    external_id: [sha256Hex(lead.id)],
    ...(lead.userAgent ? { client_user_agent: lead.userAgent } : {}),
  };
  if (delivery.atCapture) {
    return {
      event_name: delivery.event,
      event_time: seconds(lead.createdAt),
      event_id: captureEventIdOf(lead),
      action_source: 'website',
      ...(pageUrl ? { event_source_url: pageUrl } : {}),
      user_data: userData,
    };
  }
  return {
    event_name: delivery.event,
    event_time: seconds(delivery.createdAt),
    event_id: `${lead.id}.${delivery.event}`,
    action_source: 'system_generated',
    user_data: userData,
    custom_data: { event_source: 'crm', lead_event_source: 'Vitrine Imóveis' },
  };
}
