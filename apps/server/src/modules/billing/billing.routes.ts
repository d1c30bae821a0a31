/**
 * Assinatura: the agency's plan, usage, plan changes and cancellation (the owner only), and the payment
 * provider's webhook (public, authenticated by its token).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, PLANS } from '@vitrine/contracts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { asaasEventSchema, receiveBillingEvent } from './receive-billing-event.ts';
import { cancelSubscription, changePlan, ensureSubscription, subscriptionView } from './subscription.ts';

const OWNER = ['owner'] as const;

export default async function billingRoutes(app: FastifyInstance) {
  const { deps } = app;

  mount(app, 'getSubscription', async (request) => {
    const m = await app.requireMembership(request, request.params.id, OWNER);
    return { data: await subscriptionView(deps, await ensureSubscription(deps, m.realEstateId)) };
  });

  mount(app, 'updateSubscription', async (request) => {
    const m = await app.requireMembership(request, request.params.id, OWNER);
    const row = await changePlan(deps, {
      realEstateId: m.realEstateId,
      plan: request.body.plan,
      billingType: request.body.billing_type,
    });
    const name = PLANS[request.body.plan].name;
    return {
      data: await subscriptionView(deps, row),
      // With Asaas a new plan waits for its first payment, on the invoice page the answer carries.
      message: row.pendingPlan
        ? `Falta pagar o plano ${name}: abra a fatura para pagar por Pix, boleto ou cartão.`
        : `Plano ${name} ativado.`,
    };
  });

  mount(app, 'cancelSubscription', async (request) => {
    const m = await app.requireMembership(request, request.params.id, OWNER);
    const row = await cancelSubscription(deps, m.realEstateId);
    return { data: await subscriptionView(deps, row), message: 'Assinatura cancelada.' };
  });

  /**
   * Asaas webhooks (cobranças and assinaturas). Asaas sends the token set on the webhook in the
   * `asaas-access-token` header, counts only a 200 as delivered, retries otherwise and pauses the queue
   * after 15 failures: the event is stored once by its id and the work goes to a job, so the answer is
   * immediate; a repeat answers 200 and changes nothing. Malformed bodies are a 400, never a 500.
   */
  const checkAsaasToken = async (request: FastifyRequest) => {
    const expected = deps.config.ASAAS_WEBHOOK_TOKEN;
    const given = request.headers['asaas-access-token'];
    // Hashes of equal length: the comparison takes the same time whatever was sent.
    if (!expected || typeof given !== 'string' || !safeEqual(sha256(given), sha256(expected)))
      throw new HttpError(401, MESSAGES.unauthenticated);
  };
  mount(
    app,
    'receiveAsaasWebhook',
    async (request) => {
      const parsed = asaasEventSchema.safeParse(request.body);
      if (!parsed.success)
        throw new HttpError(400, 'Evento inválido: o corpo deve ser um objeto JSON com "id" e "event".');
      const { duplicate } = await receiveBillingEvent(deps, parsed.data);
      return { received: true as const, duplicate };
    },
    // Before the body is read: a request without the token costs nothing.
    { onRequest: checkAsaasToken },
  );
}
