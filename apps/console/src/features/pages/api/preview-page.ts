import type { Page, UpdatePageInput } from '@vitrine/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { pagesKeys } from './keys';

/**
 * POST /v1/pages/{id}/preview: the public page as the server renders it from the fields sent (the
 * editor's unsaved form, validated like PUT), without scripts and saved nowhere → its HTML.
 */
export async function previewPage(
  pageId: number,
  fields: UpdatePageInput,
  signal?: AbortSignal,
): Promise<string> {
  const html = await call(
    'previewPage',
    { params: { id: pageId }, body: fields },
    {
      signal,
      responseType: 'text',
      headers: { Accept: 'text/html' },
      transformResponse: (data: unknown) => data,
    },
  );
  return String(html);
}

/**
 * Keyed by the fields and the stored page (photos are saved at once, so a new photo changes
 * `updated_at`). The previous preview stays on screen while the next one loads.
 */
export const pagePreviewQueryOptions = (
  realEstateId: number,
  page: Pick<Page, 'id' | 'updated_at'>,
  fields: UpdatePageInput,
) =>
  queryOptions({
    queryKey: pagesKeys.preview(realEstateId, page.id, `${page.updated_at}|${JSON.stringify(fields)}`),
    queryFn: ({ signal }) => previewPage(page.id, fields, signal),
    staleTime: Infinity,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** `fields` null (the form has errors): nothing is asked, the last preview stays. */
export function usePagePreview(
  realEstateId: number,
  page: Pick<Page, 'id' | 'updated_at'>,
  fields: UpdatePageInput | null,
) {
  return useQuery({ ...pagePreviewQueryOptions(realEstateId, page, fields ?? {}), enabled: fields !== null });
}
