import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { analyticsKeys } from './keys';

export interface PageOption {
  id: number;
  title: string;
}

/** GET /v1/real-estates/{id}/pages?per_page=100, reduced to what the "Página" filter needs. */
export async function getPageOptions(realEstateId: number, signal?: AbortSignal): Promise<PageOption[]> {
  const response = await api.get<{ data: PageOption[] }>(`/v1/real-estates/${realEstateId}/pages`, {
    params: { per_page: 100 },
    signal,
  });
  return (response.data.data ?? []).map(({ id, title }) => ({ id, title }));
}

export function usePageOptions(realEstateId: number) {
  return useQuery({
    queryKey: analyticsKeys.pageOptions(realEstateId),
    queryFn: ({ signal }) => getPageOptions(realEstateId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
