import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { metaLeadAdsQueryOptions } from './get-meta-lead-ads';

/** DELETE /v1/real-estates/{id}/lead-sources/meta → 204: the page token is erased. */
export async function disconnectMetaLeadAds(realEstateId: number): Promise<void> {
  await call('disconnectMetaLeadAds', { params: { id: realEstateId } });
}

export function useDisconnectMetaLeadAds(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => disconnectMetaLeadAds(realEstateId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: metaLeadAdsQueryOptions(realEstateId).queryKey }),
  });
}
