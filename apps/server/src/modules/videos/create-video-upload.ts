/**
 * Step 1 of an upload (docs/product.md#videos): a pending video row and a signed URL the browser PUTs
 * the file to, straight to storage. The key is ours (agency/video id), never the file's name.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import {
  VIDEO_MESSAGES,
  VIDEOS_PER_PAGE_LIMIT,
  tooLargeMessage,
  type VideoFileType,
} from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError, validationError } from '../../lib/http-errors.ts';
import { VIDEO_EXTENSIONS, type MultipartTicket, type UploadTicket } from '../storage/index.ts';
import type { VideoRow } from './video-view.ts';

export const uploadKey = (realEstateId: number, videoId: string, type: VideoFileType) =>
  `videos/${realEstateId}/${videoId}/original.${VIDEO_EXTENSIONS[type]}`;
/**
 * Where one attempt's single PUT lands on S3: a key of its own, copied to uploadKey once checked
 * (jobs/upload-orphan.job.ts says why).
 */
export const attemptKey = (realEstateId: number, videoId: string, type: VideoFileType) =>
  `videos/${realEstateId}/${videoId}/upload-${randomBytes(9).toString('base64url')}.${VIDEO_EXTENSIONS[type]}`;
export const posterKey = (realEstateId: number, videoId: string, ext = 'jpg') =>
  `videos/${realEstateId}/${videoId}/poster.${ext}`;

/** The next display position on a page, checked against the per-page limit. */
export async function nextVideoSequence(deps: Pick<Deps, 'db'>, pageId: number): Promise<number> {
  const [row] = await deps.db
    .select({ n: count(), max: sql<number | null>`max(${videos.sequence})` })
    .from(videos)
    .where(eq(videos.pageId, pageId));
  if ((row?.n ?? 0) >= VIDEOS_PER_PAGE_LIMIT) throw validationError({ video: [VIDEO_MESSAGES.tooMany] });
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function createVideoUpload(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  input: { realEstateId: number; pageId: number; fileType: VideoFileType; sizeBytes?: number },
): Promise<{ video: VideoRow; ticket: UploadTicket & { multipart?: MultipartTicket } }> {
  const max = deps.config.VIDEO_MAX_BYTES;
  if (input.sizeBytes !== undefined && input.sizeBytes > max)
    throw fieldError('size_bytes', tooLargeMessage(max));
  const sequence = await nextVideoSequence(deps, input.pageId);
  const [row] = await deps.db
    .insert(videos)
    .values({
      realEstateId: input.realEstateId,
      pageId: input.pageId,
      source: 'upload',
      status: 'pending_upload',
      fileType: input.fileType,
      sizeBytes: input.sizeBytes ?? null,
      sequence,
    })
    .returning();
  const key = uploadKey(input.realEstateId, row!.id, input.fileType);
  // A large file on S3 goes in parts (a failed part is sent again, not the whole file).
  const partSize = Math.max(deps.config.VIDEO_UPLOAD_PART_BYTES, Math.ceil((input.sizeBytes ?? 0) / 10_000));
  if (deps.storage.multipart && input.sizeBytes !== undefined && input.sizeBytes > partSize) {
    const multipart = await deps.storage.multipart.create(key, {
      contentType: input.fileType,
      size: input.sizeBytes,
      partSize,
      expiresInSeconds: deps.config.VIDEO_UPLOAD_URL_TTL_SECONDS,
    });
    const [video] = await deps.db
      .update(videos)
      .set({ storageKey: key, uploadId: multipart.uploadId })
      .where(eq(videos.id, row!.id))
      .returning();
    const ticket = {
      url: multipart.parts[0]!.url,
      method: 'PUT' as const,
      headers: multipart.headers,
      expiresAt: multipart.expiresAt,
      multipart,
    };
    return { video: video!, ticket };
  }
  // The local driver refuses its URL once the video no longer waits (awaiting-upload.ts); an S3 URL
  // cannot be revoked, so it writes to this attempt's own key (docs/decisions/018-accounts-and-abuse.md).
  const putKey = deps.storage.driver === 's3' ? attemptKey(input.realEstateId, row!.id, input.fileType) : key;
  const [video] = await deps.db
    .update(videos)
    .set({ storageKey: putKey })
    .where(eq(videos.id, row!.id))
    .returning();
  // The declared size is signed (docs/decisions/018-accounts-and-abuse.md): the URL takes that file, not any
  // file up to the limit.
  const ticket = await deps.storage.createUploadUrl(putKey, {
    contentType: input.fileType,
    maxBytes: input.sizeBytes ?? max,
    exactBytes: input.sizeBytes,
    expiresInSeconds: deps.config.VIDEO_UPLOAD_URL_TTL_SECONDS,
  });
  return { video: video!, ticket };
}
