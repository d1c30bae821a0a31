import type { ChangePlanBody } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { subscriptionQueryOptions } from './get-subscription';

/** PUT /v1/real-estates/{id}/subscription {plan, billing_type}: the answer replaces the cache. */
export function useChangePlan(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePlanBody) => call('updateSubscription', { params: { id: realEstateId }, body }),
    onSuccess: (res) => queryClient.setQueryData(subscriptionQueryOptions(realEstateId).queryKey, res.data),
  });
}
