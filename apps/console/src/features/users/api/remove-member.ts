import { call } from '@/lib/api-client';
import { useTeamMutation } from './use-team-mutation';

/** DELETE /v1/real-estates/{id}/users/{userId} {user_id} → 204 */
export const useRemoveMember = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (userId: number) => {
    await call('removeMember', { params: { id: realEstateId, userId }, body: { user_id: userId } });
  });
