import type { Paginated, PrivacyRequest } from '@vitrine/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** GET /v1/real-estates/{id}/privacy/requests?page → the log of exports and erasures, newest first. */
export async function getPrivacyRequests(
  realEstateId: number,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<PrivacyRequest>> {
  const response = await api.get<Paginated<PrivacyRequest>>(
    `/v1/real-estates/${realEstateId}/privacy/requests`,
    { params: { page, per_page: 10 }, signal },
  );
  return response.data;
}

export const privacyRequestsQueryOptions = (realEstateId: number, page: number) =>
  queryOptions({
    queryKey: privacyKeys.requests(realEstateId, page),
    queryFn: ({ signal }) => getPrivacyRequests(realEstateId, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePrivacyRequests = (realEstateId: number, page: number) =>
  useQuery(privacyRequestsQueryOptions(realEstateId, page));
