import { describe, expect, it } from 'vitest';
import { patchUrlState, readUrlState, type UrlPatch } from '@/lib/use-url-state';
import {
  CLEAR_PAGE_FILTERS,
  hasActiveFilters,
  pageListParams,
  PAGES_URL_DEFAULTS,
  pagesUrlSchema,
} from './page-filters';

const qs = (s: string) => new URLSearchParams(s);
const parsePageFilters = (params: URLSearchParams) =>
  readUrlState(pagesUrlSchema, PAGES_URL_DEFAULTS, params);
const patchFilterParams = (params: URLSearchParams, patch: UrlPatch) =>
  patchUrlState(pagesUrlSchema, PAGES_URL_DEFAULTS, params, patch);

describe('/paginas filters in the URL', () => {
  it('reads defaults from an empty query', () => {
    const f = parsePageFilters(qs(''));
    expect(f).toEqual({ search: '', status: '', purpose: '', page: 1, per_page: 15 });
    expect(pageListParams(f)).toEqual({ page: 1, per_page: 15 });
    expect(hasActiveFilters(f)).toBe(false);
  });

  it('reads valid values and drops unknown ones', () => {
    const f = parsePageFilters(qs('search=Pinheiros&status=published&purpose=rent&page=3&per_page=50'));
    expect(pageListParams(f)).toEqual({
      page: 3,
      per_page: 50,
      search: 'Pinheiros',
      status: 'published',
      purpose: 'rent',
    });
    // A page size over the API's maximum (100) is refused by its schema, so it reads as the default.
    const bad = parsePageFilters(qs('status=archived&purpose=swap&page=-2&per_page=1000'));
    expect(bad).toMatchObject({ status: '', purpose: '', page: 1, per_page: 15 });
  });

  it('a new filter goes back to page 1 and defaults leave the URL', () => {
    const next = patchFilterParams(qs('page=4&status=draft'), { status: 'published' });
    expect(next.toString()).toBe('status=published');
    expect(patchFilterParams(qs('status=draft'), { status: '' }).toString()).toBe('');
    expect(patchFilterParams(qs('search=x'), { page: 2 }).toString()).toBe('search=x&page=2');
    expect(patchFilterParams(qs('page=2'), { page: 1 }).toString()).toBe('');
    expect(patchFilterParams(qs('page=2'), { per_page: 15 }).toString()).toBe('');
    expect(patchFilterParams(qs(''), { search: '  casa  ' }).toString()).toBe('search=casa');
  });

  it('clears the filters but keeps the page size', () => {
    expect(
      patchFilterParams(
        qs('search=a&status=sold&purpose=sale&page=2&per_page=50'),
        CLEAR_PAGE_FILTERS,
      ).toString(),
    ).toBe('per_page=50');
  });
});
