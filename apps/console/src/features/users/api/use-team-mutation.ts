import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from './keys';

/** A change to the team: whatever the outcome, every team query of the agency is read again. */
export function useTeamMutation<TInput, TOutput>(
  realEstateId: number,
  fn: (input: TInput) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(realEstateId) });
    },
  });
}
