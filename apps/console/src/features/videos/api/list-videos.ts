import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_VIDEO_MAX_BYTES, type Video } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { videosKeys } from './keys';

export interface PageVideos {
  videos: Video[];
  /** The largest upload the server takes (its VIDEO_MAX_BYTES, from the list's meta). */
  maxUploadBytes: number;
}

/** GET /v1/real-estates/{id}/videos?page_id= → {data: Video[], meta: {max_upload_bytes}}. */
export async function getPageVideos(
  realEstateId: number,
  pageId: number,
  signal?: AbortSignal,
): Promise<PageVideos> {
  const answer = await call(
    'listVideos',
    { params: { id: realEstateId }, query: { page_id: pageId } },
    { signal },
  );
  return {
    videos: answer.data,
    // An older server without the meta: the documented default.
    maxUploadBytes: answer.meta?.max_upload_bytes ?? DEFAULT_VIDEO_MAX_BYTES,
  };
}

/** A YouTube/Vimeo link added in the last 30 s whose poster the server is still copying. */
const awaitingPoster = (v: Video) =>
  (v.source === 'youtube' || v.source === 'vimeo') &&
  !v.poster_url &&
  Date.now() - Date.parse(v.created_at) < 30_000;

export const pageVideosQueryOptions = (realEstateId: number, pageId: number) =>
  queryOptions({
    queryKey: videosKeys.page(realEstateId, pageId),
    queryFn: ({ signal }) => getPageVideos(realEstateId, pageId, signal),
    // While a poster is being made (or a link's thumbnail copied), look again every 2 s.
    refetchInterval: (query) =>
      query.state.data?.videos.some((v) => v.status === 'processing' || awaitingPoster(v)) ? 2000 : false,
  });

export const usePageVideos = (realEstateId: number, pageId: number) =>
  useQuery(pageVideosQueryOptions(realEstateId, pageId));
