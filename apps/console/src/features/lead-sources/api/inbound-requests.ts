import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboundRequestList, InboundRequestListQuery } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/inbound-requests: the inbound ledger, newest first. */
export async function getInboundRequests(
  realEstateId: number,
  query: InboundRequestListQuery,
  signal?: AbortSignal,
): Promise<InboundRequestList> {
  return call('listInboundRequests', { params: { id: realEstateId }, query }, { signal });
}

export const inboundRequestsQueryOptions = (realEstateId: number, query: InboundRequestListQuery) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'inbound-requests', query),
    queryFn: ({ signal }) => getInboundRequests(realEstateId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useInboundRequests(realEstateId: number, query: InboundRequestListQuery) {
  return useQuery(inboundRequestsQueryOptions(realEstateId, query));
}

/** GET /v1/inbound-requests/{id}: one request with its body (the body viewer). */
export function useInboundRequest(realEstateId: number, id: string | null) {
  return useQuery({
    queryKey: agencyKey(realEstateId, 'inbound-request', id),
    queryFn: async ({ signal }) =>
      (await call('getInboundRequest', { params: { id: id! } }, { signal })).data,
    enabled: id !== null,
  });
}

/** POST /v1/inbound-requests/{id}/replay: a refused request through the mapping again. */
export function useReplayInboundRequest(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('replayInboundRequest', { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'inbound-requests') });
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'lead-sources') });
    },
  });
}
