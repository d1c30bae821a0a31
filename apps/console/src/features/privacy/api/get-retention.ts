import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** GET /v1/real-estates/{id}/privacy/retention → the periods, their defaults and bounds. */
export async function getRetention(realEstateId: number, signal?: AbortSignal) {
  return (await call('getRetention', { params: { id: realEstateId } }, { signal })).data;
}

export const retentionQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: privacyKeys.retention(realEstateId),
    queryFn: ({ signal }) => getRetention(realEstateId, signal),
  });

export const useRetention = (realEstateId: number) => useQuery(retentionQueryOptions(realEstateId));
