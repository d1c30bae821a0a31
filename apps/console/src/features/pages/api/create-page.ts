import type { CreatePageInput, Page } from '@vitrine/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/** POST /v1/real-estates/{id}/pages {page: {...}} → 201 {data: Page}; `{title}` alone makes a draft. */
export async function createPage(realEstateId: number, page: CreatePageInput): Promise<Page> {
  const answer = await call('createPage', { params: { id: realEstateId }, body: { page } });
  return answer.data;
}

export function useCreatePage(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: CreatePageInput) => createPage(realEstateId, page),
    onSuccess: (page) => {
      queryClient.setQueryData(pagesKeys.detail(realEstateId, page.id), page);
      void queryClient.invalidateQueries({ queryKey: pagesKeys.lists(realEstateId) });
    },
  });
}
