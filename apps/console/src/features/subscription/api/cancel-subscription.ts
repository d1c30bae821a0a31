import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { subscriptionQueryOptions } from './get-subscription';

/** POST /v1/real-estates/{id}/subscription/cancel: the answer replaces the cache. */
export function useCancelSubscription(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('cancelSubscription', { params: { id: realEstateId } }),
    onSuccess: (res) => queryClient.setQueryData(subscriptionQueryOptions(realEstateId).queryKey, res.data),
  });
}
