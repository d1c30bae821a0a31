/** A lead as the API answers it, with the page it came from. */
import { pages, type leads } from '../../db/schema.ts';

export type LeadRow = typeof leads.$inferSelect;
export type LeadPage = { id: number; title: string; slug: string };

/** The page columns a lead view carries (select them with the lead, left-joined). */
export const leadPageColumns = { id: pages.id, title: pages.title, slug: pages.slug };

export function leadView(row: LeadRow, page: LeadPage | null) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    source: row.source,
    page: page ? { id: page.id, title: page.title, slug: page.slug } : null,
    contact_id: row.contactId,
    is_repeat: row.isRepeat,
    is_test: row.isTest,
    quarantined: row.quarantined,
    quarantine_reason: row.quarantineReason,
    consent: row.consent,
    utm: {
      source: row.utmSource,
      medium: row.utmMedium,
      campaign: row.utmCampaign,
      term: row.utmTerm,
      content: row.utmContent,
    },
    gclid: row.gclid,
    fbclid: row.fbclid,
    referrer: row.referrer,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
    assigned_user_id: row.assignedUserId,
  };
}
