import { agencyKey } from '@/lib/query-client';

export const videosKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'videos'),
  page: (realEstateId: number, pageId: number) => agencyKey(realEstateId, 'videos', 'page', pageId),
};
