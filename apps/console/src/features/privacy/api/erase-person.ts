import type { PersonSearchBody } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';
import { privacyKeys } from './keys';

/** POST /v1/real-estates/{id}/privacy/erase → what was anonymised, and the log entry. */
export function erasePerson(realEstateId: number, body: PersonSearchBody) {
  return call('erasePerson', { params: { id: realEstateId }, body });
}

export function useErasePerson(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonSearchBody) => erasePerson(realEstateId, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: privacyKeys.all(realEstateId) });
      // Lead lists, the dashboard and the deliveries show the anonymised rows from now on.
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId) });
    },
  });
}
