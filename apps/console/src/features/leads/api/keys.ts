/**
 * Query keys of the feature, all under ['agency', id] so that switching accounts drops them.
 * Invalidating `leads(id)` refreshes every list, chart and open lead of the agency.
 */
import { agencyKey } from '@/lib/query-client';

export const leadsKeys = {
  leads: (realEstateId: number) => agencyKey(realEstateId, 'leads'),
  lists: (realEstateId: number) => agencyKey(realEstateId, 'leads', 'list'),
  list: (realEstateId: number, params: Record<string, string | number>) =>
    agencyKey(realEstateId, 'leads', 'list', params),
  perDays: (realEstateId: number) => agencyKey(realEstateId, 'leads', 'per-day'),
  perDay: (realEstateId: number, params: Record<string, string>) =>
    agencyKey(realEstateId, 'leads', 'per-day', params),
  details: (realEstateId: number) => agencyKey(realEstateId, 'leads', 'detail'),
  detail: (realEstateId: number, leadId: string) => agencyKey(realEstateId, 'leads', 'detail', leadId),
  pageOptions: (realEstateId: number) => agencyKey(realEstateId, 'leads', 'page-options'),
  deliveries: (realEstateId: number) => agencyKey(realEstateId, 'deliveries'),
  deliveryList: (realEstateId: number, params: Record<string, string | number>) =>
    agencyKey(realEstateId, 'deliveries', 'list', params),
  delivery: (realEstateId: number, deliveryId: string) =>
    agencyKey(realEstateId, 'deliveries', 'detail', deliveryId),
};
