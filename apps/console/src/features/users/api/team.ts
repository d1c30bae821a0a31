/** The team's endpoints (api-contract.md "Team"): members, invitations, roles, lead distribution, audit. */
import type {
  AuditEntry,
  InviteMemberBody,
  Member,
  MemberStatus,
  Paginated,
  Role,
  TeamSettings,
  UpdateTeamSettingsBody,
  User,
} from '@vitrine/contracts';
import { USERS_DEFAULT_PER_PAGE } from '@vitrine/contracts/constants';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

export interface MembersFilters {
  page: number;
  search: string;
  role: Role | '';
  status: MemberStatus | '';
}

export const teamKeys = {
  all: (realEstateId: number) => agencyKey(realEstateId, 'team'),
  members: (realEstateId: number, f: MembersFilters) => agencyKey(realEstateId, 'team', 'members', f),
  settings: (realEstateId: number) => agencyKey(realEstateId, 'team', 'settings'),
  audit: (realEstateId: number, page: number) => agencyKey(realEstateId, 'team', 'audit', page),
};

/** GET /v1/real-estates/{id}/users?page&per_page&search (spec §7; role and status filters too). */
export async function getMembers(
  realEstateId: number,
  f: MembersFilters,
  signal?: AbortSignal,
  perPage = USERS_DEFAULT_PER_PAGE,
): Promise<Paginated<Member>> {
  const params: Record<string, string | number> = { page: f.page, per_page: perPage };
  if (f.search.trim()) params.search = f.search.trim();
  if (f.role) params.role = f.role;
  if (f.status) params.status = f.status;
  const response = await api.get<Paginated<Member>>(`/v1/real-estates/${realEstateId}/users`, {
    params,
    signal,
  });
  return response.data;
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
    queryKey: agencyKey(realEstateId, 'team', 'active-members'),
    queryFn: ({ signal }) =>
      getMembers(realEstateId, { page: 1, search: '', role: '', status: 'active' }, signal, 100),
    enabled,
  });

function useTeamMutation<TInput, TOutput>(realEstateId: number, fn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all(realEstateId) });
    },
  });
}

/** POST /v1/real-estates/{id}/users {email, role} */
export const useInviteMember = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (body: InviteMemberBody) => {
    const response = await api.post<{ data: Member; message?: string }>(
      `/v1/real-estates/${realEstateId}/users`,
      body,
    );
    return response.data;
  });

/** PUT /v1/real-estates/{id}/users/{userId} {user_id, role} */
export const useChangeRole = (realEstateId: number) =>
  useTeamMutation(realEstateId, async ({ userId, role }: { userId: number; role: Role }) => {
    const response = await api.put<{ data: Member }>(`/v1/real-estates/${realEstateId}/users/${userId}`, {
      user_id: userId,
      role,
    });
    return response.data.data;
  });

/** DELETE /v1/real-estates/{id}/users/{userId} {user_id} */
export const useRemoveMember = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (userId: number) => {
    await api.delete(`/v1/real-estates/${realEstateId}/users/${userId}`, { data: { user_id: userId } });
  });

/** POST /v1/users/{id}/resend-invite */
export const useResendInvite = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (userId: number) => {
    const response = await api.post<{ data: Member; message?: string }>(`/v1/users/${userId}/resend-invite`);
    return response.data;
  });

/** GET/PUT /v1/real-estates/{id}/team-settings */
export const useTeamSettings = (realEstateId: number) =>
  useQuery({
    queryKey: teamKeys.settings(realEstateId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TeamSettings }>(`/v1/real-estates/${realEstateId}/team-settings`, { signal }))
        .data.data,
  });

export const useSaveTeamSettings = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (body: UpdateTeamSettingsBody) => {
    const response = await api.put<{ data: TeamSettings }>(
      `/v1/real-estates/${realEstateId}/team-settings`,
      body,
    );
    return response.data.data;
  });

/** GET /v1/real-estates/{id}/audit-log (owner) */
export const useTeamAudit = (realEstateId: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.audit(realEstateId, page),
    queryFn: async ({ signal }) =>
      (
        await api.get<Paginated<AuditEntry>>(`/v1/real-estates/${realEstateId}/audit-log`, {
          params: { page, per_page: 10 },
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });

/** POST /v1/invitations/accept {token} → {user} */
export async function acceptInvitation(token: string): Promise<User> {
  const response = await api.post<{ user: User }>('/v1/invitations/accept', { token });
  return response.data.user;
}
