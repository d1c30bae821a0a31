/** Assinatura: the agency's plan, usage, plan changes and cancellation (the owner only). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PLANS, changePlanBody, subscriptionResponse } from '@vitrine/contracts';
import { idParams } from '../../lib/route-params.ts';
import { cancelSubscription, changePlan, ensureSubscription, subscriptionView } from './subscription.ts';

const OWNER = ['owner'] as const;

export default async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/v1/real-estates/:id/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Assinatura da imobiliária: plano, situação, uso e planos disponíveis',
        params: idParams,
        response: { 200: subscriptionResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, OWNER);
      return { data: await subscriptionView(deps, await ensureSubscription(deps, m.realEstateId)) };
    },
  );

  r.put(
    '/v1/real-estates/:id/subscription',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Mudar de plano ({plan, billing_type}); 422 quando o uso atual não cabe no plano',
        params: idParams,
        body: changePlanBody,
        response: { 200: subscriptionResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, OWNER);
      const row = await changePlan(deps, {
        realEstateId: m.realEstateId,
        plan: request.body.plan,
        billingType: request.body.billing_type,
      });
      return {
        data: await subscriptionView(deps, row),
        message: `Plano ${PLANS[request.body.plan].name} ativado.`,
      };
    },
  );

  r.post(
    '/v1/real-estates/:id/subscription/cancel',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Cancelar a assinatura (o teste termina agora; um plano pago vale até o fim do período)',
        params: idParams,
        response: { 200: subscriptionResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, OWNER);
      const row = await cancelSubscription(deps, m.realEstateId);
      return { data: await subscriptionView(deps, row), message: 'Assinatura cancelada.' };
    },
  );
}
