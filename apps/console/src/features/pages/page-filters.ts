/**
 * The /paginas list keeps its state in the URL (shareable links, the back button works). The keys
 * are the API's own (`search`, `status`, `purpose`, `page`, `per_page`), so a URL reads like the request
 * it makes. Parsing is forgiving (an unknown value is dropped) and defaults never reach the URL.
 */
import {
  PAGE_PURPOSES,
  PAGE_STATUSES,
  PAGES_DEFAULT_PER_PAGE,
  type PagePurpose,
  type PageStatus,
} from '@vitrine/contracts';

export const PER_PAGE_OPTIONS = [PAGES_DEFAULT_PER_PAGE, 30, 50, 100] as const;
const MAX_PER_PAGE = 100;
const SEARCH_MAX = 120;

export interface PageFilters {
  search: string;
  status: PageStatus | '';
  purpose: PagePurpose | '';
  page: number;
  perPage: number;
}

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | '' =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : '';
const positiveInt = (v: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = v === null ? NaN : Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

export function parsePageFilters(params: URLSearchParams): PageFilters {
  return {
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_MAX),
    status: oneOf(PAGE_STATUSES, params.get('status')),
    purpose: oneOf(PAGE_PURPOSES, params.get('purpose')),
    page: positiveInt(params.get('page'), 1),
    perPage: positiveInt(params.get('per_page'), PAGES_DEFAULT_PER_PAGE, MAX_PER_PAGE),
  };
}

/** The list request's query: only what differs from the server's defaults, plus page and per_page. */
export function pageListParams(filters: PageFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { page: filters.page, per_page: filters.perPage };
  if (filters.search) params.search = filters.search;
  if (filters.status) params.status = filters.status;
  if (filters.purpose) params.purpose = filters.purpose;
  return params;
}

export const hasActiveFilters = (filters: PageFilters) =>
  filters.search !== '' || filters.status !== '' || filters.purpose !== '';

export type FiltersPatch = Partial<Omit<PageFilters, 'page' | 'perPage'>> & {
  page?: number;
  perPage?: number;
};

/**
 * The next query string: the patch applied, defaults removed, and back to page 1 whenever a filter
 * or the page size changes (page 4 of another filter is rarely what anyone wants).
 */
export function patchFilterParams(prev: URLSearchParams, patch: FiltersPatch): URLSearchParams {
  const next = new URLSearchParams(prev);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  let resetPage = false;
  if (patch.search !== undefined) {
    set('search', patch.search.trim().slice(0, SEARCH_MAX));
    resetPage = true;
  }
  if (patch.status !== undefined) {
    set('status', patch.status);
    resetPage = true;
  }
  if (patch.purpose !== undefined) {
    set('purpose', patch.purpose);
    resetPage = true;
  }
  if (patch.perPage !== undefined) {
    set('per_page', patch.perPage === PAGES_DEFAULT_PER_PAGE ? '' : String(patch.perPage));
    resetPage = true;
  }
  if (patch.page !== undefined) set('page', patch.page > 1 ? String(patch.page) : '');
  else if (resetPage) next.delete('page');
  return next;
}

export function clearFilterParams(prev: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const key of ['search', 'status', 'purpose', 'page']) next.delete(key);
  return next;
}
