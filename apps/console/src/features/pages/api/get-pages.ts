import type { Page, Paginated } from '@vitrine/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

export type PageList = Paginated<Page>;

/** GET /v1/real-estates/{id}/pages?page&per_page&search&status&purpose → Laravel list of pages. */
export async function getPages(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<PageList> {
  return call('listPages', { params: { id: realEstateId }, query: params }, { signal });
}

export const pagesQueryOptions = (realEstateId: number, params: Record<string, string | number>) =>
  queryOptions({
    queryKey: pagesKeys.list(realEstateId, params),
    queryFn: ({ signal }) => getPages(realEstateId, params, signal),
    // The previous page stays on screen while the next one loads (no skeleton flash on paging).
    placeholderData: keepPreviousData,
  });

export function usePages(realEstateId: number, params: Record<string, string | number>) {
  return useQuery(pagesQueryOptions(realEstateId, params));
}
