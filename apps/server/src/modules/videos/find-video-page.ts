/** The page a video is added to: its id and the agency that owns it (null when there is none). */
import { eq } from 'drizzle-orm';
import { pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

export async function findVideoPage(
  deps: Pick<Deps, 'db'>,
  pageId: number,
): Promise<{ id: number; realEstateId: number } | null> {
  const [page] = await deps.db
    .select({ id: pages.id, realEstateId: pages.realEstateId })
    .from(pages)
    .where(eq(pages.id, pageId));
  return page ?? null;
}
