/**
 * The video calls of spec §7 (api-contract.md, "Videos"): list, the three steps of an upload (§4
 * "Video upload": request an upload URL, upload the file, mark the upload finished), a link, reorder
 * and delete. The file itself goes straight to storage with XMLHttpRequest (progress, cancel), never
 * through the API.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_VIDEO_MAX_BYTES, type Video, type VideoFileType } from '@vitrine/contracts';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

export const videosKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'videos'),
  page: (realEstateId: number, pageId: number) => agencyKey(realEstateId, 'videos', 'page', pageId),
};

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
  const response = await api.get<{ data: Video[]; meta?: { max_upload_bytes?: number } }>(
    `/v1/real-estates/${realEstateId}/videos`,
    { params: { page_id: pageId }, signal },
  );
  return {
    videos: response.data.data,
    // An older server without the meta: the documented default.
    maxUploadBytes: response.data.meta?.max_upload_bytes ?? DEFAULT_VIDEO_MAX_BYTES,
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

export interface UploadTicket {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expires_at: string;
}

/** Step 1: POST /v1/pages/{id}/videos/generate-upload-url {file_type} → {video, upload}. */
export async function generateUploadUrl(pageId: number, fileType: VideoFileType, sizeBytes: number) {
  const response = await api.post<{ data: { video: Video; upload: UploadTicket } }>(
    `/v1/pages/${pageId}/videos/generate-upload-url`,
    { file_type: fileType, size_bytes: sizeBytes },
  );
  return response.data.data;
}

/** The file could not be sent to storage. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly aborted = false,
  ) {
    super(message);
  }
}

/**
 * Step 2: the file PUT straight to storage (S3 presigned URL or the local driver's signed URL), with
 * upload progress in 0–100; `signal` cancels.
 */
export function putToStorage(
  ticket: UploadTicket,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      if (onProgress && total > 0) onProgress(Math.min(100, (event.loaded / total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else if (xhr.status === 413) reject(new UploadError('O vídeo passa do tamanho máximo permitido.'));
      else if (xhr.status === 403)
        reject(new UploadError('O endereço de envio expirou ou foi recusado. Tente de novo.'));
      else reject(new UploadError(`O armazenamento recusou o arquivo (erro ${xhr.status}). Tente de novo.`));
    };
    xhr.onerror = () =>
      reject(new UploadError('A conexão caiu durante o envio. Verifique a internet e tente de novo.'));
    xhr.onabort = () => reject(new UploadError('Envio cancelado.', true));
    if (signal) {
      if (signal.aborted) {
        reject(new UploadError('Envio cancelado.', true));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}

/** Step 3: PATCH /v1/videos/{id}/upload-finished → {data: Video}. */
export async function markUploadFinished(videoId: string) {
  const response = await api.patch<{ data: Video }>(`/v1/videos/${videoId}/upload-finished`);
  return response.data.data;
}

/** POST /v1/pages/{id}/videos/from-url {url} → {data: Video}. */
export async function addVideoFromUrl(pageId: number, url: string) {
  const response = await api.post<{ data: Video }>(`/v1/pages/${pageId}/videos/from-url`, { url });
  return response.data.data;
}

/** PATCH /v1/videos/change-sequence {videos: [{id, sequence}]} → {data: Video[]}. */
export async function changeVideoSequence(ids: string[]) {
  const response = await api.patch<{ data: Video[] }>('/v1/videos/change-sequence', {
    videos: ids.map((id, sequence) => ({ id, sequence })),
  });
  return response.data.data;
}

/** DELETE /v1/videos/{id} → 204. */
export async function deleteVideo(videoId: string) {
  await api.delete(`/v1/videos/${videoId}`);
}
