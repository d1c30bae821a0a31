/** A video linked by URL: YouTube, Vimeo or a direct https video file; ready at once (nothing to process). */
import { VIDEO_MESSAGES, parseVideoUrl } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { nextVideoSequence } from './create-video-upload.ts';
import type { VideoRow } from './video-view.ts';

export async function addVideoFromUrl(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; pageId: number; url: string },
): Promise<VideoRow> {
  const parsed = parseVideoUrl(input.url);
  if (!parsed) throw fieldError('url', VIDEO_MESSAGES.url);
  const sequence = await nextVideoSequence(deps, input.pageId);
  const [row] = await deps.db
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
  return row!;
}
