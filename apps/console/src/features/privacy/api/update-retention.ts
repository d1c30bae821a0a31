import type { UpdateRetentionBody } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** PUT /v1/real-estates/{id}/privacy/retention {analytics_months, delivery_bodies_months}. */
export async function updateRetention(realEstateId: number, body: UpdateRetentionBody) {
  return (await call('updateRetention', { params: { id: realEstateId }, body })).data;
}

export function useUpdateRetention(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRetentionBody) => updateRetention(realEstateId, body),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.retention(realEstateId), data),
  });
}
