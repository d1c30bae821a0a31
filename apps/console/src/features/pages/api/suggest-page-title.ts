import type { Page } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useStorePage } from './update-page';

/**
 * PATCH /v1/pages/{id}/get-title: the server suggests a title from the saved facts and saves it →
 * {data: Page, suggested_title}. Called only once the agent accepted the suggestion (the editor
 * shows it first, built from the same shared function).
 */
export async function suggestPageTitleOnServer(pageId: number): Promise<Page> {
  const answer = await call('suggestPageTitle', { params: { id: pageId } });
  return answer.data;
}

export function useSuggestPageTitle(realEstateId: number, pageId: number) {
  const store = useStorePage(realEstateId);
  return useMutation({ mutationFn: () => suggestPageTitleOnServer(pageId), onSuccess: store });
}
