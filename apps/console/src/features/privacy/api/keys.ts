import { agencyKey } from '@/lib/query-client';

/** The privacy screen's query keys: everything under one agency key, so an erasure refreshes it all. */
export const privacyKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'privacy'),
  requests: (realEstateId: number, page: number) => agencyKey(realEstateId, 'privacy', 'requests', page),
  retention: (realEstateId: number) => agencyKey(realEstateId, 'privacy', 'retention'),
};
