/** The rows a public landing page is made of: the page with its agency, and the agency's similar listings. */
import { and, desc, eq, ne } from 'drizzle-orm';
import { pages, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { PageRow } from '../pages/index.ts';

/** A page anyone may see (not a draft) with its agency, by slug; null otherwise. */
export async function findLandingPage(deps: Pick<Deps, 'db'>, slug: string) {
  const [row] = await deps.db
    .select({ page: pages, agency: realEstates })
    .from(pages)
    .innerJoin(realEstates, eq(realEstates.id, pages.realEstateId))
    .where(eq(pages.slug, slug.toLowerCase()))
    .limit(1);
  if (!row || row.page.status === 'draft') return null;
  return row;
}

export type LandingPageRow = NonNullable<Awaited<ReturnType<typeof findLandingPage>>>;

/** Up to three published listings of the same agency and purpose, shown on a sold or rented page. */
export async function listSimilarPages(
  deps: Pick<Deps, 'db'>,
  page: Pick<PageRow, 'id' | 'realEstateId' | 'purpose'>,
): Promise<PageRow[]> {
  return deps.db
    .select()
    .from(pages)
    .where(
      and(
        eq(pages.realEstateId, page.realEstateId),
        eq(pages.status, 'published'),
        eq(pages.purpose, page.purpose),
        ne(pages.id, page.id),
      ),
    )
    .orderBy(desc(pages.updatedAt))
    .limit(3);
}
