import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { AnalyticsEventsResponse } from '../types';
import { analyticsKeys } from './keys';

/** A session's timeline in one request: the API's largest page (a visit rarely has more events). */
export const SESSION_EVENTS_LIMIT = 500;

/**
 * GET /v1/real-estates/{id}/analytics/events?session_id → that session's events, oldest first, with
 * `session` (its row and the pages it saw). 404 for an unknown session or another agency's.
 */
export async function getSessionEvents(
  realEstateId: number,
  sessionId: string,
  signal?: AbortSignal,
): Promise<AnalyticsEventsResponse> {
  return call(
    'listAnalyticsEvents',
    { params: { id: realEstateId }, query: { session_id: sessionId, per_page: SESSION_EVENTS_LIMIT } },
    { signal },
  );
}

export function useSessionEvents(realEstateId: number, sessionId: string) {
  return useQuery({
    queryKey: analyticsKeys.session(realEstateId, sessionId),
    queryFn: ({ signal }) => getSessionEvents(realEstateId, sessionId, signal),
  });
}
