import type { TestLeadResult } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { deliveriesKey } from './get-deliveries';

/** POST /v1/real-estates/{id}/integrations/test-lead → 201 {data: {lead_id, deliveries}, message}. */
export async function sendTestLead(realEstateId: number): Promise<TestLeadResult> {
  return call('sendTestLead', { params: { id: realEstateId } });
}

export function useSendTestLead(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestLead(realEstateId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(realEstateId) }),
  });
}
