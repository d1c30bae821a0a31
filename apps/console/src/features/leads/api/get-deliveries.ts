import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DeliveryDetail, DeliveryList } from '@vitrine/contracts';
import { PENDING_REFRESH_MS } from './get-lead';
import { leadsKeys } from './keys';

/** GET /v1/real-estates/{id}/deliveries?status&integration&page&per_page → Laravel list. */
export async function getDeliveries(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<DeliveryList> {
  const response = await api.get<DeliveryList>(`/v1/real-estates/${realEstateId}/deliveries`, {
    params,
    signal,
  });
  return response.data;
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

/** GET /v1/deliveries/{id} → delivery with its per-attempt ledger. */
export async function getDelivery(deliveryId: string, signal?: AbortSignal): Promise<DeliveryDetail> {
  const response = await api.get<{ data: DeliveryDetail }>(
    `/v1/deliveries/${encodeURIComponent(deliveryId)}`,
    { signal },
  );
  return response.data.data;
}

export function useDelivery(realEstateId: number, deliveryId: string, enabled: boolean) {
  return useQuery({
    queryKey: leadsKeys.delivery(realEstateId, deliveryId),
    queryFn: ({ signal }) => getDelivery(deliveryId, signal),
    enabled,
  });
}
