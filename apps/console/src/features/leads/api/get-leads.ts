import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LeadList } from '@vitrine/contracts';
import { leadsKeys } from './keys';

/** GET /v1/real-estates/{id}/leads?page&per_page&<filters> → Laravel list of leads. */
export async function getLeads(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<LeadList> {
  const response = await api.get<LeadList>(`/v1/real-estates/${realEstateId}/leads`, { params, signal });
  return response.data;
}

export const leadsQueryOptions = (realEstateId: number, params: Record<string, string | number>) =>
  queryOptions({
    queryKey: leadsKeys.list(realEstateId, params),
    queryFn: ({ signal }) => getLeads(realEstateId, params, signal),
    // The previous page stays on screen while the next one loads (no skeleton flash on paging).
    placeholderData: keepPreviousData,
  });

export function useLeads(realEstateId: number, params: Record<string, string | number>) {
  return useQuery(leadsQueryOptions(realEstateId, params));
}

/** The export link: same filters, no pagination; the session cookie goes with a plain link. */
export function leadsExportUrl(realEstateId: number, filters: Record<string, string>): string {
  const query = new URLSearchParams(filters).toString();
  return `/v1/real-estates/${realEstateId}/leads/export${query ? `?${query}` : ''}`;
}
