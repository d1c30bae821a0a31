import type { CreateRealEstateBody } from '@vitrine/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** POST /v1/real-estates {name} → 201 {data: RealEstate} */
export async function createRealEstate(body: CreateRealEstateBody) {
  return (await call('createRealEstate', { body })).data;
}

export function useCreateRealEstate() {
  return useMutation({ mutationFn: createRealEstate });
}
