import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePlanBody, Subscription } from '@vitrine/contracts';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

const url = (realEstateId: number) => `/v1/real-estates/${realEstateId}/subscription`;

/** GET /v1/real-estates/{id}/subscription: plan, status, usage meters and the plans on offer. */
export async function getSubscription(realEstateId: number, signal?: AbortSignal): Promise<Subscription> {
  return (await api.get<{ data: Subscription }>(url(realEstateId), { signal })).data.data;
}

export const subscriptionQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'subscription'),
    queryFn: ({ signal }) => getSubscription(realEstateId, signal),
  });

export const useSubscription = (realEstateId: number) => useQuery(subscriptionQueryOptions(realEstateId));

/** PUT …/subscription {plan, billing_type} and POST …/subscription/cancel: the answer replaces the cache. */
export function useSubscriptionActions(realEstateId: number) {
  const queryClient = useQueryClient();
  const store = (data: Subscription) =>
    queryClient.setQueryData(subscriptionQueryOptions(realEstateId).queryKey, data);
  const change = useMutation({
    mutationFn: async (body: ChangePlanBody) =>
      (await api.put<{ data: Subscription; message?: string }>(url(realEstateId), body)).data,
    onSuccess: (res) => store(res.data),
  });
  const cancel = useMutation({
    mutationFn: async () =>
      (await api.post<{ data: Subscription; message?: string }>(`${url(realEstateId)}/cancel`)).data,
    onSuccess: (res) => store(res.data),
  });
  return { change, cancel };
}
