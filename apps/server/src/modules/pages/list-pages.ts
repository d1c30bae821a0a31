/**
 * The agency's pages, newest first, with search over title, code, neighbourhood and city that ignores
 * case and accents. PGlite has no `unaccent`, so both sides are folded with translate() + lower().
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PageStatus, PagePurpose, PropertyType } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { pages } from '../../db/schema.ts';
import { newestFirstPage } from '../../lib/pagination.ts';
import type { PageRow } from './page-view.ts';

const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

/** The same folding as the SQL side: no accents, lower case. */
export const foldText = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Leads per page, by the rule the Leads screen follows too (docs/spam-rules.md, "Counting"): test and
 * quarantined leads are not leads; quarantined ones are counted apart.
 */
export const leadsCountSql = sql<number>`(select count(*)::int from leads where leads.page_id = "pages"."id" and leads.is_test = false and leads.quarantined = false)`;
export const quarantinedLeadsCountSql = sql<number>`(select count(*)::int from leads where leads.page_id = "pages"."id" and leads.is_test = false and leads.quarantined = true)`;

export interface ListPagesQuery {
  page: number;
  per_page: number;
  search?: string;
  status?: PageStatus;
  purpose?: PagePurpose;
  property_type?: PropertyType;
}

export async function listPages(
  deps: { db: Tx },
  realEstateId: number,
  q: ListPagesQuery,
): Promise<{ rows: { page: PageRow; leadsCount: number; quarantinedLeadsCount: number }[]; total: number }> {
  const where: SQL[] = [eq(pages.realEstateId, realEstateId)];
  if (q.status) where.push(eq(pages.status, q.status));
  if (q.purpose) where.push(eq(pages.purpose, q.purpose));
  if (q.property_type) where.push(eq(pages.propertyType, q.property_type));
  const words = q.search ? foldText(q.search).split(/\s+/).filter(Boolean).slice(0, 8) : [];
  if (words.length) {
    const haystack = sql`lower(translate(concat_ws(' ', ${pages.title}, ${pages.listingCode}, ${pages.neighborhood}, ${pages.city}), ${ACCENTED}, ${PLAIN}))`;
    for (const w of words) where.push(sql`${haystack} like ${`%${escapeLike(w)}%`} escape '\\'`);
  }
  const cond = and(...where);
  const query = deps.db
    .select({ page: pages, leadsCount: leadsCountSql, quarantinedLeadsCount: quarantinedLeadsCountSql })
    .from(pages);
  const [rows, total] = await Promise.all([
    newestFirstPage(query.where(cond).$dynamic(), pages, q),
    deps.db.$count(pages, cond),
  ]);
  return { rows, total };
}

export async function findPage(deps: { db: Tx }, id: number): Promise<PageRow | null> {
  const [row] = await deps.db.select().from(pages).where(eq(pages.id, id));
  return row ?? null;
}

/** A page's lead counts, by the same rule as the list. */
export async function countPageLeads(
  deps: { db: Tx },
  id: number,
): Promise<{ leads: number; quarantined: number }> {
  const [counted] = await deps.db
    .select({ n: leadsCountSql, q: quarantinedLeadsCountSql })
    .from(pages)
    .where(eq(pages.id, id));
  return { leads: counted?.n ?? 0, quarantined: counted?.q ?? 0 };
}
