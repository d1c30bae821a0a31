/**
 * Query keys of the feature, all under ['agency', id] so that switching accounts drops them.
 * Invalidating `all(id)` refreshes every list and open page of the agency.
 */
import { agencyKey } from '@/lib/query-client';

export const pagesKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'pages'),
  lists: (realEstateId: number) => agencyKey(realEstateId, 'pages', 'list'),
  list: (realEstateId: number, params: Record<string, string | number>) =>
    agencyKey(realEstateId, 'pages', 'list', params),
  detail: (realEstateId: number, pageId: number) => agencyKey(realEstateId, 'pages', 'detail', pageId),
  preview: (realEstateId: number, pageId: number, version: string) =>
    agencyKey(realEstateId, 'pages', 'detail', pageId, 'preview', version),
  imports: (realEstateId: number) => agencyKey(realEstateId, 'catalog-imports'),
  import: (realEstateId: number, importId: string) => agencyKey(realEstateId, 'catalog-imports', importId),
};
