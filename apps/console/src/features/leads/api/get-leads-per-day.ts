import { useQuery } from '@tanstack/react-query';
import {
  CHART_PAGE_SIZE,
  countPerDay,
  MAX_CHART_LEADS,
  type ChartPeriod,
  type DayCount,
} from '../leads-per-day';
import { getLeads } from './get-leads';
import { leadsKeys } from './keys';

export type LeadsPerDay =
  { kind: 'counted'; days: DayCount[]; total: number } | { kind: 'too-many'; total: number };

/** Every lead of the period (same filters as the list), at most MAX_CHART_LEADS of them. */
export async function getLeadsPerDay(
  realEstateId: number,
  filters: Record<string, string>,
  period: ChartPeriod,
  signal?: AbortSignal,
): Promise<LeadsPerDay> {
  const params = { ...filters, from: period.from, to: period.to, per_page: CHART_PAGE_SIZE };
  const first = await getLeads(realEstateId, { ...params, page: 1 }, signal);
  const total = first.meta.total;
  if (total > MAX_CHART_LEADS) return { kind: 'too-many', total };
  const rest = await Promise.all(
    Array.from({ length: Math.max(first.meta.last_page - 1, 0) }, (_, i) =>
      getLeads(realEstateId, { ...params, page: i + 2 }, signal),
    ),
  );
  const leads = [first, ...rest].flatMap((p) => p.data);
  return { kind: 'counted', days: countPerDay(leads, period), total };
}

export function useLeadsPerDay(realEstateId: number, filters: Record<string, string>, period: ChartPeriod) {
  const key = { ...filters, from: period.from, to: period.to };
  return useQuery({
    queryKey: leadsKeys.perDay(realEstateId, key),
    queryFn: ({ signal }) => getLeadsPerDay(realEstateId, filters, period, signal),
    staleTime: 60_000,
  });
}
