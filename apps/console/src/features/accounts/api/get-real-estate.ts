import type { RealEstate } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id} → {data: RealEstate} */
export async function getRealEstate(id: number): Promise<RealEstate> {
  const response = await api.get<{ data: RealEstate }>(`/v1/real-estates/${id}`);
  return response.data.data;
}

export const realEstateQueryOptions = (id: number) =>
  queryOptions({ queryKey: agencyKey(id, 'profile'), queryFn: () => getRealEstate(id) });

export function useRealEstate(id: number) {
  return useQuery(realEstateQueryOptions(id));
}
