import { describe, expect, it } from 'vitest';
import { patchUrlState, type UrlPatch } from '@/lib/use-url-state';
import {
  ANALYTICS_URL_DEFAULTS,
  analyticsFilterParams,
  analyticsListParams,
  analyticsPatch,
  analyticsUrlSchema,
  CLEAR_ANALYTICS_FILTERS,
  parseAnalyticsFilters,
  periodText,
  previousRange,
} from './analytics-filters';

const TODAY = '2025-03-10';
const parse = (qs: string) => parseAnalyticsFilters(new URLSearchParams(qs), TODAY);
/** What the screen's setter writes (useUrlState with the analytics schema). */
const patchAnalyticsParams = (params: URLSearchParams, patch: UrlPatch) =>
  patchUrlState(analyticsUrlSchema, ANALYTICS_URL_DEFAULTS, params, analyticsPatch(patch));
const clearAnalyticsFilters = (params: URLSearchParams) =>
  patchAnalyticsParams(params, CLEAR_ANALYTICS_FILTERS);

describe('analytics filters in the URL', () => {
  it('defaults to the last 30 days ending today, page 1, no filters', () => {
    const f = parse('');
    expect(f).toMatchObject({
      period: '30d',
      from: '2025-02-09',
      to: TODAY,
      days: 30,
      page: 1,
      pageId: '',
      source: '',
      device: '',
    });
    expect(analyticsListParams(f)).toEqual({ from: '2025-02-09', to: TODAY, page: 1 });
  });

  it('resolves each preset to days ending today', () => {
    expect(parse('periodo=hoje')).toMatchObject({ from: TODAY, to: TODAY, days: 1 });
    expect(parse('periodo=7d')).toMatchObject({ from: '2025-03-04', to: TODAY, days: 7 });
    expect(parse('periodo=90d')).toMatchObject({ from: '2024-12-11', to: TODAY, days: 90 });
  });

  it('reads a custom period, swaps reversed days and caps its length', () => {
    expect(parse('periodo=personalizado&from=2025-01-01&to=2025-01-31')).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
      days: 31,
    });
    expect(parse('periodo=personalizado&from=2025-01-31&to=2025-01-01')).toMatchObject({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    // The API answers at most 400 days.
    expect(parse('periodo=personalizado&from=2020-01-01&to=2025-01-01')).toMatchObject({
      from: '2023-11-29',
      to: '2025-01-01',
      days: 400,
    });
    // Only a start: up to today.
    expect(parse('periodo=personalizado&from=2025-03-01')).toMatchObject({ from: '2025-03-01', to: TODAY });
    // from/to alone (a link from elsewhere) mean a custom period.
    expect(parse('from=2025-02-01&to=2025-02-02').period).toBe('personalizado');
  });

  it('drops what it cannot read instead of failing', () => {
    const f = parse('periodo=semana&from=2025-02-31&page_id=abc&page=-2&device=geladeira');
    expect(f).toMatchObject({ period: '30d', from: '2025-02-09', pageId: '', page: 1, device: '' });
  });

  it('sends the filters with the API names', () => {
    const f = parse('periodo=7d&page_id=3&source=google&device=mobile&page=2');
    expect(analyticsFilterParams(f)).toEqual({
      from: '2025-03-04',
      to: TODAY,
      page_id: '3',
      source: 'google',
      device: 'mobile',
    });
    expect(analyticsListParams(f)).toMatchObject({ page: 2 });
  });

  it('never writes defaults, and a filter change goes back to page 1', () => {
    const start = new URLSearchParams('periodo=7d&source=google&page=3');
    expect(patchAnalyticsParams(start, { device: 'mobile' }).toString()).toBe(
      'periodo=7d&source=google&device=mobile',
    );
    expect(patchAnalyticsParams(start, { periodo: '30d' }).toString()).toBe('source=google');
    expect(patchAnalyticsParams(start, { page: 1 }).toString()).toBe('periodo=7d&source=google');
    expect(patchAnalyticsParams(start, { page: 4 }).toString()).toBe('periodo=7d&source=google&page=4');
    expect(patchAnalyticsParams(start, { source: '' }).toString()).toBe('periodo=7d');
  });

  it('leaving the custom period drops its days', () => {
    const custom = new URLSearchParams('periodo=personalizado&from=2025-01-01&to=2025-01-31');
    expect(patchAnalyticsParams(custom, { periodo: 'hoje' }).toString()).toBe('periodo=hoje');
    expect(patchAnalyticsParams(custom, { to: '2025-02-10' }).toString()).toBe(
      'periodo=personalizado&from=2025-01-01&to=2025-02-10',
    );
  });

  it('clearing keeps the period', () => {
    expect(
      clearAnalyticsFilters(new URLSearchParams('periodo=7d&page_id=3&source=a&device=b&page=2')).toString(),
    ).toBe('periodo=7d');
  });

  it('describes the period and the one before it', () => {
    expect(periodText(parse('periodo=hoje'))).toBe('Hoje (10/03/2025)');
    expect(periodText(parse('periodo=7d'))).toBe('Últimos 7 dias (04/03/2025 a 10/03/2025)');
    expect(previousRange(parse('periodo=7d'))).toEqual({ from: '2025-02-25', to: '2025-03-03' });
  });
});
