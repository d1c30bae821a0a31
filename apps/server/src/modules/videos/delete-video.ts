/** Deletes a video and then its stored objects (the file and the poster). */
import { eq, inArray } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { videoKeys, type VideoRow } from './video-view.ts';
import { sweepAttemptKeyLater } from './jobs/upload-orphan.job.ts';

export async function deleteVideo(
  deps: Pick<Deps, 'db' | 'storage' | 'queue' | 'config'>,
  video: VideoRow,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(videos).where(eq(videos.id, video.id));
    // A pending upload's URL still works until it expires: what it writes then is swept.
    await sweepAttemptKeyLater(deps, tx, [video.storageKey]);
  });
  await deleteStoredObjects(deps, [video]);
}

/**
 * Files go after the rows: a failed delete leaves an orphan object, never a video without its file. A
 * multipart upload still open is aborted (its parts are stored, and billed, until then).
 */
export async function deleteStoredObjects(
  deps: Pick<Deps, 'storage'>,
  rows: (Pick<VideoRow, 'storageKey' | 'posterKey'> & { uploadId?: string | null })[],
): Promise<void> {
  await Promise.all([
    ...rows.flatMap(videoKeys).map((k) => deps.storage.delete(k).catch(() => undefined)),
    ...rows.map((r) =>
      r.uploadId && r.storageKey && deps.storage.multipart
        ? deps.storage.multipart.abort(r.storageKey, r.uploadId).catch(() => undefined)
        : undefined,
    ),
  ]);
}

/** The stored keys of the videos of these pages (read before the pages go: rows cascade, files don't). */
export async function pageVideoKeys(
  deps: Pick<Deps, 'db'>,
  pageIds: number[],
): Promise<{ pageId: number; keys: string[] }[]> {
  if (!pageIds.length) return [];
  const rows = await deps.db
    .select({ pageId: videos.pageId, storageKey: videos.storageKey, posterKey: videos.posterKey })
    .from(videos)
    .where(inArray(videos.pageId, pageIds));
  return rows.map((r) => ({ pageId: r.pageId, keys: videoKeys(r) }));
}
