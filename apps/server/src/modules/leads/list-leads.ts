/** The console's lead list: the filters (also those of the CSV export), one page of leads and the counts. */
import { and, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { LeadFilters } from '@vitrine/contracts';
import { leads, pages, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newestFirstPage } from '../../lib/pagination.ts';
import { endOfDay, startOfDay } from '../../lib/route-params.ts';
import { leadPageColumns, leadView, responseSlaOf } from './lead-view.ts';

export function leadsWhere(realEstateId: number, q: LeadFilters): SQL {
  const where: SQL[] = [eq(leads.realEstateId, realEstateId)];
  const flag = (v?: string) => v === '1' || v === 'true';
  if (!flag(q.include_tests)) where.push(eq(leads.isTest, false));
  where.push(eq(leads.quarantined, flag(q.quarantined)));
  if (q.page_id) where.push(eq(leads.pageId, q.page_id));
  if (q.assigned_to === 'none') where.push(isNull(leads.assignedUserId));
  else if (q.assigned_to) where.push(eq(leads.assignedUserId, Number(q.assigned_to)));
  if (q.status) where.push(eq(leads.status, q.status));
  if (q.source) where.push(eq(leads.source, q.source));
  // The partial index leads_unmatched_listing_idx answers it (docs/product.md#lead-sources).
  if (flag(q.listing_not_found)) where.push(isNull(leads.pageId), isNotNull(leads.listingCode));
  if (q.from) where.push(gte(leads.createdAt, startOfDay(q.from)));
  if (q.to) where.push(lte(leads.createdAt, endOfDay(q.to)));
  if (q.search?.trim()) {
    const term = `%${q.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const digits = q.search.replace(/\D/g, '');
    const any: SQL[] = [ilike(leads.name, term), ilike(leads.email, term), ilike(leads.message, term)];
    if (digits.length >= 4) any.push(ilike(leads.phone, `%${digits}%`));
    where.push(or(...any)!);
  }
  return and(...where)!;
}

/** One page of leads, newest first, the total and (same filters) how many wait in quarantine. */
export async function listLeads(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: LeadFilters & { page: number; per_page: number },
) {
  const { db } = deps;
  const cond = leadsWhere(realEstateId, q);
  const query = db
    .select({ lead: leads, page: leadPageColumns, assignee: users.name })
    .from(leads)
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .leftJoin(users, eq(users.id, leads.assignedUserId));
  const [rows, total, quarantined, sla] = await Promise.all([
    newestFirstPage(query.where(cond).$dynamic(), leads, q),
    db.$count(leads, cond),
    // The quarantine next to the list, so nobody wonders where a lead went.
    db.$count(leads, leadsWhere(realEstateId, { ...q, quarantined: '1' })),
    responseSlaOf(deps, realEstateId),
  ]);
  return {
    data: rows.map((x) => leadView(x.lead, x.page?.id ? x.page : null, sla, x.assignee)),
    total,
    quarantined,
  };
}
