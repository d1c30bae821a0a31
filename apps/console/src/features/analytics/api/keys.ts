/** Query keys of the feature, all under ['agency', id] so that switching accounts drops them. */
import { agencyKey } from '@/lib/query-client';

export const analyticsKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'analytics'),
  report: (realEstateId: number, params: Record<string, string | number>) =>
    agencyKey(realEstateId, 'analytics', 'report', params),
  session: (realEstateId: number, sessionId: string) =>
    agencyKey(realEstateId, 'analytics', 'session', sessionId),
};
