/**
 * The /paginas list keeps its state in the URL (useUrlState), read through the list endpoint's own
 * query schema: the keys are the API's (`search`, `status`, `purpose`, `page`, `per_page`), so a URL
 * reads like the request it makes.
 */
import { pageListQuery, pageQuery, PAGES_DEFAULT_PER_PAGE } from '@vitrine/contracts';
import type { UrlPatch, UrlValues } from '@/lib/use-url-state';

export const PER_PAGE_OPTIONS = [PAGES_DEFAULT_PER_PAGE, 30, 50, 100] as const;

export const pagesUrlSchema = pageQuery(PAGES_DEFAULT_PER_PAGE).extend(pageListQuery.shape);
/** '' is "any". */
export const PAGES_URL_DEFAULTS = { search: '', status: '', purpose: '' } as const;
export type PageFilters = UrlValues<typeof pagesUrlSchema, typeof PAGES_URL_DEFAULTS>;

/** The list request's query: only what differs from the server's defaults, plus page and per_page. */
export function pageListParams(filters: PageFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { page: filters.page, per_page: filters.per_page };
  if (filters.search) params.search = filters.search;
  if (filters.status) params.status = filters.status;
  if (filters.purpose) params.purpose = filters.purpose;
  return params;
}

export const hasActiveFilters = (filters: PageFilters) =>
  filters.search !== '' || filters.status !== '' || filters.purpose !== '';

/** Clearing removes the filters (and so the page) but keeps the page size. */
export const CLEAR_PAGE_FILTERS: UrlPatch = { search: null, status: null, purpose: null };
