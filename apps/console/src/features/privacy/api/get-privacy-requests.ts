import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** GET /v1/real-estates/{id}/privacy/requests?page → the log of exports and erasures, newest first. */
export function getPrivacyRequests(realEstateId: number, page: number, signal?: AbortSignal) {
  return call(
    'listPrivacyRequests',
    { params: { id: realEstateId }, query: { page, per_page: 10 } },
    { signal },
  );
}

export const privacyRequestsQueryOptions = (realEstateId: number, page: number) =>
  queryOptions({
    queryKey: privacyKeys.requests(realEstateId, page),
    queryFn: ({ signal }) => getPrivacyRequests(realEstateId, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePrivacyRequests = (realEstateId: number, page: number) =>
  useQuery(privacyRequestsQueryOptions(realEstateId, page));
