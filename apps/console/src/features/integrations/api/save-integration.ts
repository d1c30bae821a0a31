import type { IntegrationName, IntegrationView } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { normalizeIntegration, type AnyPayload } from '../integrations-state';

export interface SaveIntegrationInput {
  name: IntegrationName;
  is_active: boolean;
  payload: AnyPayload;
}

/**
 * PUT /v1/real-estates/{id}/integrations with {name, is_active, payload}
 * (docs/product.md#integration-auto-save) → {data: Integration, message}. The screen calls it from its
 * auto-save, not through a mutation hook: saves of one integration are chained so that they reach the server
 * in order.
 */
export async function saveIntegration(
  realEstateId: number,
  body: SaveIntegrationInput,
): Promise<IntegrationView> {
  const answer = await call('updateIntegrations', { params: { id: realEstateId }, body });
  return normalizeIntegration(body.name, answer.data);
}
