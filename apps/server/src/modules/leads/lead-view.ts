/** A lead as the API answers it, with the page it came from. */
import { eq } from 'drizzle-orm';
import { pages, users, type leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { getAgencyPreferences } from '../preferences/index.ts';

export type LeadRow = typeof leads.$inferSelect;
export type LeadPage = { id: number; title: string; slug: string };

/** The page columns a lead view carries (select them with the lead, left-joined). */
export const leadPageColumns = { id: pages.id, title: pages.title, slug: pages.slug };

/** The agency's first-response deadline in minutes (preference response_sla_minutes; 0 = none). */
export async function responseSlaOf(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<number> {
  return (await getAgencyPreferences(deps, realEstateId, ['response_sla_minutes'])).response_sla_minutes;
}

/** Still "novo" past the agency's response deadline (a real, forwarded lead). */
export function isOverdue(row: LeadRow, slaMinutes: number, now = Date.now()): boolean {
  return (
    slaMinutes > 0 &&
    row.status === 'novo' &&
    !row.quarantined &&
    !row.isTest &&
    row.createdAt.getTime() <= now - slaMinutes * 60_000
  );
}

/** The name of the member in charge of a lead (null when nobody is). */
export async function assigneeNameOf(deps: Pick<Deps, 'db'>, row: LeadRow): Promise<string | null> {
  if (row.assignedUserId === null) return null;
  const [user] = await deps.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, row.assignedUserId));
  return user?.name ?? null;
}

/** `assigneeName`: the assigned member's name, when the caller read it (list, detail, assignment). */
export function leadView(row: LeadRow, page: LeadPage | null, slaMinutes = 0, assigneeName?: string | null) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    source: row.source,
    source_details: row.sourceDetails ?? null,
    listing_code: row.listingCode,
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
    ...(assigneeName !== undefined
      ? { assigned_user_name: row.assignedUserId === null ? null : assigneeName }
      : {}),
    overdue: isOverdue(row, slaMinutes),
    over_plan_limit: row.overPlanLimit,
  };
}
