/** New display positions for videos of one agency (drag and drop, or the keyboard, in the editor). */
import { eq, inArray } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { VideoRow } from './video-view.ts';

export async function changeVideoSequence(
  deps: Pick<Deps, 'db'>,
  items: { id: string; sequence: number }[],
): Promise<VideoRow[]> {
  const pageIds = await deps.db.transaction(async (tx) => {
    const touched = new Set<number>();
    for (const item of items) {
      const [row] = await tx
        .update(videos)
        .set({ sequence: item.sequence, updatedAt: new Date() })
        .where(eq(videos.id, item.id))
        .returning({ pageId: videos.pageId });
      if (row) touched.add(row.pageId);
    }
    return [...touched];
  });
  const rows = await deps.db.select().from(videos).where(inArray(videos.pageId, pageIds));
  return rows.sort(
    (a, b) => a.pageId - b.pageId || a.sequence - b.sequence || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}
