import type { UpdateTeamSettingsBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { useTeamMutation } from './use-team-mutation';

/** PUT /v1/real-estates/{id}/team-settings → {data: TeamSettings} */
export const useSaveTeamSettings = (realEstateId: number) =>
  useTeamMutation(realEstateId, async (body: UpdateTeamSettingsBody) => {
    const answer = await call('updateTeamSettings', { params: { id: realEstateId }, body });
    return answer.data;
  });
