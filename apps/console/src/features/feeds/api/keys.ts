import { agencyKey } from '@/lib/query-client';

/** The feeds' query keys, under the agency's key. */
export const feedKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'feeds'),
  overview: (realEstateId: number) => agencyKey(realEstateId, 'feeds', 'overview'),
  /** `version`: the page's updated_at, so a saved edit re-runs the checks. */
  page: (realEstateId: number, pageId: number, version?: string) =>
    agencyKey(realEstateId, 'feeds', 'page', pageId, ...(version ? [version] : [])),
};
