import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agencyKey } from '@/lib/query-client';

export const domainsKey = (realEstateId: number) => agencyKey(realEstateId, 'domains');

/** A change to the agency's domains: whatever the outcome, the list is read again. */
export function useDomainMutation<TInput, TOutput>(
  realEstateId: number,
  fn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: domainsKey(realEstateId) });
    },
  });
}
