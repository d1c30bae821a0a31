import type { CatalogImport } from '@vitrine/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

export const IMPORT_POLL_MS = 1_000;

/** GET /v1/imports/{id} → {data: Import} */
export async function getCatalogImport(importId: string, signal?: AbortSignal): Promise<CatalogImport> {
  const answer = await call('getImport', { params: { id: importId } }, { signal });
  return answer.data;
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
