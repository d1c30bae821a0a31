import type { WebhookSecretBody } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/integrations/webhook/secret → {data: {secret: 'whsec_…'}} (created on first use). */
export async function getWebhookSecret(realEstateId: number): Promise<string> {
  const response = await api.get<WebhookSecretBody>(
    `/v1/real-estates/${realEstateId}/integrations/webhook/secret`,
  );
  return response.data.data.secret;
}

export const webhookSecretQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'webhook-secret'),
    queryFn: () => getWebhookSecret(realEstateId),
    staleTime: Infinity,
  });

export function useWebhookSecret(realEstateId: number) {
  return useQuery(webhookSecretQueryOptions(realEstateId));
}
