import type { Role } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { useTeamMutation } from './use-team-mutation';

/** PUT /v1/real-estates/{id}/users/{userId} {user_id, role} → {data: Member} */
export const useChangeRole = (realEstateId: number) =>
  useTeamMutation(realEstateId, async ({ userId, role }: { userId: number; role: Role }) => {
    const answer = await call('updateMember', {
      params: { id: realEstateId, userId },
      body: { user_id: userId, role },
    });
    return answer.data;
  });
