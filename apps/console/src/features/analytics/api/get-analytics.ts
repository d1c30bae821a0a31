import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { AnalyticsResponse } from '../types';
import { analyticsKeys } from './keys';

/**
 * GET /v1/real-estates/{id}/analytics?page&from&to&page_id&source&device → the period's sessions
 * (Laravel list, newest first) with the summary, the previous period's, the series, the breakdowns
 * and the funnel.
 */
export async function getAnalytics(
  realEstateId: number,
  params: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<AnalyticsResponse> {
  return call('getAnalytics', { params: { id: realEstateId }, query: params }, { signal });
}

export const analyticsQueryOptions = (realEstateId: number, params: Record<string, string | number>) =>
  queryOptions({
    queryKey: analyticsKeys.report(realEstateId, params),
    queryFn: ({ signal }) => getAnalytics(realEstateId, params, signal),
    // The previous figures stay on screen (dimmed) while the next period or page loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useAnalytics(realEstateId: number, params: Record<string, string | number>) {
  return useQuery(analyticsQueryOptions(realEstateId, params));
}
