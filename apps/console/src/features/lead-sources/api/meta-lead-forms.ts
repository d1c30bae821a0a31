import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMetaLeadFormsInput } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { metaLeadAdsQueryOptions } from './get-meta-lead-ads';

/** GET /v1/real-estates/{id}/lead-sources/meta/forms: the page's lead forms read again from Meta. */
export async function refreshMetaLeadForms(realEstateId: number) {
  return call('listMetaLeadForms', { params: { id: realEstateId } });
}

/** PUT /v1/real-estates/{id}/lead-sources/meta/forms {forms: [{form_id, page_id}]}: the page of each form. */
export async function saveMetaLeadForms(realEstateId: number, body: UpdateMetaLeadFormsInput) {
  return call('updateMetaLeadForms', { params: { id: realEstateId }, body });
}

export function useRefreshMetaLeadForms(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshMetaLeadForms(realEstateId),
    onSuccess: (answer) =>
      queryClient.setQueryData(metaLeadAdsQueryOptions(realEstateId).queryKey, answer.data),
  });
}

export function useSaveMetaLeadForms(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMetaLeadFormsInput) => saveMetaLeadForms(realEstateId, body),
    onSuccess: (answer) =>
      queryClient.setQueryData(metaLeadAdsQueryOptions(realEstateId).queryKey, answer.data),
  });
}
