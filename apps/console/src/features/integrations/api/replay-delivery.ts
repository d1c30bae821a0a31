import type { DeliveryReplayResult } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKey } from './get-deliveries';

/** POST /v1/deliveries/{id}/replay → 202: the delivery goes back to the queue. */
export async function replayDelivery(id: string): Promise<string> {
  const response = await api.post<Partial<DeliveryReplayResult>>(`/v1/deliveries/${id}/replay`, {});
  return response.data?.message ?? 'Entrega reenviada para a fila.';
}

export function useReplayDelivery(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDelivery,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(realEstateId) }),
  });
}
