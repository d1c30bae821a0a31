import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/subscription: plan, status, usage meters and the plans on offer. */
export async function getSubscription(realEstateId: number, signal?: AbortSignal) {
  return (await call('getSubscription', { params: { id: realEstateId } }, { signal })).data;
}

export const subscriptionQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'subscription'),
    queryFn: ({ signal }) => getSubscription(realEstateId, signal),
  });

export const useSubscription = (realEstateId: number) => useQuery(subscriptionQueryOptions(realEstateId));
