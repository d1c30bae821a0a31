import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DeliveryReplayResult } from '@vitrine/contracts';
import { leadsKeys } from './keys';

/** POST /v1/deliveries/{id}/replay → 202 {data, message}; 409 when delivered or already queued. */
export async function replayDelivery(deliveryId: string): Promise<DeliveryReplayResult> {
  const response = await api.post<DeliveryReplayResult>(
    `/v1/deliveries/${encodeURIComponent(deliveryId)}/replay`,
  );
  return response.data;
}

export function useReplayDelivery(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDelivery,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKeys.deliveries(realEstateId) });
      // A lead's detail lists its deliveries.
      void queryClient.invalidateQueries({ queryKey: leadsKeys.details(realEstateId) });
    },
  });
}
