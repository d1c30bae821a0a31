import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { LeadDetail } from '@vitrine/contracts';
import { leadsKeys } from './keys';

export const PENDING_REFRESH_MS = 5_000;

/** GET /v1/leads/{id} → {data: Lead & {contact_leads, deliveries}} */
export async function getLead(leadId: string, signal?: AbortSignal): Promise<LeadDetail> {
  const answer = await call('getLead', { params: { id: leadId } }, { signal });
  return answer.data;
}

export const leadQueryOptions = (realEstateId: number, leadId: string) =>
  queryOptions({
    queryKey: leadsKeys.detail(realEstateId, leadId),
    queryFn: ({ signal }) => getLead(leadId, signal),
    // While a delivery waits in the queue (just captured, or replayed) its outcome is seconds away.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useLead(realEstateId: number, leadId: string | null) {
  return useQuery({ ...leadQueryOptions(realEstateId, leadId ?? ''), enabled: Boolean(leadId) });
}
