import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { domainsKey } from './domain-keys';

/** GET /v1/real-estates/{id}/domains → {data, meta: {landing_url, pages_url}}. */
export function getDomains(realEstateId: number, signal?: AbortSignal) {
  return call('listDomains', { params: { id: realEstateId } }, { signal });
}

export const domainsQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: domainsKey(realEstateId),
    queryFn: ({ signal }) => getDomains(realEstateId, signal),
  });

export const useDomains = (realEstateId: number) => useQuery(domainsQueryOptions(realEstateId));
