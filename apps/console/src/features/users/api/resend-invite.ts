import { call } from '@/lib/api-client';
import { useTeamMutation } from './use-team-mutation';

/** POST /v1/users/{id}/resend-invite → {data: Member, message} */
export const useResendInvite = (realEstateId: number) =>
  useTeamMutation(realEstateId, (userId: number) => call('resendInvite', { params: { id: userId } }));
