import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/preferences: every key of the contract, with its default when unchanged. */
export async function getPreferences(realEstateId: number, signal?: AbortSignal) {
  return (await call('getPreferences', { params: { id: realEstateId } }, { signal })).data;
}

export const preferencesQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'preferences'),
    queryFn: ({ signal }) => getPreferences(realEstateId, signal),
    // The form owns its values once loaded: a background refetch must not overwrite a draft.
    staleTime: Infinity,
  });

export const usePreferences = (realEstateId: number) => useQuery(preferencesQueryOptions(realEstateId));
