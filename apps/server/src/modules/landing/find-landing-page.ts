/** The rows a public landing page is made of: the page with its agency, and the agency's similar listings. */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SLUG_PATTERN } from '@vitrine/contracts';
import { pages, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { PageRow } from '../pages/index.ts';

/** A slug of the shape pages get ([a-z0-9-], case-insensitive here): anything else is not found, before any query. */
export const isSlug = (slug: string) => slug.length <= 200 && SLUG_PATTERN.test(slug.toLowerCase());

/** LANDING_URL's host serves every agency; an agency's own domain, only that agency (plugins/host-routing.ts). */
export const servesAgency = (site: FastifyRequest['site'], realEstateId: number) =>
  site.kind !== 'landing' || site.realEstateId === null || site.realEstateId === realEstateId;

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
