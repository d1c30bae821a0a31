/**
 * Step 3 of an upload: the browser says the file is in storage. The object must exist, be within the
 * size limit and be a video by its first bytes (S3 checks none of that on a presigned PUT); then the
 * video is `processing` and a job makes its poster. A file that fails a check is deleted and the video
 * is `failed` with the reason; nothing uploaded at all is a 422 and the video stays pending (retry).
 */
import { and, eq } from 'drizzle-orm';
import { VIDEO_MESSAGES, tooLargeMessage, type VideoFileType } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { videoProcessingQueue } from './jobs/video-processing.queue.ts';
import { sniffVideoType } from '../storage/index.ts';
import type { VideoRow } from './video-view.ts';
import { uploadKey } from './create-video-upload.ts';
import { isAttemptKey, sweepAttemptKeyLater } from './jobs/upload-orphan.job.ts';

/** Joins the parts into the object; a refusal (a missing or wrong part) is a 422 and the browser can retry. */
async function completeMultipart(
  deps: Pick<Deps, 'db' | 'storage'>,
  video: VideoRow,
  key: string,
  parts: { number: number; etag: string }[] | undefined,
) {
  if (!parts?.length) throw fieldError('parts', VIDEO_MESSAGES.partsMissing);
  try {
    await deps.storage.multipart!.complete(key, video.uploadId!, parts);
  } catch {
    // Completed by an earlier call whose answer was lost: the object is there.
    if (!(await deps.storage.head(key))) throw fieldError('parts', VIDEO_MESSAGES.partsRefused);
  }
  await deps.db
    .update(videos)
    .set({ uploadId: null })
    .where(and(eq(videos.id, video.id), eq(videos.status, 'pending_upload')));
}

export async function finishVideoUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'queue'>,
  video: VideoRow,
  /** After a multipart upload: each part's number and the ETag its PUT answered. */
  parts?: { number: number; etag: string }[],
): Promise<VideoRow> {
  if (video.source !== 'upload') throw fieldError('video', VIDEO_MESSAGES.notPending);
  // Already finished (a repeated call): the same answer.
  if (video.status === 'processing' || video.status === 'ready') return video;
  if (video.status === 'failed') throw fieldError('video', video.statusMessage ?? VIDEO_MESSAGES.notPending);
  const key = video.storageKey!;
  if (video.uploadId) await completeMultipart(deps, video, key, parts);
  const head = await deps.storage.head(key);
  if (!head || head.size === 0) throw fieldError('file', VIDEO_MESSAGES.notUploaded);

  const fail = async (message: string) => {
    await deps.storage.delete(key).catch(() => undefined);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(videos)
        .set({ status: 'failed', statusMessage: message, sizeBytes: head.size, updatedAt: new Date() })
        .where(and(eq(videos.id, video.id), eq(videos.status, 'pending_upload')));
      await sweepAttemptKeyLater(deps, tx, [key]);
    });
    return fieldError('file', message);
  };
  if (head.size > deps.config.VIDEO_MAX_BYTES) throw await fail(tooLargeMessage(deps.config.VIDEO_MAX_BYTES));
  const type = sniffVideoType(await deps.storage.readStart(key, 4096));
  if (!type) throw await fail(VIDEO_MESSAGES.notVideo);
  // An attempt's key (S3's single PUT) is copied to the video's own: its URL, still valid, writes
  // only to a key nobody reads from now on.
  const finalKey = isAttemptKey(key)
    ? uploadKey(video.realEstateId, video.id, (video.fileType as VideoFileType | null) ?? type)
    : key;
  if (finalKey !== key) await deps.storage.copy(key, finalKey);

  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(videos)
      .set({
        status: 'processing',
        storageKey: finalKey,
        fileType: type,
        sizeBytes: head.size,
        statusMessage: null,
        updatedAt: new Date(),
      })
      .where(and(eq(videos.id, video.id), eq(videos.status, 'pending_upload')))
      .returning();
    if (row) await deps.queue.enqueue(tx, videoProcessingQueue, { videoId: row.id });
    if (row && finalKey !== key) await sweepAttemptKeyLater(deps, tx, [key]);
    return row;
  });
  if (updated && finalKey !== key) await deps.storage.delete(key).catch(() => undefined);
  if (!updated) {
    // Another call finished it first.
    const [current] = await deps.db.select().from(videos).where(eq(videos.id, video.id));
    return current!;
  }
  deps.queue.wake(videoProcessingQueue);
  return updated;
}
