/**
 * The agency's pages, newest first, with search over title, code, neighbourhood and city that ignores
 * case and accents. PGlite has no `unaccent`, so both sides are folded with translate() + lower().
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PageStatus, PagePurpose, PropertyType } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { pages } from '../../db/schema.ts';
import type { PageRow } from './page-view.ts';

const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

/** The same folding as the SQL side: no accents, lower case. */
export const foldText = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Leads per page (test leads excluded). */
export const leadsCountSql = sql<number>`(select count(*)::int from leads where leads.page_id = "pages"."id" and leads.is_test = false)`;

export interface ListPagesQuery {
  page: number;
  per_page: number;
  search?: string;
  status?: PageStatus;
  purpose?: PagePurpose;
  property_type?: PropertyType;
}

export async function listPages(db: Tx, realEstateId: number, q: ListPagesQuery): Promise<{ rows: { page: PageRow; leadsCount: number }[]; total: number }> {
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
  const [rows, [total]] = await Promise.all([
    db
      .select({ page: pages, leadsCount: leadsCountSql })
      .from(pages)
      .where(cond)
      .orderBy(desc(pages.createdAt), desc(pages.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(pages).where(cond),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
