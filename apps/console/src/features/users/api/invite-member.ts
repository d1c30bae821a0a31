import type { InviteMemberBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { useTeamMutation } from './use-team-mutation';

/** POST /v1/real-estates/{id}/users {email, role} → 201 {data: Member, message} */
export const useInviteMember = (realEstateId: number) =>
  useTeamMutation(realEstateId, (body: InviteMemberBody) =>
    call('inviteMember', { params: { id: realEstateId }, body }),
  );
