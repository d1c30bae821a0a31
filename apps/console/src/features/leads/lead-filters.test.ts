import { LEADS_DEFAULT_PAGE, LEADS_DEFAULT_PER_PAGE } from '@vitrine/contracts';
import { describe, expect, it } from 'vitest';
import { patchUrlState, readUrlState, type UrlPatch } from '@/lib/use-url-state';
import {
  clearFilters,
  deliveryFiltersOf,
  deliveryListParams,
  hasLeadFilters,
  leadFiltersOf,
  leadListParams,
  LEADS_URL_DEFAULTS,
  LEADS_URL_OPTIONS,
  leadsUrlSchema,
  paramsForTab,
} from './lead-filters';

const q = (s: string) => new URLSearchParams(s);
/** What the screen reads and writes (useUrlState with the leads schema). */
const read = (params: URLSearchParams) => readUrlState(leadsUrlSchema, LEADS_URL_DEFAULTS, params);
const parseLeadFilters = (params: URLSearchParams) => leadFiltersOf(read(params));
const parseDeliveryFilters = deliveryFiltersOf;
const parseTab = (params: URLSearchParams) => read(params).tab;
const patchParams = (params: URLSearchParams, patch: UrlPatch) =>
  patchUrlState(leadsUrlSchema, LEADS_URL_DEFAULTS, params, patch, LEADS_URL_OPTIONS);

describe('lead filters in the URL', () => {
  it('defaults to page 1 and 25 per page and sends them', () => {
    const filters = parseLeadFilters(q(''));
    expect(filters.page).toBe(LEADS_DEFAULT_PAGE);
    expect(filters.perPage).toBe(LEADS_DEFAULT_PER_PAGE);
    expect(leadListParams(filters)).toEqual({ page: 1, per_page: 25 });
    expect(hasLeadFilters(filters)).toBe(false);
  });

  it('reads every filter with the API names', () => {
    const filters = parseLeadFilters(
      q(
        'search=maria&status=ganho&page_id=7&source=landing_page&from=2025-01-01&to=2025-01-31&quarantined=1&include_tests=1&page=3&per_page=50',
      ),
    );
    expect(leadListParams(filters)).toEqual({
      search: 'maria',
      status: 'ganho',
      page_id: '7',
      source: 'landing_page',
      from: '2025-01-01',
      to: '2025-01-31',
      quarantined: '1',
      include_tests: '1',
      page: 3,
      per_page: 50,
    });
  });

  it('drops values it does not understand instead of failing', () => {
    const filters = parseLeadFilters(q('status=vendido&page_id=abc&from=01/02/2025&page=-2&per_page=1000'));
    expect(filters.status).toBe('');
    expect(filters.pageId).toBe('');
    expect(filters.from).toBe('');
    expect(filters.page).toBe(1);
    // Over the API's maximum page size (100): refused by its schema, so the default.
    expect(filters.perPage).toBe(LEADS_DEFAULT_PER_PAGE);
  });

  it('a filter change goes back to page 1 and never writes defaults', () => {
    const next = patchParams(q('page=4&status=novo'), { status: 'ganho' });
    expect(next.toString()).toBe('status=ganho');
    expect(patchParams(q('status=novo'), { page: 2 }).toString()).toBe('status=novo&page=2');
    expect(patchParams(q('page=2'), { page: 1 }).toString()).toBe('');
    expect(patchParams(q('per_page=50'), { per_page: 25 }).toString()).toBe('');
    expect(patchParams(q('quarantined=1'), { quarantined: false }).toString()).toBe('');
    expect(patchParams(q(''), { include_tests: true }).toString()).toBe('include_tests=1');
  });

  it('opening a lead keeps the page', () => {
    expect(patchParams(q('page=3'), { lead: 'abc' }).toString()).toBe('page=3&lead=abc');
  });

  it('clearing keeps the tab and the open lead', () => {
    expect(clearFilters(q('search=x&status=novo&page=2&lead=abc')).toString()).toBe('lead=abc');
    expect(clearFilters(q('tab=entregas&status=failed&integration=arbo&page=2')).toString()).toBe(
      'tab=entregas',
    );
  });

  it('the deliveries tab has its own filters', () => {
    const params = q('tab=entregas&integration=webhook&status=failed');
    expect(parseTab(params)).toBe('entregas');
    expect(deliveryListParams(parseDeliveryFilters(params))).toEqual({
      integration: 'webhook',
      status: 'failed',
      page: 1,
      per_page: 25,
    });
    expect(parseDeliveryFilters(q('status=novo&integration=crm')).status).toBe('');
    expect(paramsForTab(q('status=novo&search=a'), 'entregas').toString()).toBe('tab=entregas');
    expect(paramsForTab(params, 'leads').toString()).toBe('');
  });
});
