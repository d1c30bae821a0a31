import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/integrations/webhook/secret → {data: {secret: 'whsec_…'}} (created on first use). */
export async function getWebhookSecret(realEstateId: number): Promise<string> {
  const answer = await call('getWebhookSecret', { params: { id: realEstateId } });
  return answer.data.secret;
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
