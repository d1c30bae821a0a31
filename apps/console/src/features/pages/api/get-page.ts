import type { Page } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** GET /v1/pages/{id} → {data: Page} */
export async function getPage(pageId: number, signal?: AbortSignal): Promise<Page> {
  const response = await api.get<{ data: Page }>(`/v1/pages/${pageId}`, { signal });
  return response.data.data;
}

export const pageQueryOptions = (realEstateId: number, pageId: number) =>
  queryOptions({
    queryKey: pagesKeys.detail(realEstateId, pageId),
    queryFn: ({ signal }) => getPage(pageId, signal),
  });

export function usePage(realEstateId: number, pageId: number) {
  return useQuery(pageQueryOptions(realEstateId, pageId));
}
