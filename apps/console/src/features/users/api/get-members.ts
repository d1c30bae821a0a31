import { USERS_DEFAULT_PER_PAGE } from '@vitrine/contracts/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { teamKeys, type MembersFilters } from './keys';

/**
 * GET /v1/real-estates/{id}/users?page&per_page&search (role and status filters too; docs/product.md#team).
 */
export function getMembers(
  realEstateId: number,
  f: MembersFilters,
  signal?: AbortSignal,
  perPage = USERS_DEFAULT_PER_PAGE,
) {
  const search = f.search.trim();
  return call(
    'listMembers',
    {
      params: { id: realEstateId },
      query: {
        page: f.page,
        per_page: perPage,
        ...(search ? { search } : {}),
        ...(f.role ? { role: f.role } : {}),
        ...(f.status ? { status: f.status } : {}),
      },
    },
    { signal },
  );
}

export const membersQueryOptions = (realEstateId: number, f: MembersFilters) =>
  queryOptions({
    queryKey: teamKeys.members(realEstateId, f),
    queryFn: ({ signal }) => getMembers(realEstateId, f, signal),
    placeholderData: keepPreviousData,
  });

export const useMembers = (realEstateId: number, f: MembersFilters) =>
  useQuery(membersQueryOptions(realEstateId, f));

/** Every active member (assignment and rotation pickers). */
export const useActiveMembers = (realEstateId: number, enabled = true) =>
  useQuery({
    queryKey: teamKeys.activeMembers(realEstateId),
    queryFn: ({ signal }) =>
      getMembers(realEstateId, { page: 1, search: '', role: '', status: 'active' }, signal, 100),
    enabled,
  });
