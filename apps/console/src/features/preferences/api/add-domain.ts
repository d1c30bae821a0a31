import type { AddCustomDomainInput } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { useDomainMutation } from './domain-keys';

/** POST /v1/real-estates/{id}/domains {hostname} → 201 {data, message} */
export const useAddDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, (body: AddCustomDomainInput) =>
    call('addDomain', { params: { id: realEstateId }, body }),
  );
