import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { leaveFor } from '@/lib/leave-for';
import { metaLeadAdsQueryOptions } from './get-meta-lead-ads';

/**
 * "Conectar com Facebook" (docs/lead-sources.md#how-an-agency-connects-its-page): POST …/meta/oauth → the
 * Facebook Login dialog's URL, where the browser goes; Facebook sends it back to /origens?facebook=….
 */
export function useStartMetaOAuth(realEstateId: number) {
  return useMutation({
    mutationFn: () => call('startMetaOAuth', { params: { id: realEstateId } }),
    onSuccess: (answer) => leaveFor(answer.data.url),
  });
}

/** POST …/meta/oauth/page {page_id}: connects the page chosen from the list (its token stays on the server). */
export function useConnectMetaOAuthPage(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pageId: string) =>
      call('connectMetaOAuthPage', { params: { id: realEstateId }, body: { page_id: pageId } }),
    onSuccess: (answer) =>
      queryClient.setQueryData(metaLeadAdsQueryOptions(realEstateId).queryKey, answer.data),
  });
}

/** DELETE …/meta/oauth → 204: forgets the pages brought back from Facebook. */
export function useDiscardMetaOAuth(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('discardMetaOAuth', { params: { id: realEstateId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: metaLeadAdsQueryOptions(realEstateId).queryKey }),
  });
}
