/** One lead: found by id (the route checks the caller's agency), and its detail with contact and ledger. */
import { and, asc, eq } from 'drizzle-orm';
import { deliveries, leads, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { webhookIdOf } from '../deliveries/index.ts';
import {
  assigneeNameOf,
  leadPageColumns,
  leadView,
  responseSlaOf,
  type LeadPage,
  type LeadRow,
} from './lead-view.ts';

export async function findLead(deps: Pick<Deps, 'db'>, id: string): Promise<LeadRow | null> {
  const [row] = await deps.db.select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}

export async function getLeadPage(deps: Pick<Deps, 'db'>, lead: LeadRow): Promise<LeadPage | null> {
  if (!lead.pageId) return null;
  const [page] = await deps.db.select(leadPageColumns).from(pages).where(eq(pages.id, lead.pageId));
  return page ?? null;
}

/**
 * The lead, the other leads of the same contact and its deliveries. `assignedTo`: the user the caller's
 * leads are limited to (leadScopeOf: an agent who sees only their own), null when they see every lead.
 */
export async function getLeadDetail(
  deps: Pick<Deps, 'db'>,
  lead: LeadRow,
  opts: { assignedTo: number | null },
) {
  const { db } = deps;
  const page = await getLeadPage(deps, lead);
  const sla = await responseSlaOf(deps, lead.realEstateId);
  const [others, ledger, assignee] = await Promise.all([
    lead.contactId
      ? db
          .select({ lead: leads, page: leadPageColumns })
          .from(leads)
          .leftJoin(pages, eq(pages.id, leads.pageId))
          .where(
            and(
              eq(leads.contactId, lead.contactId),
              eq(leads.realEstateId, lead.realEstateId),
              opts.assignedTo === null ? undefined : eq(leads.assignedUserId, opts.assignedTo),
            ),
          )
          .orderBy(asc(leads.createdAt))
      : Promise.resolve([]),
    db.select().from(deliveries).where(eq(deliveries.leadId, lead.id)).orderBy(asc(deliveries.createdAt)),
    assigneeNameOf(deps, lead),
  ]);
  return {
    ...leadView(lead, page, sla, assignee),
    contact_leads: others
      .filter((o) => o.lead.id !== lead.id)
      .map((o) => leadView(o.lead, o.page?.id ? o.page : null, sla)),
    deliveries: ledger.map((d) => ({
      id: d.id,
      webhook_id: webhookIdOf(d.id),
      integration: d.integration,
      status: d.status,
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
      delivered_at: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}
