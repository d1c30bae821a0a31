/**
 * "Testar integrações": each active integration's adapter checks the connection (no lead is sent), and
 * the result is kept on the integration for the status dot.
 */
import { and, eq } from 'drizzle-orm';
import type { IntegrationName } from '@vitrine/contracts';
import { integrations } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { integrationAdapters, type TestResult } from './adapters/index.ts';
import {
  adapterContext,
  ensureWebhookSecret,
  listStoredIntegrations,
  removeSecretValues,
  secretValuesOf,
} from './integration-settings.ts';

export interface IntegrationTestOutcome {
  name: IntegrationName;
  is_active: boolean;
  ok: boolean | null;
  verified: boolean;
  message: string;
}

export async function testIntegrations(
  deps: Pick<Deps, 'db' | 'config' | 'outbound'>,
  input: { realEstateId: number; userId: number },
): Promise<IntegrationTestOutcome[]> {
  const { db, config } = deps;
  // The adapters get the real stored credentials; nothing they say goes back with one in it.
  const stored = await listStoredIntegrations(db, config.appKey, input.realEstateId);
  const webhookSecret = await ensureWebhookSecret(deps, input);
  const ctx = adapterContext(config, deps.outbound, webhookSecret);
  return Promise.all(
    stored.map(async (view): Promise<IntegrationTestOutcome> => {
      if (!view.isActive)
        return { name: view.name, is_active: false, ok: null, verified: false, message: 'Não configurada.' };
      let result: TestResult;
      try {
        const adapter = integrationAdapters[view.name] as (typeof integrationAdapters)['webhook'];
        result = await adapter.test(view.payload as never, ctx);
      } catch (err) {
        result = { ok: false, verified: false, message: `Erro inesperado: ${(err as Error).message}` };
      }
      result = {
        ...result,
        message: removeSecretValues(result.message, secretValuesOf(view.name, view.payload)),
      };
      await db
        .update(integrations)
        .set({ lastTestOk: result.ok, lastTestMessage: result.message, lastTestedAt: new Date() })
        .where(and(eq(integrations.realEstateId, input.realEstateId), eq(integrations.name, view.name)));
      return {
        name: view.name,
        is_active: true,
        ok: result.ok,
        verified: result.verified,
        message: result.message,
      };
    }),
  );
}
