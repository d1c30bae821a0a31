/** Catalog import: upload the Meta home-listings file, then poll the import until it is done. */
import type { CatalogImport, Paginated } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** Tens of MB on a slow link: the upload has its own time budget, shown by a progress bar. */
export const CATALOG_UPLOAD_TIMEOUT_MS = 15 * 60_000;
export const IMPORT_POLL_MS = 1_000;

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
  const response = await api.post<{ data: CatalogImport }>('/v1/pages/import/facebook-catalog', body, {
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: CATALOG_UPLOAD_TIMEOUT_MS,
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(100, (event.loaded / total) * 100));
    },
  });
  return response.data.data;
}

/** GET /v1/imports/{id} → {data: Import} */
export async function getCatalogImport(importId: string, signal?: AbortSignal): Promise<CatalogImport> {
  const response = await api.get<{ data: CatalogImport }>(`/v1/imports/${importId}`, { signal });
  return response.data.data;
}

export const isImportFinished = (i: Pick<CatalogImport, 'status'> | undefined) =>
  i?.status === 'done' || i?.status === 'failed';

/** Polls every IMPORT_POLL_MS until the import is done or failed. */
export function useCatalogImport(realEstateId: number, importId: string | null, initial?: CatalogImport) {
  return useQuery({
    queryKey: pagesKeys.import(realEstateId, importId ?? ''),
    queryFn: ({ signal }) => getCatalogImport(importId!, signal),
    enabled: importId !== null,
    initialData: initial && initial.id === importId ? initial : undefined,
    // Start polling at once even with initialData (it is the 202's snapshot).
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: (query) => (isImportFinished(query.state.data) ? false : IMPORT_POLL_MS),
    refetchIntervalInBackground: true,
    // A blip while polling is not the end of the import: keep asking.
    retry: 3,
  });
}

/** GET /v1/real-estates/{id}/imports?per_page → the agency's recent imports. */
export const recentImportsQueryOptions = (realEstateId: number, perPage = 5) =>
  queryOptions({
    queryKey: [...pagesKeys.imports(realEstateId), 'recent', perPage],
    queryFn: async ({ signal }) => {
      const response = await api.get<Paginated<CatalogImport>>(`/v1/real-estates/${realEstateId}/imports`, {
        params: { per_page: perPage },
        signal,
      });
      return response.data;
    },
    staleTime: 0,
  });

export function useRecentImports(realEstateId: number, enabled = true) {
  return useQuery({ ...recentImportsQueryOptions(realEstateId), enabled });
}
