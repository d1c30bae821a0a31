/**
 * Integrações: settings (owner and admin), the connectivity test, the webhook signing secret. The test
 * lead the screen sends is a lead like any other: leads.routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { INTEGRATION_LABELS, type IntegrationName } from '@vitrine/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import type { Deps } from '../../deps.ts';
import {
  ensureWebhookSecret,
  listIntegrations,
  parsePayload,
  rotateWebhookSecret,
  saveIntegration,
} from './integration-settings.ts';
import { testIntegrations } from './test-integrations.ts';
import { mount } from '../../lib/mount.ts';

/** "Arbo: <why>", unless the adapter's message already starts with the name ("Arbo: …", "Arbo respondeu…"). */
export function namedTestMessage(name: IntegrationName, message: string): string {
  const label = INTEGRATION_LABELS[name];
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

/**
 * Handed over by app.ts: new credentials send the deliveries that were paused for the old ones. The
 * deliveries module calls the integrations' adapters (it imports this one), so integrations never
 * imports deliveries back.
 */
export interface IntegrationRoutesOptions {
  resumePausedDeliveries(
    deps: Pick<Deps, 'db' | 'queue'>,
    realEstateId: number,
    name: IntegrationName,
  ): Promise<unknown>;
}

export default async function integrationRoutes(
  app: FastifyInstance,
  { resumePausedDeliveries }: IntegrationRoutesOptions,
) {
  const { deps } = app;

  mount(app, 'getIntegrations', async (request) => {
    await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: { integrations: await listIntegrations(deps, request.params.id) } };
  });

  mount(app, 'updateIntegrations', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const { name } = request.body;
    // is_active: false switches it off and keeps what is stored (docs/product.md#integration-auto-save);
    // without a payload (or with []) nothing else changes. Otherwise is_active follows the content
    // (docs/product.md#integration-auto-save).
    const off = request.body.is_active === false;
    const raw = request.body.payload;
    const keepStored = off && (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0));
    const payload = keepStored ? null : parsePayload(name, raw);
    if (name === 'webhook' && app.config.httpsOnlyTargets) {
      const url = (payload as { url: string } | null)?.url ?? '';
      if (url !== '' && new URL(url).protocol !== 'https:') {
        throw new HttpError(422, 'Use uma URL https:// para o webhook.', {
          'payload.url': ['Use uma URL https:// para o webhook.'],
        });
      }
    }
    const { view, credentialsChanged } = await saveIntegration(deps, {
      realEstateId: membership.realEstateId,
      userId: request.currentUser!.id,
      name,
      payload,
      off,
    });
    if (credentialsChanged && view.is_active)
      await resumePausedDeliveries(deps, membership.realEstateId, name);
    return { data: view, message: 'Configuração salva com sucesso.' };
  });

  mount(app, 'testIntegrations', async (request, reply) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const results = await testIntegrations(deps, {
      realEstateId: membership.realEstateId,
      userId: request.currentUser!.id,
    });
    const failed = results.filter((x) => x.ok === false);
    const active = results.filter((x) => x.is_active);
    if (failed.length) {
      const message = `Falha ao testar: ${failed.map((f) => namedTestMessage(f.name, f.message)).join(' | ')}`;
      return reply.status(422).send({ message, data: { results } });
    }
    const message = active.length
      ? `Integrações testadas com sucesso: ${active.map((a) => INTEGRATION_LABELS[a.name]).join(', ')}.`
      : 'Nenhuma integração ativa para testar.';
    return { message, data: { results } };
  });

  mount(app, 'getWebhookSecret', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    return {
      data: {
        secret: await ensureWebhookSecret(deps, {
          realEstateId: membership.realEstateId,
          userId: request.currentUser!.id,
        }),
      },
    };
  });

  mount(app, 'rotateWebhookSecret', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    return {
      data: {
        secret: await rotateWebhookSecret(deps, {
          realEstateId: membership.realEstateId,
          userId: request.currentUser!.id,
        }),
      },
    };
  });
}
