import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

/**
 * PUT /v1/leads/{id}/assignee {user_id} → {data: Lead} (owners and admins; docs/product.md#lead-assignment).
 */
export function useAssignLead(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ leadId, userId }: { leadId: string; userId: number | null }) =>
      (await call('assignLead', { params: { id: leadId }, body: { user_id: userId } })).data,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKeys.leads(realEstateId) });
      void queryClient.invalidateQueries({ queryKey: [...leadsKeys.details(realEstateId)] });
    },
  });
}
