/** Integrações: settings (owner and admin), the connectivity test, the webhook signing secret, a test lead. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saveIntegrationBody, type IntegrationName } from '@vitrine/contracts';
import { and, eq } from 'drizzle-orm';
import { integrations } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { registerDeliveryWorker, resumePausedDeliveries } from '../deliveries/delivery-engine.ts';
import { captureLead } from '../leads/capture-lead.ts';
import { integrationAdapters, type TestResult } from './adapters/index.ts';
import {
  adapterContext,
  createOutboundClient,
  ensureWebhookSecret,
  listIntegrations,
  parsePayload,
  rotateWebhookSecret,
  saveIntegration,
} from './integrations.service.ts';
import { idParams } from '../../lib/route-params.ts';

const LABELS: Record<IntegrationName, string> = { webhook: 'Webhook', arbo: 'Arbo', jetimob: 'Jetimob', go_harry: 'GoHarry' };

export default async function integrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const key = app.config.appKey;
  const http = createOutboundClient(app.config);
  app.addHook('onClose', async () => http.close());
  await registerDeliveryWorker(app, http);

  r.get(
    '/v1/real-estates/:id/integrations',
    { schema: { tags: ['integrations'], summary: 'Integrações da imobiliária', params: idParams } },
    async (request) => {
      await app.requireMembership(request, request.params.id, MANAGERS);
      return { data: { integrations: await listIntegrations(db, key, request.params.id) } };
    },
  );

  r.put(
    '/v1/real-estates/:id/integrations',
    { schema: { tags: ['integrations'], summary: 'Salvar uma integração', params: idParams, body: saveIntegrationBody } },
    async (request) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      const { name } = request.body;
      const payload = parsePayload(name, request.body.payload);
      if (name === 'webhook' && app.config.NODE_ENV === 'production' && !app.config.ALLOW_PRIVATE_NETWORK_TARGETS) {
        const url = (payload as { url: string }).url;
        if (url.startsWith('http://')) {
          throw new HttpError(422, 'Use uma URL https:// para o webhook.', { 'payload.url': ['Use uma URL https:// para o webhook.'] });
        }
      }
      const { view, credentialsChanged } = await saveIntegration(db, key, {
        realEstateId: membership.realEstateId,
        userId: request.currentUser!.id,
        name,
        payload,
      });
      if (credentialsChanged && view.is_active) await resumePausedDeliveries(app, membership.realEstateId, name);
      return { data: view, message: 'Configuração salva com sucesso.' };
    },
  );

  r.get(
    '/v1/real-estates/:id/integrations/test',
    { schema: { tags: ['integrations'], summary: 'Testar as integrações ativas', params: idParams } },
    async (request, reply) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      const views = await listIntegrations(db, key, membership.realEstateId);
      const webhookSecret = await ensureWebhookSecret(db, key, membership.realEstateId, request.currentUser!.id);
      const ctx = adapterContext(app.config, http, webhookSecret);
      const results = await Promise.all(
        views.map(async (view) => {
          if (!view.is_active) return { name: view.name, is_active: false, ok: null, verified: false, message: 'Não configurada.' };
          let result: TestResult;
          try {
            const adapter = integrationAdapters[view.name] as (typeof integrationAdapters)['webhook'];
            result = await adapter.test(view.payload as never, ctx);
          } catch (err) {
            result = { ok: false, verified: false, message: `Erro inesperado: ${(err as Error).message}` };
          }
          await db
            .update(integrations)
            .set({ lastTestOk: result.ok, lastTestMessage: result.message, lastTestedAt: new Date() })
            .where(and(eq(integrations.realEstateId, membership.realEstateId), eq(integrations.name, view.name)));
          return { name: view.name, is_active: true, ok: result.ok, verified: result.verified, message: result.message };
        }),
      );
      const failed = results.filter((x) => x.ok === false);
      const active = results.filter((x) => x.is_active);
      if (failed.length) {
        const message = `Falha ao testar: ${failed.map((f) => `${LABELS[f.name]}: ${f.message}`).join(' | ')}`;
        return reply.status(422).send({ message, data: { results } });
      }
      const message = active.length
        ? `Integrações testadas com sucesso: ${active.map((a) => LABELS[a.name]).join(', ')}.`
        : 'Nenhuma integração ativa para testar.';
      return { message, data: { results } };
    },
  );

  r.get(
    '/v1/real-estates/:id/integrations/webhook/secret',
    { schema: { tags: ['integrations'], summary: 'Segredo de assinatura do webhook (whsec_…)', params: idParams } },
    async (request) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      return { data: { secret: await ensureWebhookSecret(db, key, membership.realEstateId, request.currentUser!.id) } };
    },
  );

  r.post(
    '/v1/real-estates/:id/integrations/webhook/secret/rotate',
    { schema: { tags: ['integrations'], summary: 'Gerar um novo segredo de assinatura do webhook', params: idParams } },
    async (request) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      return { data: { secret: await rotateWebhookSecret(db, key, membership.realEstateId, request.currentUser!.id) } };
    },
  );

  r.post(
    '/v1/real-estates/:id/integrations/test-lead',
    { schema: { tags: ['integrations'], summary: 'Enviar um lead de teste às integrações ativas', params: idParams } },
    async (request, reply) => {
      const membership = await app.requireMembership(request, request.params.id, MANAGERS);
      const user = request.currentUser!;
      const { lead, deliveries } = await captureLead(app, {
        realEstateId: membership.realEstateId,
        name: `Lead de teste (${user.name})`,
        email: user.email,
        phone: '11999999999',
        message: 'Este é um lead de teste enviado pelo console para conferir as integrações.',
        source: 'teste',
        isTest: true,
      });
      return reply.status(201).send({
        data: { lead_id: lead.id, deliveries: deliveries.map((d) => ({ id: d.id, integration: d.integration, status: d.status })) },
        message: deliveries.length ? 'Lead de teste enviado.' : 'Nenhuma integração ativa: o lead de teste foi salvo, mas não foi enviado.',
      });
    },
  );
}

