/**
 * Uploads never finished (the browser closed, the file never came): after VIDEO_PENDING_TTL_HOURS the
 * pending rows go, with whatever part of a file reached storage. Run hourly by video-cleanup.job.ts.
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { deleteStoredObjects } from './delete-video.ts';
import { sweepAttemptKeyLater } from './jobs/upload-orphan.job.ts';

export async function cleanPendingUploads(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'queue'>,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.VIDEO_PENDING_TTL_HOURS * 3600 * 1000);
  const stale = await deps.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.status, 'pending_upload'), lt(videos.createdAt, cutoff)))
    .limit(1000);
  if (!stale.length) return 0;
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .delete(videos)
      .where(
        and(
          inArray(
            videos.id,
            stale.map((s) => s.id),
          ),
          eq(videos.status, 'pending_upload'),
        ),
      )
      .returning();
    await sweepAttemptKeyLater(
      deps,
      tx,
      rows.map((r) => r.storageKey),
    );
    return rows;
  });
  await deleteStoredObjects(deps, removed);
  return removed.length;
}
