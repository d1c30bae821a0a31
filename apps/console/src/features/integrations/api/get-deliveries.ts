import type { Delivery, IntegrationName } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** How many recent deliveries each card shows. */
export const RECENT_DELIVERIES = 5;
/** While one of them is still pending, the list is refreshed this often. */
export const PENDING_REFRESH_MS = 2_000;

export const deliveriesKey = (realEstateId: number) => agencyKey(realEstateId, 'deliveries');

export async function getRecentDeliveries(
  realEstateId: number,
  integration: IntegrationName,
): Promise<Delivery[]> {
  const answer = await call('listDeliveries', {
    params: { id: realEstateId },
    query: { integration, per_page: RECENT_DELIVERIES },
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

export const recentDeliveriesQueryOptions = (realEstateId: number, integration: IntegrationName) =>
  queryOptions({
    queryKey: [...deliveriesKey(realEstateId), { integration, per_page: RECENT_DELIVERIES }],
    queryFn: () => getRecentDeliveries(realEstateId, integration),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useRecentDeliveries(realEstateId: number, integration: IntegrationName) {
  return useQuery(recentDeliveriesQueryOptions(realEstateId, integration));
}
