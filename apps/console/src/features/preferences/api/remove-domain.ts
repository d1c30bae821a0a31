import { call } from '@/lib/api-client';
import { useDomainMutation } from './domain-keys';

/** DELETE /v1/real-estates/{id}/domains/{domainId} → 204 */
export const useRemoveDomain = (realEstateId: number) =>
  useDomainMutation(realEstateId, async (domainId: number) => {
    await call('removeDomain', { params: { id: realEstateId, domainId } });
  });
