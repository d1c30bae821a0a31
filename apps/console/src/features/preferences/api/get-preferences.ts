import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Preference } from '@vitrine/contracts';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/preferences: every key of the contract, with its default when unchanged. */
export async function getPreferences(realEstateId: number, signal?: AbortSignal): Promise<Preference[]> {
  const response = await api.get<{ data: Preference[] }>(`/v1/real-estates/${realEstateId}/preferences`, {
    signal,
  });
  return response.data.data;
}

export const preferencesQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'preferences'),
    queryFn: ({ signal }) => getPreferences(realEstateId, signal),
    // The form owns its values once loaded: a background refetch must not overwrite a draft.
    staleTime: Infinity,
  });

export const usePreferences = (realEstateId: number) => useQuery(preferencesQueryOptions(realEstateId));
