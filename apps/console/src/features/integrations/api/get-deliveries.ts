import type { IntegrationName } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'dead', 'paused'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One row of the delivery ledger (GET /v1/real-estates/{id}/deliveries). */
export interface Delivery {
  id: string;
  webhook_id: string;
  lead_id: string;
  lead: { name: string; is_test: boolean } | null;
  integration: IntegrationName;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** How many recent deliveries each card shows. */
export const RECENT_DELIVERIES = 5;
/** While one of them is still pending, the list is refreshed this often. */
export const PENDING_REFRESH_MS = 2_000;

export const deliveriesKey = (realEstateId: number) => agencyKey(realEstateId, 'deliveries');

export async function getRecentDeliveries(
  realEstateId: number,
  integration: IntegrationName,
): Promise<Delivery[]> {
  const response = await api.get<{ data: Delivery[] }>(`/v1/real-estates/${realEstateId}/deliveries`, {
    params: { integration, per_page: RECENT_DELIVERIES },
  });
  return Array.isArray(response.data?.data) ? response.data.data : [];
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
