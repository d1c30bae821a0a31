import type { Lead } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadsKeys } from './keys';

/** PUT /v1/leads/{id}/assignee {user_id} → {data: Lead} (owners and admins; issue 13). */
export function useAssignLead(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ leadId, userId }: { leadId: string; userId: number | null }) =>
      (await api.put<{ data: Lead }>(`/v1/leads/${encodeURIComponent(leadId)}/assignee`, { user_id: userId }))
        .data.data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKeys.leads(realEstateId) });
      void queryClient.invalidateQueries({ queryKey: [...leadsKeys.details(realEstateId)] });
    },
  });
}
