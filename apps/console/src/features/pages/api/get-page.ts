import type { Page } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** GET /v1/pages/{id} → {data: Page} */
export async function getPage(pageId: number, signal?: AbortSignal): Promise<Page> {
  const answer = await call('getPage', { params: { id: pageId } }, { signal });
  return answer.data;
}

export const pageQueryOptions = (realEstateId: number, pageId: number) =>
  queryOptions({
    queryKey: pagesKeys.detail(realEstateId, pageId),
    queryFn: ({ signal }) => getPage(pageId, signal),
  });

export function usePage(realEstateId: number, pageId: number) {
  return useQuery(pageQueryOptions(realEstateId, pageId));
}
