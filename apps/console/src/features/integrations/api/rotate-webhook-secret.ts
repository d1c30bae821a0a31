import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { webhookSecretQueryOptions } from './get-webhook-secret';

/** POST /v1/real-estates/{id}/integrations/webhook/secret/rotate → {data: {secret}}: the old one stops working. */
export async function rotateWebhookSecret(realEstateId: number): Promise<string> {
  const answer = await call('rotateWebhookSecret', { params: { id: realEstateId } });
  return answer.data.secret;
}

export function useRotateWebhookSecret(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateWebhookSecret(realEstateId),
    onSuccess: (secret) => {
      queryClient.setQueryData(webhookSecretQueryOptions(realEstateId).queryKey, secret);
    },
  });
}
