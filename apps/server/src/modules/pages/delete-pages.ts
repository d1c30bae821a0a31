/** Deletes pages of the given agencies (ids of any other agency are simply not matched), then their stored photos. */
import { and, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { auditLog, pages, photoKeys } from '../../db/schema.ts';
import { pageVideoKeys } from '../videos/index.ts';

export async function deletePages(
  deps: Pick<Deps, 'db' | 'storage'>,
  input: { realEstateIds: number[]; userId: number; ids: number[] },
): Promise<number[]> {
  const { db, storage } = deps;
  if (!input.ids.length || !input.realEstateIds.length) return [];
  // The videos' files, read before their rows go with the pages (they cascade; files don't).
  const videoKeys = await pageVideoKeys(deps, input.ids);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(pages)
      .where(and(inArray(pages.realEstateId, input.realEstateIds), inArray(pages.id, input.ids)))
      .returning({ id: pages.id, realEstateId: pages.realEstateId, slug: pages.slug, photos: pages.photos });
    if (rows.length) {
      await tx.insert(auditLog).values(
        rows.map((r) => ({
          realEstateId: r.realEstateId,
          userId: input.userId,
          action: 'page.deleted',
          subject: String(r.id),
          details: { slug: r.slug, bulk: input.ids.length > 1 },
        })),
      );
    }
    return rows;
  });
  // Files go after the commit: a failed delete leaves an orphan file, never a page without its photos.
  const gone = new Set(deleted.map((r) => r.id));
  const keys = [
    ...deleted.flatMap((r) => r.photos.flatMap(photoKeys)),
    // Only videos of pages actually deleted (ids of other agencies were not matched).
    ...videoKeys.filter((v) => gone.has(v.pageId)).flatMap((v) => v.keys),
  ];
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => undefined)));
  return deleted.map((r) => r.id);
}
