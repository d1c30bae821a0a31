import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectMetaLeadAdsInput } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { metaLeadAdsQueryOptions } from './get-meta-lead-ads';

/** PUT /v1/real-estates/{id}/lead-sources/meta {page_id, page_access_token}: checked against the Graph API. */
export async function connectMetaLeadAds(realEstateId: number, body: ConnectMetaLeadAdsInput) {
  return call('connectMetaLeadAds', { params: { id: realEstateId }, body });
}

export function useConnectMetaLeadAds(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectMetaLeadAdsInput) => connectMetaLeadAds(realEstateId, body),
    onSuccess: (answer) =>
      queryClient.setQueryData(metaLeadAdsQueryOptions(realEstateId).queryKey, answer.data),
  });
}
