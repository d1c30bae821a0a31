import type { RetentionSettings, UpdateRetentionBody } from '@vitrine/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { privacyKeys } from './keys';

/** GET /v1/real-estates/{id}/privacy/retention → the periods, their defaults and bounds. */
export async function getRetention(realEstateId: number, signal?: AbortSignal): Promise<RetentionSettings> {
  const response = await api.get<{ data: RetentionSettings }>(
    `/v1/real-estates/${realEstateId}/privacy/retention`,
    { signal },
  );
  return response.data.data;
}

export const retentionQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: privacyKeys.retention(realEstateId),
    queryFn: ({ signal }) => getRetention(realEstateId, signal),
  });

export const useRetention = (realEstateId: number) => useQuery(retentionQueryOptions(realEstateId));

/** PUT /v1/real-estates/{id}/privacy/retention {analytics_months, delivery_bodies_months}. */
export async function updateRetention(
  realEstateId: number,
  body: UpdateRetentionBody,
): Promise<RetentionSettings> {
  const response = await api.put<{ data: RetentionSettings }>(
    `/v1/real-estates/${realEstateId}/privacy/retention`,
    body,
  );
  return response.data.data;
}

export function useUpdateRetention(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRetentionBody) => updateRetention(realEstateId, body),
    onSuccess: (data) => queryClient.setQueryData(privacyKeys.retention(realEstateId), data),
  });
}
