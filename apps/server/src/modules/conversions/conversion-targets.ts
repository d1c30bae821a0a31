/**
 * Which leads an ad platform is told about, and with which event (docs/privacy.md#ad-conversions): a
 * lead with its consent box ticked, not a test; at capture only a lead of a landing page (a lead-form
 * lead is Meta's own already). Decided from the lead's own row, so the capture reads nothing more.
 */
import { isAdConversionTarget, type DeliveryTarget } from '@vitrine/contracts';

/** The capture's event name at Meta. */
export const CAPTURE_EVENT = 'Lead';

export interface ConversionCandidate {
  source: string;
  consent: boolean;
  isTest: boolean;
  quarantined: boolean;
  /** What Google Ads matches a conversion by: the click id, else the hashed e-mail or phone. */
  gclid?: string | null;
  email?: string | null;
  phone?: string | null;
  /** When the lead arrived: a lead released from quarantine late may be past a platform's window. */
  createdAt?: Date;
}

/** How old an event each platform still takes: Meta 7 days, Google's click conversions 90. */
export const EVENT_WINDOW_MS = { meta: 7 * 86_400_000, google_ads: 90 * 86_400_000 } as const;

/** The lead may be reported to the ad platforms at all. */
export const mayReportLead = (lead: Omit<ConversionCandidate, 'source'>) =>
  lead.consent && !lead.isTest && !lead.quarantined;

/**
 * A new lead's delivery to `target`: `null` for an integration (it takes every lead, no event), the
 * event for an ad platform that takes this lead, `undefined` for one that does not.
 */
export function captureDeliveryEvent(
  target: DeliveryTarget,
  lead: ConversionCandidate,
): string | null | undefined {
  if (!isAdConversionTarget(target)) return null;
  if (lead.source !== 'landing_page' || !mayReportLead(lead)) return undefined;
  // Google matches by gclid, or (enhanced conversions for leads) by the hashed e-mail or phone.
  if (target === 'google_ads' && !lead.gclid && !lead.email && !lead.phone) return undefined;
  // A lead held for review and released days later: its Lead event is still its arrival's, so only
  // within the platform's window (an older one would only be refused).
  if (lead.createdAt && Date.now() - lead.createdAt.getTime() > EVENT_WINDOW_MS[target] - 3_600_000)
    return undefined;
  return CAPTURE_EVENT;
}
