/**
 * The poster of a YouTube or Vimeo video, copied into our storage (the video-poster job): the landing
 * page shows only posters we serve, so a visitor's browser contacts neither Google nor Vimeo before it
 * presses play (LGPD; and no third-party request at all on load). YouTube's thumbnail is
 * `{YOUTUBE_THUMBNAIL_BASE}/{id}/hqdefault.jpg`; Vimeo's comes from its oEmbed answer (`thumbnail_url`),
 * no API key needed. A thumbnail the provider does not have (404, 403, not an image) leaves the video
 * without a poster (the landing shows a dark placeholder); a network error, a timeout or a 5xx throws,
 * and the job retries. Safe to run twice: a video that has its poster is left alone.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { videoProcessingQueue } from './jobs/video-processing.queue.ts';
import { IMAGE_EXTENSIONS, sniffImageType } from '../storage/index.ts';
import { posterKey } from './create-video-upload.ts';
import type { VideoRow } from './video-view.ts';

/** Said in the editor of a link whose provider offers no thumbnail (and keeps the hourly sweep off it). */
export const NO_THUMBNAIL_MESSAGE =
  'Sem capa: o provedor não oferece miniatura deste vídeo; a página mostra um quadro escuro.';

/** A thumbnail is a few dozen KB; anything past this is not one. */
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const USER_AGENT = 'Vitrine-Imoveis/1.0 (+poster)';

type PosterDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'log'> & { signal?: AbortSignal };

/** A transient failure: the job tries again later. */
export class ThumbnailFetchError extends Error {
  override readonly name = 'ThumbnailFetchError';
}

/** GET with the configured time budget; null when the provider has no such thumbnail. */
async function fetchWithBudget(deps: PosterDeps, url: string, accept: string): Promise<Response | null> {
  const timeout = AbortSignal.timeout(deps.config.VIDEO_THUMBNAIL_TIMEOUT_MS);
  const signal = deps.signal ? AbortSignal.any([timeout, deps.signal]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, { signal, headers: { accept, 'user-agent': USER_AGENT } });
  } catch (err) {
    deps.signal?.throwIfAborted();
    throw new ThumbnailFetchError(`thumbnail request failed: ${url}`, { cause: err });
  }
  if (res.status === 404 || res.status === 403 || res.status === 410 || res.status === 400) {
    await res.body?.cancel();
    return null;
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new ThumbnailFetchError(`thumbnail request answered ${res.status}: ${url}`);
  }
  return res;
}

async function readCapped(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > max) {
    await res.body?.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Vimeo's thumbnail URL from oEmbed; only https on Vimeo's CDN, or the configured endpoint's own host (tests). */
async function vimeoThumbnailUrl(deps: PosterDeps, id: string, hash: string | undefined) {
  const endpoint = new URL(deps.config.VIMEO_OEMBED_URL);
  endpoint.searchParams.set('url', `https://vimeo.com/${id}${hash ? `/${hash}` : ''}`);
  endpoint.searchParams.set('width', '640');
  const res = await fetchWithBudget(deps, endpoint.toString(), 'application/json');
  if (!res) return null;
  const body = await readCapped(res, 64 * 1024);
  let thumbnail: unknown;
  try {
    thumbnail = (JSON.parse(body?.toString('utf8') ?? '') as { thumbnail_url?: unknown }).thumbnail_url;
  } catch {
    return null;
  }
  if (typeof thumbnail !== 'string') return null;
  let url: URL;
  try {
    url = new URL(thumbnail);
  } catch {
    return null;
  }
  const onCdn = url.protocol === 'https:' && /(^|\.)vimeocdn\.com$/.test(url.hostname);
  return onCdn || url.origin === endpoint.origin ? url.toString() : null;
}

/** Where the provider keeps the video's thumbnail, or null when it has none to offer. */
async function thumbnailUrl(deps: PosterDeps, video: VideoRow): Promise<string | null> {
  const [id, hash] = (video.externalId ?? '').split(':');
  if (!id) return null;
  if (video.source === 'youtube')
    return `${deps.config.YOUTUBE_THUMBNAIL_BASE.replace(/\/+$/, '')}/${encodeURIComponent(id)}/hqdefault.jpg`;
  if (video.source === 'vimeo') return vimeoThumbnailUrl(deps, id, hash || undefined);
  return null;
}

export async function copyLinkPoster(deps: PosterDeps, video: VideoRow): Promise<void> {
  if (video.posterKey || (video.source !== 'youtube' && video.source !== 'vimeo')) return;
  const url = await thumbnailUrl(deps, video);
  const res = url ? await fetchWithBudget(deps, url, 'image/*') : null;
  const image = res ? await readCapped(res, MAX_THUMBNAIL_BYTES) : null;
  const type = image ? sniffImageType(image) : null;
  if (!image || !type || type === 'image/svg+xml') {
    deps.log.info(
      { videoId: video.id, source: video.source },
      'no thumbnail to copy: video without a poster',
    );
    await deps.db
      .update(videos)
      .set({ statusMessage: NO_THUMBNAIL_MESSAGE, updatedAt: new Date() })
      .where(and(eq(videos.id, video.id), isNull(videos.posterKey)));
    return;
  }
  const key = posterKey(video.realEstateId, video.id, IMAGE_EXTENSIONS[type]);
  await deps.storage.put(key, image, type);
  const [updated] = await deps.db
    .update(videos)
    .set({ posterKey: key, updatedAt: new Date() })
    .where(and(eq(videos.id, video.id), isNull(videos.posterKey)))
    .returning({ id: videos.id });
  if (updated) return;
  // Deleted meanwhile, or another run got there first: remove ours unless the row points at this key.
  const [current] = await deps.db
    .select({ posterKey: videos.posterKey })
    .from(videos)
    .where(eq(videos.id, video.id));
  if (current?.posterKey !== key) await deps.storage.delete(key).catch(() => undefined);
}

/**
 * Links without a poster that no run has settled (no poster, no "no thumbnail" message): videos linked
 * before posters were copied, or whose copies kept failing (network down). The hourly video-cleanup
 * sweep queues their poster jobs again, a few hundred at a time.
 */
export async function queueMissingLinkPosters(deps: Pick<Deps, 'db' | 'queue'>): Promise<number> {
  const rows = await deps.db
    .select({ id: videos.id })
    .from(videos)
    .where(
      and(
        inArray(videos.source, ['youtube', 'vimeo']),
        eq(videos.status, 'ready'),
        isNull(videos.posterKey),
        isNull(videos.statusMessage),
      ),
    )
    .limit(500);
  if (!rows.length) return 0;
  await deps.db.transaction((tx) =>
    deps.queue.enqueueMany(
      tx,
      videoProcessingQueue,
      rows.map((r) => ({ videoId: r.id })),
    ),
  );
  deps.queue.wake(videoProcessingQueue);
  return rows.length;
}
