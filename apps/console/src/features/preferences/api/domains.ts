import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddCustomDomainInput, CustomDomain, CustomDomainsResponse } from '@vitrine/contracts';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

const domainsKey = (realEstateId: number) => agencyKey(realEstateId, 'domains');

/** GET /v1/real-estates/{id}/domains → {data, meta: {landing_url, pages_url}}. */
export async function getDomains(realEstateId: number, signal?: AbortSignal): Promise<CustomDomainsResponse> {
  const response = await api.get<CustomDomainsResponse>(`/v1/real-estates/${realEstateId}/domains`, {
    signal,
  });
  return response.data;
}

export const domainsQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: domainsKey(realEstateId),
    queryFn: ({ signal }) => getDomains(realEstateId, signal),
  });

export const useDomains = (realEstateId: number) => useQuery(domainsQueryOptions(realEstateId));

function useDomainMutation<TInput, TOutput>(realEstateId: number, fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: domainsKey(realEstateId) });
    },
  });
}

type DomainAnswer = { data: CustomDomain; message?: string };

/** POST /v1/real-estates/{id}/domains {hostname} */
export const useAddDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, async (body: AddCustomDomainInput) => {
    const response = await api.post<DomainAnswer>(`/v1/real-estates/${realEstateId}/domains`, body);
    return response.data;
  });

/** POST /v1/real-estates/{id}/domains/{domainId}/verify: checks the DNS now. */
export const useVerifyDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, async (domainId: number) => {
    const response = await api.post<DomainAnswer>(
      `/v1/real-estates/${realEstateId}/domains/${domainId}/verify`,
    );
    return response.data;
  });

/** DELETE /v1/real-estates/{id}/domains/{domainId} */
export const useRemoveDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, async (domainId: number) => {
    await api.delete(`/v1/real-estates/${realEstateId}/domains/${domainId}`);
  });
