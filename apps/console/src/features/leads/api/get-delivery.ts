import { useQuery } from '@tanstack/react-query';
import type { DeliveryDetail } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

/** GET /v1/deliveries/{id} → delivery with its per-attempt ledger. */
export async function getDelivery(deliveryId: string, signal?: AbortSignal): Promise<DeliveryDetail> {
  const answer = await call('getDelivery', { params: { id: deliveryId } }, { signal });
  return answer.data;
}

export function useDelivery(realEstateId: number, deliveryId: string, enabled: boolean) {
  return useQuery({
    queryKey: leadsKeys.delivery(realEstateId, deliveryId),
    queryFn: ({ signal }) => getDelivery(deliveryId, signal),
    enabled,
  });
}
