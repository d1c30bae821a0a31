import { useQuery } from '@tanstack/react-query';
import type { Lead } from '@vitrine/contracts';
import { getLeads } from './get-leads';
import { leadsKeys } from './keys';

export interface WaitingLeads {
  /** Oldest first: the one waiting longest for a first answer leads. */
  leads: Lead[];
  total: number;
}

/**
 * The `limit` leads with status "novo" that have waited longest. The list endpoint answers newest
 * first, so the oldest are on its last page (and, when that page is short, the one before): at most
 * three small requests, and no sort parameter the API would have to grow for the Dashboard alone.
 */
export async function getWaitingLeads(
  realEstateId: number,
  limit: number,
  signal?: AbortSignal,
): Promise<WaitingLeads> {
  const base = { status: 'novo', per_page: limit };
  const first = await getLeads(realEstateId, { ...base, page: 1 }, signal);
  const { total, last_page: lastPage } = first.meta;
  if (lastPage <= 1) return { leads: [...first.data].reverse(), total };
  const last = await getLeads(realEstateId, { ...base, page: lastPage }, signal);
  let tail = last.data;
  if (tail.length < limit && lastPage > 2) {
    const before = await getLeads(realEstateId, { ...base, page: lastPage - 1 }, signal);
    tail = [...before.data, ...tail];
  } else if (tail.length < limit) {
    tail = [...first.data, ...tail];
  }
  return { leads: tail.slice(-limit).reverse(), total };
}

export function useWaitingLeads(realEstateId: number, limit: number) {
  return useQuery({
    // Under the lists' key: a status change (or a new lead) refreshes it with them.
    queryKey: [...leadsKeys.lists(realEstateId), 'waiting', limit],
    queryFn: ({ signal }) => getWaitingLeads(realEstateId, limit, signal),
  });
}
