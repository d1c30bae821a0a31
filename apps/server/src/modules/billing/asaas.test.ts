/**
 * Assinatura with Asaas (docs/decisions/015-payment-adapter.md), against a local fake Asaas speaking API v3
 * (testing/fake-asaas.ts) through ASAAS_BASE_URL: subscribing makes the customer and the subscription
 * and hands back the first payment's page, an upgrade changes the value, a cancellation deletes it; the
 * webhook is token-authenticated, idempotent by event id, and its job applies payments, overdue
 * payments and deletions. Also: payments off without a key, and the configuration that chooses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, realEstates, subscriptions } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import {
  TestClient,
  createOwner,
  createTestContext,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { paidUntil } from './apply-billing-event.ts';
import { PAYMENTS_OFF_MESSAGE, createPaymentProvider } from './payment-provider.ts';
import { startFakeAsaas, type FakeAsaas } from './testing/fake-asaas.ts';

const WEBHOOK_TOKEN = 'token-do-webhook-asaas-com-32-caracteres-ou-mais';
let asaas: FakeAsaas;
let ctx: TestContext;
beforeAll(async () => {
  asaas = await startFakeAsaas();
  ctx = await createTestContext(
    {},
    {
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_KEY: asaas.apiKey,
      ASAAS_BASE_URL: asaas.baseUrl,
      ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await asaas?.close();
});

async function ownerClient(cnpj: string | null = '12.345.678/0001-95') {
  const owner = await createOwner(ctx, 'Imobiliária Asaas');
  await ctx.database.db.update(realEstates).set({ cnpj }).where(eq(realEstates.id, owner.realEstateId));
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { owner, c, url: `/v1/real-estates/${owner.realEstateId}/subscription` };
}

const rowOf = async (realEstateId: number) =>
  (
    await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.realEstateId, realEstateId))
  )[0]!;

const webhook = (body: unknown, token: string | null = WEBHOOK_TOKEN, raw = false) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/webhooks/asaas',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { 'asaas-access-token': token }),
    },
    payload: raw ? (body as string) : JSON.stringify(body),
  });

const processed = (eventId: string) =>
  waitFor(
    async () => {
      const [row] = await ctx.database.db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.eventId, eventId));
      return row?.processedAt ?? null;
    },
    { what: `event ${eventId} applied by the billing-event job` },
  );

/** An agency subscribed to `plan` whose first payment Asaas confirmed. */
async function paidAgency(plan = 'profissional') {
  const agency = await ownerClient();
  const res = await agency.c.put(agency.url, { plan, billing_type: 'PIX' });
  expect(res.statusCode).toBe(200);
  const row = await rowOf(agency.owner.realEstateId);
  const payment = asaas.paymentsOf(row.providerSubscriptionId!)[0]!;
  const confirmed = asaas.event('PAYMENT_CONFIRMED', { payment: { id: payment.id, status: 'CONFIRMED' } });
  expect((await webhook(confirmed)).statusCode).toBe(200);
  await processed(confirmed.id);
  return { ...agency, subscriptionId: row.providerSubscriptionId!, payment };
}

describe('subscribing through Asaas', () => {
  it('finds or creates the customer, creates the monthly subscription and answers the first payment’s page; the plan waits for the payment', async () => {
    const { owner, c, url } = await ownerClient();
    const before = asaas.calls.length;
    const res = await c.put(url, { plan: 'imobiliaria', billing_type: 'BOLETO' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'Falta pagar o plano Imobiliária: abra a fatura para pagar por Pix, boleto ou cartão.',
    );
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'trialing',
      plan: { id: 'profissional' },
      pending_plan: 'imobiliaria',
      billing_type: 'BOLETO',
      payments: { provider: 'asaas', live: true, enabled: true, message: null },
    });
    expect(data.invoice_url).toMatch(/^https:\/\/sandbox\.asaas\.com\/i\//);

    const calls = asaas.calls.slice(before);
    expect(calls.map((x) => `${x.method} ${x.path.replace(/sub_\w+/, 'sub_X')}`)).toEqual([
      `GET /v3/customers?externalReference=vitrine-re-${owner.realEstateId}`,
      'POST /v3/customers',
      'POST /v3/subscriptions',
      'GET /v3/subscriptions/sub_X/payments',
    ]);
    expect(calls.every((x) => x.accessToken === asaas.apiKey)).toBe(true);
    expect(calls[1]!.body).toMatchObject({
      name: 'Imobiliária Asaas',
      cpfCnpj: '12345678000195',
      email: owner.email,
      externalReference: `vitrine-re-${owner.realEstateId}`,
    });
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);
    expect(calls[2]!.body).toEqual({
      customer: [...asaas.customers.values()].find((x) => x.cpfCnpj === '12345678000195')!.id,
      billingType: 'BOLETO',
      value: 499,
      nextDueDate: today,
      cycle: 'MONTHLY',
      description: 'Vitrine Imóveis: plano Imobiliária',
      externalReference: `vitrine-re-${owner.realEstateId}`,
    });
    const row = await rowOf(owner.realEstateId);
    expect(row).toMatchObject({ provider: 'asaas', pendingPlan: 'imobiliaria' });
    expect(asaas.subscriptions.get(row.providerSubscriptionId!)).toMatchObject({ status: 'ACTIVE' });

    // Choosing again while the payment is awaited changes that subscription, never a second one.
    const again = await c.put(url, { plan: 'essencial', billing_type: 'PIX' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.pending_plan).toBe('essencial');
    expect(asaas.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v3/subscriptions/${row.providerSubscriptionId}`,
      body: { value: 99, billingType: 'PIX', updatePendingPayments: true },
    });
    expect(
      [...asaas.subscriptions.values()].filter((s) => s.customer === calls[2]!.body!.customer),
    ).toHaveLength(1);
  });

  it('two plan choices at once (a double click on Assinar) leave one live subscription at Asaas', async () => {
    const { owner, c, url } = await ownerClient();
    const [a, b] = await Promise.all([
      c.put(url, { plan: 'profissional', billing_type: 'PIX' }),
      c.put(url, { plan: 'profissional', billing_type: 'PIX' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const row = await rowOf(owner.realEstateId);
    const live = [...asaas.subscriptions.values()].filter(
      (s) => s.externalReference === `vitrine-re-${owner.realEstateId}` && !s.deleted,
    );
    expect(live.map((s) => s.id)).toEqual([row.providerSubscriptionId]);
  });

  it('a new subscription replacing one no longer in use deletes that one at Asaas', async () => {
    const { owner, c, url } = await ownerClient();
    expect((await c.put(url, { plan: 'essencial', billing_type: 'PIX' })).statusCode).toBe(200);
    const old = (await rowOf(owner.realEstateId)).providerSubscriptionId!;
    // The trial ended with the first payment never made: the plan it awaited is dropped.
    await ctx.database.db
      .update(subscriptions)
      .set({ pendingPlan: null, trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.realEstateId, owner.realEstateId));
    expect((await c.put(url, { plan: 'profissional', billing_type: 'PIX' })).statusCode).toBe(200);
    const row = await rowOf(owner.realEstateId);
    expect(row.providerSubscriptionId).not.toBe(old);
    expect(asaas.subscriptions.get(old)!.deleted).toBe(true);
    expect(asaas.subscriptions.get(row.providerSubscriptionId!)!.deleted).toBe(false);
  });

  it('without the agency’s CNPJ: a 422 naming the field, and no subscription at Asaas', async () => {
    const { owner, c, url } = await ownerClient(null);
    const subs = asaas.subscriptions.size;
    const res = await c.put(url, { plan: 'essencial', billing_type: 'PIX' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cnpj[0]).toBe(
      'Para assinar, cadastre o CNPJ da imobiliária no perfil da conta.',
    );
    expect(asaas.subscriptions.size).toBe(subs);
    expect((await rowOf(owner.realEstateId)).pendingPlan).toBeNull();
  });

  it('an upgrade of a paid subscription updates its value at Asaas and applies at once', async () => {
    const { owner, c, url, subscriptionId } = await paidAgency('essencial');
    const res = await c.put(url, { plan: 'imobiliaria', billing_type: 'CREDIT_CARD' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Plano Imobiliária ativado.');
    expect(res.json().data).toMatchObject({
      status: 'active',
      plan: { id: 'imobiliaria' },
      pending_plan: null,
    });
    expect(asaas.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/v3/subscriptions/${subscriptionId}`,
      body: { value: 499, billingType: 'CREDIT_CARD', updatePendingPayments: true },
      accessToken: asaas.apiKey,
    });
    expect(asaas.subscriptions.get(subscriptionId)!.value).toBe(499);
    expect((await rowOf(owner.realEstateId)).providerSubscriptionId).toBe(subscriptionId);
  });

  it('cancel deletes the subscription at Asaas; its SUBSCRIPTION_DELETED event keeps the paid period', async () => {
    const { owner, c, url, subscriptionId } = await paidAgency();
    const paidEnd = (await rowOf(owner.realEstateId)).currentPeriodEnd!;
    const res = await c.post(`${url}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(asaas.calls.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v3/subscriptions/${subscriptionId}`,
    });
    expect(asaas.subscriptions.get(subscriptionId)!.deleted).toBe(true);
    expect(res.json().data).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const deleted = asaas.event('SUBSCRIPTION_DELETED', {
      subscription: { id: subscriptionId, deleted: true },
    });
    expect((await webhook(deleted)).statusCode).toBe(200);
    await processed(deleted.id);
    const row = await rowOf(owner.realEstateId);
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(row.currentPeriodEnd).toEqual(paidEnd);
  });

  it('a key Asaas refuses is a 502 that says so, and nothing changes', async () => {
    const wrong = await createTestContext(
      {},
      { PAYMENT_PROVIDER: 'asaas', ASAAS_API_KEY: '$aact_hmlg_chave_errada', ASAAS_BASE_URL: asaas.baseUrl },
    );
    try {
      const owner = await createOwner(wrong, 'Chave Errada');
      const c = new TestClient(wrong.app);
      await c.login(owner.email);
      const res = await c.put(`/v1/real-estates/${owner.realEstateId}/subscription`, { plan: 'essencial' });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/O Asaas recusou a chave configurada \(ASAAS_API_KEY\)/);
      expect(asaas.calls.at(-1)!.accessToken).toBe('$aact_hmlg_chave_errada');
      const [row] = await wrong.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.realEstateId, owner.realEstateId));
      expect(row).toMatchObject({ status: 'trialing', pendingPlan: null, providerSubscriptionId: null });
    } finally {
      await wrong.close();
    }
  });
});

describe('POST /v1/webhooks/asaas', () => {
  it('answers 401 without the right asaas-access-token, storing nothing', async () => {
    const body = { id: 'evt_sem_token', event: 'PAYMENT_CONFIRMED' };
    for (const token of [null, '', 'token-errado', `${WEBHOOK_TOKEN}x`]) {
      const res = await webhook(body, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
    // Even with a console session and no token (no CSRF either: it is not a console call).
    const { c } = await ownerClient();
    const res = await c.request('POST', '/v1/webhooks/asaas', { body, csrf: false });
    expect(res.statusCode).toBe(401);
    expect(
      await ctx.database.db.select().from(billingEvents).where(eq(billingEvents.eventId, 'evt_sem_token')),
    ).toEqual([]);
  });

  it('answers 400 to malformed bodies, never a 500', async () => {
    for (const [payload, raw] of [
      ['{"id": "evt_1", "event": ', true],
      ['[1, 2]', true],
      ['"texto"', true],
      [{ event: 'PAYMENT_CONFIRMED' }, false],
      [{ id: 'evt_sem_evento' }, false],
      [{ id: 42, event: 'PAYMENT_CONFIRMED' }, false],
    ] as const) {
      const res = await webhook(payload, WEBHOOK_TOKEN, raw);
      expect(res.statusCode, String(raw ? payload : JSON.stringify(payload))).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('PAYMENT_CONFIRMED activates the plan awaiting it, paid until a month after the due date; a repeat is stored and applied once', async () => {
    const { owner, c, url } = await ownerClient();
    await c.put(url, { plan: 'imobiliaria', billing_type: 'PIX' });
    const row = await rowOf(owner.realEstateId);
    const payment = asaas.paymentsOf(row.providerSubscriptionId!)[0]!;
    const confirmed = asaas.event('PAYMENT_CONFIRMED', { payment: { id: payment.id, status: 'CONFIRMED' } });
    const first = await webhook(confirmed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await processed(confirmed.id);
    const data = (await c.get(url)).json().data;
    expect(data).toMatchObject({
      status: 'active',
      plan: { id: 'imobiliaria' },
      pending_plan: null,
      invoice_url: null,
      cancel_at_period_end: false,
    });
    expect(data.current_period_end).toBe(paidUntil(payment.dueDate).toISOString());
    expect(data.usage.published_pages.limit).toBe(300);

    // Asaas delivers at least once: the same event again is a 200 that changes nothing.
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'past_due' })
      .where(eq(subscriptions.realEstateId, owner.realEstateId));
    const repeat = await webhook(confirmed);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ received: true, duplicate: true });
    const stored = await ctx.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, confirmed.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ provider: 'asaas', type: 'PAYMENT_CONFIRMED' });
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowOf(owner.realEstateId)).status).toBe('past_due');
  });

  it('PAYMENT_OVERDUE marks a paid plan past_due with the overdue payment’s page; PAYMENT_RECEIVED brings it back', async () => {
    const { owner, c, url, subscriptionId, payment } = await paidAgency();
    const overdue = asaas.event('PAYMENT_OVERDUE', {
      payment: { id: payment.id, status: 'OVERDUE', invoiceUrl: 'https://sandbox.asaas.com/i/vencida' },
    });
    expect((await webhook(overdue)).statusCode).toBe(200);
    await processed(overdue.id);
    const data = (await c.get(url)).json().data;
    expect(data).toMatchObject({ status: 'past_due', invoice_url: 'https://sandbox.asaas.com/i/vencida' });
    expect(data.usage.published_pages.limit).toBe(50);
    // Overdue is not a reason to subscribe again: the same plan is refused, its invoice is the way back.
    const same = await c.put(url, { plan: 'profissional' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.plan[0]).toMatch(/já está no plano Profissional/);

    const received = asaas.event('PAYMENT_RECEIVED', {
      payment: { id: payment.id, status: 'RECEIVED', subscription: subscriptionId },
    });
    await webhook(received);
    await processed(received.id);
    expect(await rowOf(owner.realEstateId)).toMatchObject({ status: 'active', invoiceUrl: null });
  });

  it('SUBSCRIPTION_INACTIVATED of a subscription no longer paid for cancels it', async () => {
    const { owner, subscriptionId } = await paidAgency();
    await ctx.database.db
      .update(subscriptions)
      .set({ status: 'past_due', currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.realEstateId, owner.realEstateId));
    const inactivated = asaas.event('SUBSCRIPTION_INACTIVATED', { subscription: { id: subscriptionId } });
    await webhook(inactivated);
    await processed(inactivated.id);
    expect((await rowOf(owner.realEstateId)).status).toBe('canceled');
  });

  it('stores and ignores events it does not act on, and events of subscriptions that are not ours', async () => {
    const { owner } = await paidAgency();
    const before = await rowOf(owner.realEstateId);
    const unknown = { id: 'evt_desconhecido&1', event: 'PAYMENT_CREATED', payment: { id: 'pay_x' } };
    expect((await webhook(unknown)).statusCode).toBe(200);
    const [stored] = await ctx.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.eventId, 'evt_desconhecido&1'));
    expect(stored).toMatchObject({ type: 'PAYMENT_CREATED', payload: unknown });
    expect(stored!.processedAt).not.toBeNull();
    const foreign = {
      id: 'evt_de_outro&2',
      event: 'PAYMENT_OVERDUE',
      payment: { id: 'pay_y', subscription: 'sub_de_outro_sistema', dueDate: '2026-11-01' },
    };
    expect((await webhook(foreign)).statusCode).toBe(200);
    await processed('evt_de_outro&2');
    expect(await rowOf(owner.realEstateId)).toEqual(before);
  });
});

describe('payments off', () => {
  it('Asaas chosen without a key: the screen says how to activate payments; a plan change is refused with it, a trial still cancels', async () => {
    const off = await createTestContext({}, { PAYMENT_PROVIDER: 'asaas' });
    try {
      const owner = await createOwner(off, 'Sem Chave');
      const c = new TestClient(off.app);
      await c.login(owner.email);
      const url = `/v1/real-estates/${owner.realEstateId}/subscription`;
      expect((await c.get(url)).json().data.payments).toEqual({
        provider: 'asaas',
        live: false,
        enabled: false,
        message: PAYMENTS_OFF_MESSAGE,
      });
      const res = await c.put(url, { plan: 'essencial' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(PAYMENTS_OFF_MESSAGE);
      expect(res.json().message).toMatch(/ASAAS_API_KEY/);
      expect((await c.post(`${url}/cancel`)).json().data.status).toBe('canceled');
      // No webhook token configured: every webhook is refused.
      const hook = await off.app.inject({
        method: 'POST',
        url: '/v1/webhooks/asaas',
        headers: { 'asaas-access-token': '' },
        payload: { id: 'evt_1', event: 'PAYMENT_CONFIRMED' },
      });
      expect(hook.statusCode).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('the configuration chooses: fake by default, off in production without Asaas, Asaas by environment', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ APP_KEY: `base64:${Buffer.alloc(32).toString('base64')}`, ...env }, { dataDir: '/tmp' });
    expect(createPaymentProvider(config({}))).toMatchObject({ name: 'fake', enabled: true, live: false });
    expect(createPaymentProvider(config({ NODE_ENV: 'production' }))).toMatchObject({
      name: 'fake',
      enabled: false,
      message: PAYMENTS_OFF_MESSAGE,
    });
    expect(
      createPaymentProvider(
        config({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'asaas', ASAAS_API_KEY: 'k' }),
      ),
    ).toMatchObject({ name: 'asaas', enabled: true, live: true, message: null });
    expect(() => config({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => config({ ASAAS_WEBHOOK_TOKEN: 'curto' })).toThrow(/ASAAS_WEBHOOK_TOKEN: use pelo menos 32/);
    expect(() => config({ ASAAS_BASE_URL: 'não é url' })).toThrow(/ASAAS_BASE_URL/);
  });
});
