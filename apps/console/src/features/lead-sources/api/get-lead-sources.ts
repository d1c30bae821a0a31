import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboundChannel, LeadSourceView } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/lead-sources → every channel, connected or not, with its numbers. */
export async function getLeadSources(realEstateId: number, signal?: AbortSignal): Promise<LeadSourceView[]> {
  const answer = await call('listLeadSources', { params: { id: realEstateId } }, { signal });
  return answer.data;
}

export const leadSourcesQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'lead-sources'),
    queryFn: ({ signal }) => getLeadSources(realEstateId, signal),
  });

export function useLeadSources(realEstateId: number) {
  return useQuery(leadSourcesQueryOptions(realEstateId));
}

/** One channel of the list (the cards read theirs). */
export function useLeadSource(realEstateId: number, channel: InboundChannel) {
  return useQuery({
    ...leadSourcesQueryOptions(realEstateId),
    select: (all) => all.find((s) => s.channel === channel) ?? null,
  });
}
