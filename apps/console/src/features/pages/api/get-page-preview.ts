import { useQuery } from '@tanstack/react-query';
import { landingPath } from '@vitrine/contracts/paths';
import { api } from '@/lib/api-client';
import { pagesKeys } from './keys';

/**
 * The public page's HTML as visitors get it (GET /imoveis/{slug}), for the editor's preview. Keyed by
 * the page's updated_at and fetched past the browser cache (the page is cached for 60 s publicly), so
 * each save shows at once. 404 for drafts.
 */
export async function getPagePreviewHtml(slug: string, signal?: AbortSignal): Promise<string> {
  const response = await api.get<string>(landingPath(slug), {
    signal,
    responseType: 'text',
    headers: { Accept: 'text/html', 'Cache-Control': 'no-cache' },
    params: { _v: Date.now() },
    transformResponse: (data: unknown) => data,
  });
  return String(response.data);
}

export function usePagePreviewHtml(
  realEstateId: number,
  page: { id: number; slug: string; updated_at: string },
  enabled: boolean,
) {
  return useQuery({
    queryKey: pagesKeys.preview(realEstateId, page.id, `${page.slug}@${page.updated_at}`),
    queryFn: ({ signal }) => getPagePreviewHtml(page.slug, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
