import type { Lead, LeadDetail, LeadList, LeadStatus } from '@vitrine/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { leadsKeys } from './keys';

export interface UpdateLeadStatusInput {
  leadId: string;
  status: LeadStatus;
}

/** PATCH /v1/leads/{id} {status} → {data: Lead} */
export async function updateLeadStatus({ leadId, status }: UpdateLeadStatusInput): Promise<Lead> {
  const answer = await call('updateLead', { params: { id: leadId }, body: { status } });
  return answer.data;
}

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Optimistic: the lead's detail and every cached list show the new status at once; on failure they
 * go back to what they were and the caller shows the error. Lists are refetched afterwards (a
 * status filter may now exclude the lead).
 */
export function useUpdateLeadStatus(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeadStatus,
    onMutate: async ({ leadId, status }) => {
      const detailKey = leadsKeys.detail(realEstateId, leadId);
      const listsKey = leadsKeys.lists(realEstateId);
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detailKey }),
        queryClient.cancelQueries({ queryKey: listsKey }),
      ]);
      const snapshot: Snapshot = [
        [detailKey, queryClient.getQueryData(detailKey)],
        ...queryClient.getQueriesData({ queryKey: listsKey }),
      ];
      queryClient.setQueryData<LeadDetail>(detailKey, (old) => (old ? { ...old, status } : old));
      queryClient.setQueriesData<LeadList>({ queryKey: listsKey }, (old) =>
        old ? { ...old, data: old.data.map((l) => (l.id === leadId ? { ...l, status } : l)) } : old,
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (lead) => {
      queryClient.setQueryData<LeadDetail>(leadsKeys.detail(realEstateId, lead.id), (old) =>
        old ? { ...old, ...lead } : old,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: leadsKeys.lists(realEstateId) });
      void queryClient.invalidateQueries({ queryKey: leadsKeys.perDays(realEstateId) });
    },
  });
}
