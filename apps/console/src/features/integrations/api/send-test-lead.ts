import type { IntegrationName } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deliveriesKey, type DeliveryStatus } from './get-deliveries';

export interface TestLeadResult {
  lead_id: string;
  deliveries: { id: string; integration: IntegrationName; status: DeliveryStatus }[];
  message: string;
}

/** POST /v1/real-estates/{id}/integrations/test-lead → 201 {data: {lead_id, deliveries}, message}. */
export async function sendTestLead(realEstateId: number): Promise<TestLeadResult> {
  const response = await api.post<{
    data: Omit<TestLeadResult, 'message'>;
    message?: string;
  }>(`/v1/real-estates/${realEstateId}/integrations/test-lead`, {});
  return {
    lead_id: response.data.data.lead_id,
    deliveries: response.data.data.deliveries ?? [],
    message: response.data.message ?? '',
  };
}

export function useSendTestLead(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestLead(realEstateId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(realEstateId) }),
  });
}
