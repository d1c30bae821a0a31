import { call } from '@/lib/api-client';
import { useDomainMutation } from './domain-keys';

/** POST /v1/real-estates/{id}/domains/{domainId}/verify: checks the DNS now. */
export const useVerifyDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, (domainId: number) =>
    call('verifyDomain', { params: { id: realEstateId, domainId } }),
  );
