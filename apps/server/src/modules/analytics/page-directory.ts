import { eq } from 'drizzle-orm';
import { pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/**
 * The agency and status of a page, for the tracker's beacons: a small cache (a minute, at most 10,000
 * pages), as beacons come in bursts for the same pages.
 */
export function pageDirectory(deps: Pick<Deps, 'db'>) {
  const cache = new Map<number, { realEstateId: number; status: string; at: number }>();
  return async (id: number) => {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < 60_000) return hit;
    const [row] = await deps.db
      .select({ realEstateId: pages.realEstateId, status: pages.status })
      .from(pages)
      .where(eq(pages.id, id));
    if (cache.size > 10_000) cache.clear();
    if (!row) {
      cache.delete(id);
      return null;
    }
    const entry = { ...row, at: Date.now() };
    cache.set(id, entry);
    return entry;
  };
}
