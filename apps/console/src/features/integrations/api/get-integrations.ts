import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';
import type { IntegrationView } from '@vitrine/contracts';
import { normalizeIntegrations } from '../integrations-state';

/**
 * GET /v1/real-estates/{id}/integrations. The answer is read at `response.data.data.integrations` (axios'
 * `response.data` is the body `{data: {integrations}}`); missing entries and `[]` payloads get
 * the defaults (docs/product.md#integration-payloads).
 */
export async function getIntegrations(realEstateId: number): Promise<IntegrationView[]> {
  const answer = await call('getIntegrations', { params: { id: realEstateId } });
  return normalizeIntegrations(answer.data.integrations);
}

export const integrationsQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'integrations'),
    queryFn: () => getIntegrations(realEstateId),
    // The form is built once from this answer: always start from what the server holds now.
    staleTime: 0,
    gcTime: 0,
  });

export function useIntegrations(realEstateId: number) {
  return useQuery(integrationsQueryOptions(realEstateId));
}
