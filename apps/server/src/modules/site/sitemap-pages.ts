/**
 * The landing pages of the sitemap, read in slices: which pages are listed (published ones, and the sold
 * or rented ones of agencies that keep them), a fingerprint of that set for ETag, the sitemap files it
 * needs (one per SITEMAP_CHUNK_SIZE pages, each with its newest update), and the rows of one file read
 * in keyset batches (never the whole set in one array).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, max, or, sql } from 'drizzle-orm';
import { customDomains, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { agencyPreferenceIs } from '../preferences/index.ts';

type Db = Pick<Deps, 'db'>;

/** Rows per query while a sitemap file is written. */
export const SITEMAP_BATCH = 1_000;

/** Published pages, and sold or rented ones where the agency chose to keep them. Drafts never. */
const listed = () =>
  or(
    eq(pages.status, 'published'),
    and(
      inArray(pages.status, ['sold', 'rented']),
      agencyPreferenceIs(pages.realEstateId, 'sitemap_closed_pages', true),
    ),
  );

export interface SitemapState {
  /** Landing pages listed. */
  count: number;
  /** The newest update among them (null without any). */
  newest: Date | null;
  /** Changes whenever a page enters, leaves or changes in the listed set. */
  fingerprint: string;
}

/**
 * One aggregate over the listed pages. A page entering the set was just updated (newest moves, or the
 * count does when an agency turns its preference on), a page leaving it changes the count and the sum
 * of ids, an edit moves the newest update (with the database's microseconds, not JavaScript's ms).
 */
export async function sitemapState(deps: Db): Promise<SitemapState> {
  const [row] = await deps.db
    .select({
      count: count(),
      newest: max(pages.updatedAt),
      newestExact: sql<string | null>`max(${pages.updatedAt})::text`,
      idSum: sql<string>`coalesce(sum(${pages.id}), 0)::text`,
      // A domain verified or lost moves the pages' URLs: part of the fingerprint.
      domains: sql<string>`(select count(*) || ':' || coalesce(max(${customDomains.verifiedAt})::text, '') from ${customDomains} where ${customDomains.status} = 'verified')`,
    })
    .from(pages)
    .where(listed());
  const { count: n = 0, newest = null, newestExact = null, idSum = '0', domains = '' } = row ?? {};
  const fingerprint = createHash('sha256')
    .update(`${n}|${idSum}|${newestExact ?? ''}|${domains}`)
    .digest('base64url');
  return { count: n, newest, fingerprint: fingerprint.slice(0, 22) };
}

/** The pages files (1-based) with the newest update of each; one pass over ids, one row per file. */
export async function sitemapChunks(deps: Db, chunkSize: number): Promise<{ n: number; lastmod: Date }[]> {
  const numbered = deps.db
    .select({
      updatedAt: pages.updatedAt,
      rn: sql<number>`row_number() over (order by ${pages.id})`.as('rn'),
    })
    .from(pages)
    .where(listed())
    .as('numbered');
  const chunk = sql<number>`((${numbered.rn} - 1) / ${chunkSize})::int`;
  const rows = await deps.db
    .select({ k: chunk, lastmod: sql<Date>`max(${numbered.updatedAt})`.mapWith(pages.updatedAt) })
    .from(numbered)
    // By position: the chunk size is a bound parameter, so repeating the expression would not match.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ n: Number(r.k) + 1, lastmod: r.lastmod }));
}

export interface SitemapRow {
  id: number;
  slug: string;
  updatedAt: Date;
  /** The agency's verified domain, where the page's canonical URL is (decision 017); null for LANDING_URL. */
  domain: string | null;
}

/** The rows of pages file `n` (1-based), oldest id first, in batches (keyset on id). */
export async function* sitemapPageBatches(
  deps: Db,
  n: number,
  chunkSize: number,
  batchSize = SITEMAP_BATCH,
): AsyncGenerator<SitemapRow[]> {
  // Where the file starts: its first id (only one row comes back to the application).
  const [first] = await deps.db
    .select({ id: pages.id })
    .from(pages)
    .where(listed())
    .orderBy(asc(pages.id))
    .offset((n - 1) * chunkSize)
    .limit(1);
  if (!first) return;
  let after = first.id - 1;
  let left = chunkSize;
  while (left > 0) {
    const size = Math.min(batchSize, left);
    const batch = await deps.db
      .select({ id: pages.id, slug: pages.slug, updatedAt: pages.updatedAt, domain: customDomains.hostname })
      .from(pages)
      .leftJoin(
        customDomains,
        and(eq(customDomains.realEstateId, pages.realEstateId), eq(customDomains.status, 'verified')),
      )
      .where(and(listed(), gt(pages.id, after)))
      .orderBy(asc(pages.id))
      .limit(size);
    if (batch.length) yield batch;
    if (batch.length < size) return;
    after = batch.at(-1)!.id;
    left -= batch.length;
  }
}
