import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryList } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { PENDING_REFRESH_MS } from './get-lead';
import { leadsKeys } from './keys';

/** GET /v1/real-estates/{id}/deliveries?status&integration&page&per_page → Laravel list. */
export async function getDeliveries(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<DeliveryList> {
  return call('listDeliveries', { params: { id: realEstateId }, query: params }, { signal });
}

export function useDeliveries(realEstateId: number, params: Record<string, string | number>) {
  return useQuery(
    queryOptions({
      queryKey: leadsKeys.deliveryList(realEstateId, params),
      queryFn: ({ signal }) => getDeliveries(realEstateId, params, signal),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.data.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
    }),
  );
}
