import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { teamKeys } from './keys';

/** GET /v1/real-estates/{id}/audit-log (owner) */
export const useTeamAudit = (realEstateId: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.audit(realEstateId, page),
    queryFn: ({ signal }) =>
      call('listAuditLog', { params: { id: realEstateId }, query: { page, per_page: 10 } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
