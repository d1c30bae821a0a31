import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id} → {data: RealEstate} */
export async function getRealEstate(id: number) {
  return (await call('getRealEstate', { params: { id } })).data;
}

export const realEstateQueryOptions = (id: number) =>
  queryOptions({ queryKey: agencyKey(id, 'profile'), queryFn: () => getRealEstate(id) });

export function useRealEstate(id: number) {
  return useQuery(realEstateQueryOptions(id));
}
