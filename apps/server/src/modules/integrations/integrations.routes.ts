/** Integrações: settings (owner and admin), the connectivity test, the webhook signing secret, a test lead. */
import type { FastifyInstance } from 'fastify';
import { INTEGRATION_LABELS, type IntegrationName } from '@vitrine/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { resumePausedDeliveries } from '../deliveries/index.ts';
import { captureLead } from '../leads/index.ts';
import {
  ensureWebhookSecret,
  listIntegrations,
  parsePayload,
  rotateWebhookSecret,
  saveIntegration,
} from './integrations.service.ts';
import { testIntegrations } from './test-integrations.ts';
import { mount } from '../../lib/mount.ts';

/** "Arbo: <why>", unless the adapter's message already starts with the name ("Arbo: …", "Arbo respondeu…"). */
export function namedTestMessage(name: IntegrationName, message: string): string {
  const label = INTEGRATION_LABELS[name];
  return message.toLowerCase().startsWith(label.toLowerCase()) ? message : `${label}: ${message}`;
}

export default async function integrationRoutes(app: FastifyInstance) {
  const { deps } = app;

  mount(app, 'getIntegrations', async (request) => {
    await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: { integrations: await listIntegrations(deps, request.params.id) } };
  });

  mount(app, 'updateIntegrations', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const { name } = request.body;
    // is_active: false switches it off and keeps what is stored (issue 25); without a payload (or
    // with []) nothing else changes. Otherwise is_active follows the content (spec §4).
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

  mount(app, 'sendTestLead', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const user = request.currentUser!;
    const { lead, deliveries } = await captureLead(deps, {
      realEstateId: membership.realEstateId,
      name: `Lead de teste (${user.name})`,
      email: user.email,
      phone: '11999999999',
      message: 'Este é um lead de teste enviado pelo console para conferir as integrações.',
      source: 'teste',
      isTest: true,
    });
    return {
      data: {
        lead_id: lead.id,
        deliveries: deliveries.map((d) => ({ id: d.id, integration: d.integration, status: d.status })),
      },
      message: deliveries.length
        ? 'Lead de teste enviado.'
        : 'Nenhuma integração ativa: o lead de teste foi salvo, mas não foi enviado.',
    };
  });
}
