import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** DELETE /v1/pages/{id} → 204 */
export async function deletePage(pageId: number): Promise<void> {
  await call('deletePage', { params: { id: pageId } });
}

/** DELETE /v1/pages/many {ids} → {data: {deleted}} (ids of other agencies are ignored by the server). */
export async function deletePages(ids: number[]): Promise<number> {
  const answer = await call('deleteManyPages', { body: { ids } });
  return answer.data.deleted;
}

export function useDeletePage(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePage,
    onSuccess: (_void, pageId) => {
      queryClient.removeQueries({ queryKey: pagesKeys.detail(realEstateId, pageId) });
      void queryClient.invalidateQueries({ queryKey: pagesKeys.lists(realEstateId) });
    },
  });
}

export function useDeletePages(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePages,
    onSuccess: (_deleted, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: pagesKeys.detail(realEstateId, id) });
      void queryClient.invalidateQueries({ queryKey: pagesKeys.lists(realEstateId) });
    },
  });
}
