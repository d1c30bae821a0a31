import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryReplayResult } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

/** POST /v1/deliveries/{id}/replay → 202 {data, message}; 409 when delivered or already queued. */
export async function replayDelivery(deliveryId: string): Promise<DeliveryReplayResult> {
  return call('replayDelivery', { params: { id: deliveryId } });
}

/** Every delivery list of the agency (the ledger, the integrations' recent ones) and open leads refetch. */
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
