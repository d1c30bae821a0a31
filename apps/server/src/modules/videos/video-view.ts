/** A video as the API answers it (docs/product.md#videos). */
import { videoEmbedUrl, type Video } from '@vitrine/contracts';
import type { videos } from '../../db/schema.ts';
import type { Storage } from '../storage/index.ts';

export type VideoRow = typeof videos.$inferSelect;

export function toVideoView(row: VideoRow, storage: Pick<Storage, 'url'>): Video {
  const [id, hash] = (row.externalId ?? '').split(':');
  let url: string | null = null;
  if (row.source === 'upload')
    url = row.storageKey && row.status === 'ready' ? storage.url(row.storageKey) : null;
  else url = row.externalUrl;
  // Only posters we store (YouTube/Vimeo thumbnails are copied by the video-poster job): neither the
  // landing nor the console points a browser at the provider before play.
  const poster = row.posterKey ? storage.url(row.posterKey) : null;
  return {
    id: row.id,
    page_id: row.pageId,
    source: row.source,
    status: row.status,
    file_type: row.fileType,
    size_bytes: row.sizeBytes,
    url,
    embed_url: videoEmbedUrl({ source: row.source, id: id || null, hash: hash || null }),
    poster_url: poster,
    duration_seconds: row.durationSeconds,
    sequence: row.sequence,
    status_message: row.statusMessage,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every storage key a video occupies. */
export const videoKeys = (row: Pick<VideoRow, 'storageKey' | 'posterKey'>): string[] =>
  [row.storageKey, row.posterKey].filter((k): k is string => Boolean(k));
