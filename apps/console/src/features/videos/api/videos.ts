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
  /** A large file on S3: part n is bytes [(n-1)·part_size, n·part_size), PUT to parts[n-1].url. */
  part_size?: number;
  parts?: { number: number; url: string }[];
}

/** Step 1: POST /v1/pages/{id}/videos/generate-upload-url {file_type} → {video, upload}. */
export async function generateUploadUrl(pageId: number, fileType: VideoFileType, sizeBytes: number) {
  const response = await api.post<{ data: { video: Video; upload: UploadTicket } }>(
    `/v1/pages/${pageId}/videos/generate-upload-url`,
    { file_type: fileType, size_bytes: sizeBytes },
  );
  return response.data.data;
}

/** Each part's number and the ETag its PUT answered (upload-finished joins them). */
export type UploadedParts = { number: number; etag: string }[];

/** The file could not be sent to storage. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly aborted = false,
    /** The connection failed (worth one more try), rather than a refusal. */
    readonly network = false,
  ) {
    super(message);
  }
}

/** One PUT of `body` with its upload progress in bytes; resolves with the answer's ETag (null if hidden). */
function putBody(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onLoaded: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError('Envio cancelado.', true));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onLoaded(Math.min(event.loaded, body.size));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader('ETag'));
      else if (xhr.status === 413) reject(new UploadError('O vídeo passa do tamanho máximo permitido.'));
      else if (xhr.status === 403)
        reject(new UploadError('O endereço de envio expirou ou foi recusado. Tente de novo.'));
      else reject(new UploadError(`O armazenamento recusou o arquivo (erro ${xhr.status}). Tente de novo.`));
    };
    xhr.onerror = () =>
      reject(
        new UploadError('A conexão caiu durante o envio. Verifique a internet e tente de novo.', false, true),
      );
    xhr.onabort = () => reject(new UploadError('Envio cancelado.', true));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Step 2: the file PUT straight to storage (S3 presigned URL or the local driver's signed URL), with
 * upload progress in 0–100 over the whole file; `signal` cancels. A large file on S3 goes part by part
 * (a part that fails on the network is sent once more); the parts' ETags are returned for step 3.
 */
export async function putToStorage(
  ticket: UploadTicket,
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedParts | undefined> {
  const report = (bytes: number) => {
    if (onProgress && file.size > 0) onProgress(Math.min(100, (bytes / file.size) * 100));
  };
  if (!ticket.parts?.length || !ticket.part_size) {
    await putBody(ticket.url, ticket.headers, file, report, signal);
    return undefined;
  }
  const parts: UploadedParts = [];
  let sent = 0;
  for (const part of ticket.parts) {
    const body = file.slice((part.number - 1) * ticket.part_size, part.number * ticket.part_size);
    const send = () => putBody(part.url, ticket.headers, body, (bytes) => report(sent + bytes), signal);
    let etag: string | null;
    try {
      etag = await send();
    } catch (error) {
      if (!(error instanceof UploadError && error.network)) throw error;
      etag = await send();
    }
    if (!etag)
      throw new UploadError(
        'O armazenamento não confirmou uma parte do vídeo (ETag). Avise o suporte: a regra CORS do bucket precisa expor o ETag.',
      );
    parts.push({ number: part.number, etag });
    sent += body.size;
    report(sent);
  }
  return parts;
}

/** Step 3: PATCH /v1/videos/{id}/upload-finished ({parts} after a multipart upload) → {data: Video}. */
export async function markUploadFinished(videoId: string, parts?: UploadedParts) {
  const response = await api.patch<{ data: Video }>(
    `/v1/videos/${videoId}/upload-finished`,
    parts ? { parts } : undefined,
  );
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
