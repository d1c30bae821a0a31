import type { Page, UpdatePageInput } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** PUT /v1/pages/{id} with any subset of the fields (null clears; `{status}` alone publishes) → {data: Page} */
export async function updatePage(pageId: number, fields: UpdatePageInput): Promise<Page> {
  const answer = await call('updatePage', { params: { id: pageId }, body: fields });
  return answer.data;
}

/** Keeps the open page and every list of the agency in step with a page the server just answered. */
export function useStorePage(realEstateId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (page: Page) => {
      queryClient.setQueryData(pagesKeys.detail(realEstateId, page.id), page);
      void queryClient.invalidateQueries({ queryKey: pagesKeys.lists(realEstateId) });
    },
    [queryClient, realEstateId],
  );
}

export function useUpdatePage(realEstateId: number, pageId: number) {
  const store = useStorePage(realEstateId);
  return useMutation({
    mutationFn: (fields: UpdatePageInput) => updatePage(pageId, fields),
    onSuccess: store,
  });
}
