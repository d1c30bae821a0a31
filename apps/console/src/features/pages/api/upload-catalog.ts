import type { CatalogImport } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/** Tens of MB on a slow link: the upload has its own time budget, shown by a progress bar. */
export const CATALOG_UPLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * POST /v1/pages/import/facebook-catalog multipart `catalog` + `real_estate_id` + `publish` → 202
 * {data: Import}. Without `publish` the new pages are drafts ("Publicar ao importar" unchecked).
 */
export async function uploadCatalog(
  realEstateId: number,
  file: File,
  {
    onProgress,
    signal,
    publish = false,
  }: { onProgress?: (percent: number) => void; signal?: AbortSignal; publish?: boolean } = {},
): Promise<CatalogImport> {
  const body = new FormData();
  // The fields first: the server reads them as they stream in.
  body.append('real_estate_id', String(realEstateId));
  body.append('publish', publish ? 'true' : 'false');
  body.append('catalog', file);
  const answer = await call(
    'importFacebookCatalog',
    { body },
    {
      // Not JSON: the browser writes the multipart boundary.
      headers: { 'Content-Type': 'multipart/form-data' },
      timeout: CATALOG_UPLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (onProgress && total > 0) onProgress(Math.min(100, (event.loaded / total) * 100));
      },
    },
  );
  return answer.data;
}
