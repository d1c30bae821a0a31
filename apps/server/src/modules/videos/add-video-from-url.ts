/**
 * A video linked by URL: YouTube, Vimeo or a direct https video file; ready at once. For YouTube and
 * Vimeo the video-poster job then copies the provider's thumbnail into our storage (copy-link-poster.ts).
 */
import { VIDEO_MESSAGES, parseVideoUrl } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { videoProcessingQueue } from './jobs/video-processing.queue.ts';
import { nextVideoSequence } from './create-video-upload.ts';
import type { VideoRow } from './video-view.ts';

export async function addVideoFromUrl(
  deps: Pick<Deps, 'db' | 'queue'>,
  input: { realEstateId: number; pageId: number; url: string },
): Promise<VideoRow> {
  const parsed = parseVideoUrl(input.url);
  if (!parsed) throw fieldError('url', VIDEO_MESSAGES.url);
  const sequence = await nextVideoSequence(deps, input.pageId);
  const linked = parsed.source === 'youtube' || parsed.source === 'vimeo';
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(videos)
      .values({
        realEstateId: input.realEstateId,
        pageId: input.pageId,
        source: parsed.source,
        status: 'ready',
        externalUrl: parsed.url,
        externalId:
          parsed.source === 'url'
            ? null
            : parsed.source === 'vimeo' && parsed.hash
              ? `${parsed.id}:${parsed.hash}`
              : parsed.id,
        fileType: parsed.source === 'url' ? parsed.fileType : null,
        sequence,
      })
      .returning();
    if (linked) await deps.queue.enqueue(tx, videoProcessingQueue, { videoId: inserted!.id });
    return inserted!;
  });
  if (linked) deps.queue.wake(videoProcessingQueue);
  return row;
}
