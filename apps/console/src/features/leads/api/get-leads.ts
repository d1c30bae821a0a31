import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadList } from '@vitrine/contracts';
import { endpointPath } from '@vitrine/contracts/endpoints';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

/** GET /v1/real-estates/{id}/leads?page&per_page&<filters> → Laravel list of leads. */
export async function getLeads(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<LeadList> {
  return call('listLeads', { params: { id: realEstateId }, query: params }, { signal });
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
  const path = endpointPath('exportLeads', { id: realEstateId });
  return query ? `${path}?${query}` : path;
}
