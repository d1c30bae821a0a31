import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetaLeadAds } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/lead-sources/meta → {data}: the page connected, the token's state, the forms. */
export async function getMetaLeadAds(realEstateId: number, signal?: AbortSignal): Promise<MetaLeadAds> {
  const answer = await call('getMetaLeadAds', { params: { id: realEstateId } }, { signal });
  return answer.data;
}

export const metaLeadAdsQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'lead-sources', 'meta'),
    queryFn: ({ signal }) => getMetaLeadAds(realEstateId, signal),
  });

export function useMetaLeadAds(realEstateId: number) {
  return useQuery(metaLeadAdsQueryOptions(realEstateId));
}
