/** A page's photos: upload (multipart, with progress), reorder and alternative texts, delete. */
import type { Page } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/**
 * A 10 MB photo on a weak mobile link takes far longer than the API's 10 s budget; the progress
 * bar shows it is moving, and the request gives up only after this long.
 */
export const PHOTO_UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** POST /v1/pages/{id}/photos multipart `photo` (+ `alt`) → 201 {data: Page}; progress in 0–100. */
export async function uploadPagePhoto(
  pageId: number,
  file: File,
  {
    onProgress,
    signal,
    alt,
  }: { onProgress?: (percent: number) => void; signal?: AbortSignal; alt?: string } = {},
): Promise<Page> {
  const body = new FormData();
  if (alt) body.append('alt', alt);
  body.append('photo', file);
  const answer = await call(
    'addPagePhoto',
    { params: { id: pageId }, body },
    {
      // Not JSON: the browser writes the multipart boundary.
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: PHOTO_UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (onProgress && total > 0) onProgress(Math.min(100, (event.loaded / total) * 100));
      },
    },
  );
  return answer.data;
}

/** PUT /v1/pages/{id}/photos {order: ids, alt?: {id: text|null}} → {data: Page}. The first is the cover. */
export async function updatePagePhotos(
  pageId: number,
  order: string[],
  alt?: Record<string, string | null>,
): Promise<Page> {
  const answer = await call('reorderPagePhotos', {
    params: { id: pageId },
    body: alt ? { order, alt } : { order },
  });
  return answer.data;
}

/** DELETE /v1/pages/{id}/photos/{photoId} → {data: Page} */
export async function deletePagePhoto(pageId: number, photoId: string): Promise<Page> {
  const answer = await call('deletePagePhoto', { params: { id: pageId, photoId } });
  return answer.data;
}
