import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

export interface PageOption {
  id: number;
  title: string;
}

/**
 * GET /v1/real-estates/{id}/pages?per_page=100, reduced to what a page filter needs (the "Imóvel"
 * filter of Leads, the "Página" filter of Analytics: one fetch, one cache entry).
 */
export async function getPageOptions(realEstateId: number, signal?: AbortSignal): Promise<PageOption[]> {
  const answer = await call(
    'listPages',
    { params: { id: realEstateId }, query: { per_page: 100 } },
    { signal },
  );
  return answer.data.map(({ id, title }) => ({ id, title }));
}

export function usePageOptions(realEstateId: number) {
  return useQuery({
    queryKey: leadsKeys.pageOptions(realEstateId),
    queryFn: ({ signal }) => getPageOptions(realEstateId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
