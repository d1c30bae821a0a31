import type { CreateRealEstateBody, RealEstate } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /v1/real-estates {name} → 201 {data: RealEstate} */
export async function createRealEstate(body: CreateRealEstateBody): Promise<RealEstate> {
  const response = await api.post<{ data: RealEstate }>('/v1/real-estates', body);
  return response.data.data;
}

export function useCreateRealEstate() {
  return useMutation({ mutationFn: createRealEstate });
}
