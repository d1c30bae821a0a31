import { describe, expect, it } from 'vitest';
import { chartPeriod, countPerDay, MAX_CHART_DAYS } from './leads-per-day';

describe('leads per day', () => {
  it('charts the last 30 days when no period is filtered', () => {
    expect(chartPeriod({ from: '', to: '' }, '2025-03-31')).toEqual({
      from: '2025-03-02',
      to: '2025-03-31',
      clipped: false,
    });
  });

  it('follows the filtered period, and says when it had to shorten it', () => {
    expect(chartPeriod({ from: '2025-01-01', to: '2025-01-10' }, '2025-03-31')).toEqual({
      from: '2025-01-01',
      to: '2025-01-10',
      clipped: false,
    });
    const long = chartPeriod({ from: '2024-01-01', to: '2025-01-10' }, '2025-03-31')!;
    expect(long.clipped).toBe(true);
    expect(long.to).toBe('2025-01-10');
    expect(countPerDay([], long)).toHaveLength(MAX_CHART_DAYS);
    expect(chartPeriod({ from: '2025-02-01', to: '2025-01-01' }, '2025-03-31')).toBeNull();
  });

  it('counts by São Paulo day, zero-filled', () => {
    const days = countPerDay(
      [
        { created_at: '2025-01-02T02:00:00Z' }, // 01/01 23:00 in São Paulo
        { created_at: '2025-01-02T12:00:00Z' },
        { created_at: '2025-01-02T13:00:00Z' },
        { created_at: '2024-12-01T13:00:00Z' }, // outside
      ],
      { from: '2025-01-01', to: '2025-01-03', clipped: false },
    );
    expect(days).toEqual([
      { day: '2025-01-01', count: 1 },
      { day: '2025-01-02', count: 2 },
      { day: '2025-01-03', count: 0 },
    ]);
  });
});
