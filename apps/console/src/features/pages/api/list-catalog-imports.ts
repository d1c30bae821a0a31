import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** GET /v1/real-estates/{id}/imports?per_page → the agency's recent imports. */
export const recentImportsQueryOptions = (realEstateId: number, perPage = 5) =>
  queryOptions({
    queryKey: [...pagesKeys.imports(realEstateId), 'recent', perPage],
    queryFn: ({ signal }) =>
      call('listImports', { params: { id: realEstateId }, query: { per_page: perPage } }, { signal }),
    staleTime: 0,
  });

export function useRecentImports(realEstateId: number, enabled = true) {
  return useQuery({ ...recentImportsQueryOptions(realEstateId), enabled });
}
