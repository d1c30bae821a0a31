import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /v1/real-estates/{id}/team-settings → {data: TeamSettings} */
export const useTeamSettings = (realEstateId: number) =>
  useQuery({
    queryKey: teamKeys.settings(realEstateId),
    queryFn: async ({ signal }) =>
      (await call('getTeamSettings', { params: { id: realEstateId } }, { signal })).data,
  });
