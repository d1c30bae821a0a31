import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

export interface ListingPage {
  id: number;
  title: string;
  listing_code: string | null;
}

/** The agency's pages to pick a form's listing from (GET /v1/real-estates/{id}/pages, the first 100). */
export async function getListingPages(realEstateId: number, signal?: AbortSignal): Promise<ListingPage[]> {
  const answer = await call(
    'listPages',
    { params: { id: realEstateId }, query: { per_page: 100 } },
    { signal },
  );
  return answer.data.map((p) => ({ id: p.id, title: p.title, listing_code: p.listing_code ?? null }));
}

export function useListingPages(realEstateId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: agencyKey(realEstateId, 'lead-sources', 'listing-pages'),
      queryFn: ({ signal }) => getListingPages(realEstateId, signal),
      enabled,
      staleTime: 60_000,
    }),
  );
}
