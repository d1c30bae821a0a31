import type { EraseCounts, PersonSearchBody, PrivacyRequest } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';
import { privacyKeys } from './keys';

export interface EraseResult {
  data: { counts: EraseCounts; request: PrivacyRequest };
  message: string;
}

/** POST /v1/real-estates/{id}/privacy/erase → what was anonymised, and the log entry. */
export async function erasePerson(realEstateId: number, body: PersonSearchBody): Promise<EraseResult> {
  const response = await api.post<EraseResult>(`/v1/real-estates/${realEstateId}/privacy/erase`, body);
  return response.data;
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
