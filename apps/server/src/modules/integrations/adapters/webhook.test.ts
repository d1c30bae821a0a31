import type { WebhookPayload } from '@vitrine/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyStandardWebhook } from '@vitrine/test-kit';
import { parseRetryAfter } from './http-outcome.ts';
import { createTestAdapterContext } from './testing/adapter-context.ts';
import { fakeDrop, fakeHang, fakeRedirect, fakeReply } from './testing/fake-server.ts';
import { startFakeWebhook, type FakeWebhook } from './testing/fake-webhook.ts';
import { buildLeadForDelivery } from './testing/lead-fixture.ts';
import {
  buildLeadCreatedBody,
  generateWebhookSecret,
  signWebhook,
  verifyWebhookSignature,
  webhookAdapter,
  WEBHOOK_MAX_BODY_BYTES,
} from './webhook.ts';

describe('webhook signatures (Standard Webhooks v1)', () => {
  // Test vector published with the Standard Webhooks / Svix libraries.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const timestamp = 1614265330;
  const body = '{"test": 2432232314}';
  const at = new Date(timestamp * 1000);

  it('what the server signs verifies with the standardwebhooks library (the test kit), and a tampered body does not', () => {
    const key = generateWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': '' };
    headers['webhook-signature'] = signWebhook(key, id, now, body);
    expect(verifyStandardWebhook(key, headers, body)).toBe(true);
    expect(verifyStandardWebhook(key, headers, `${body} `)).toBe(false);
    expect(verifyStandardWebhook(generateWebhookSecret(), headers, body)).toBe(false);
    // A timestamp out of the 5-minute tolerance is refused, as receivers do.
    const stale = { ...headers, 'webhook-timestamp': String(now - 600) };
    stale['webhook-signature'] = signWebhook(key, id, now - 600, body);
    expect(verifyStandardWebhook(key, stale, body)).toBe(false);
  });

  it('matches the published test vector', () => {
    expect(signWebhook(secret, id, timestamp, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies, among several signatures, and refuses tampering and stale timestamps', () => {
    const signature = `v1,bm90LWl0 ${signWebhook(secret, id, timestamp, body)}`;
    expect(
      verifyWebhookSignature(secret, { id, timestamp: String(timestamp), body, signature }, { now: at }),
    ).toBe(true);
    expect(verifyWebhookSignature(secret, { id, timestamp, body: `${body} `, signature }, { now: at })).toBe(
      false,
    );
    expect(verifyWebhookSignature(secret, { id: 'msg_other', timestamp, body, signature }, { now: at })).toBe(
      false,
    );
    expect(
      verifyWebhookSignature(generateWebhookSecret(), { id, timestamp, body, signature }, { now: at }),
    ).toBe(false);
    const late = new Date((timestamp + 301) * 1000);
    expect(verifyWebhookSignature(secret, { id, timestamp, body, signature }, { now: late })).toBe(false);
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    const s = generateWebhookSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(s);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = new Date('2025-03-14T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Fri, 14 Mar 2025 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Fri, 14 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('webhookAdapter', () => {
  const secret = generateWebhookSecret();
  const ctx = createTestAdapterContext({ webhookSecret: secret, http: { timeoutMs: 1_500 } });
  let fake: FakeWebhook;
  let payload: WebhookPayload;

  beforeAll(async () => {
    fake = await startFakeWebhook({
      secret,
      requireHeader: { name: 'X-Api-Key', value: 'chave-da-agencia' },
    });
    payload = {
      url: fake.endpoint,
      authentication: { type: 'header', key: 'X-Api-Key', value: 'chave-da-agencia' },
    };
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  it('delivers a signed lead.created event with the delivery id as webhook-id', async () => {
    const lead = buildLeadForDelivery();
    const result = await webhookAdapter.send(lead, payload, ctx);
    expect(result).toMatchObject({ ok: true, retryable: false, status: 200 });
    expect(result.message).toBe('Lead entregue ao webhook (HTTP 200).');
    expect(result.responseSnippet).toContain('received');
    expect(fake.events).toHaveLength(1);
    const event = fake.events[0]!;
    expect(event.id).toBe(lead.delivery_id);
    expect(event.type).toBe('lead.created');
    const { delivery_id: _d, ...data } = lead;
    expect(event.body).toEqual({ type: 'lead.created', timestamp: lead.created_at, data });
    const request = fake.requests[0]!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
  });

  it('retries 5xx honouring Retry-After, then succeeds with the same webhook-id and a new timestamp', async () => {
    const lead = buildLeadForDelivery({ delivery_id: 'dlv_retry' });
    fake.enqueue('event', fakeReply(503, 'indisponível', { 'retry-after': '120' }));
    const first = await webhookAdapter.send(lead, payload, {
      ...ctx,
      now: () => new Date(Date.now() - 60_000),
    });
    expect(first).toMatchObject({ ok: false, retryable: true, status: 503, retryAfterMs: 120_000 });
    expect(first.responseSnippet).toBe('indisponível');
    const second = await webhookAdapter.send(lead, payload, ctx);
    expect(second).toMatchObject({ ok: true, status: 200 });
    const [a, b] = fake.requests;
    expect(a!.headers['webhook-id']).toBe('dlv_retry');
    expect(b!.headers['webhook-id']).toBe('dlv_retry');
    expect(
      Number(b!.headers['webhook-timestamp']) - Number(a!.headers['webhook-timestamp']),
    ).toBeGreaterThanOrEqual(59);
    expect(a!.body).toBe(b!.body);
    expect(fake.uniqueIds()).toEqual(['dlv_retry']);
  });

  it.each([408, 429, 500, 502])('treats %i as retryable', async (status) => {
    fake.enqueue('event', fakeReply(status, '', { 'retry-after': 'Fri, 14 Mar 2025 12:01:30 GMT' }));
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, {
      ...ctx,
      now: () => new Date('2025-03-14T12:00:00Z'),
    });
    expect(result).toMatchObject({ ok: false, retryable: true, status, retryAfterMs: 90_000 });
  });

  it('retries after a timeout', async () => {
    fake.enqueue('event', fakeHang);
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(result.status).toBeUndefined();
    expect(result.message).toMatch(/não respondeu/);
  });

  it('retries after a dropped connection', async () => {
    fake.enqueue('event', fakeDrop);
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: true });
  });

  it('fails a 3xx without following it', async () => {
    fake.enqueue('event', fakeRedirect(`${fake.url}/webhook`, 301));
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, status: 301 });
    expect(result.message).toMatch(/Redirecionamentos não são seguidos/);
    expect(fake.requests).toHaveLength(1);
  });

  it('pauses on 401 (agency header wrong) and 403', async () => {
    const wrong = {
      ...payload,
      authentication: { type: 'header' as const, key: 'X-Api-Key', value: 'outra' },
    };
    const unauthorized = await webhookAdapter.send(buildLeadForDelivery(), wrong, ctx);
    expect(unauthorized).toMatchObject({ ok: false, retryable: false, pause: true, status: 401 });
    fake.enqueue('event', fakeReply(403));
    expect(await webhookAdapter.send(buildLeadForDelivery(), payload, ctx)).toMatchObject({
      pause: true,
      retryable: false,
      status: 403,
    });
  });

  it('disables the integration on 410', async () => {
    fake.enqueue('event', fakeReply(410));
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, disable: true, status: 410 });
    expect(result.message).toMatch(/desativada/);
  });

  it('fails other 4xx without retrying', async () => {
    fake.enqueue('event', fakeReply(422, { error: 'campo faltando' }));
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, status: 422 });
    expect(result.pause).toBeUndefined();
    expect(result.disable).toBeUndefined();
  });

  it('refuses internal addresses when private targets are not allowed', async () => {
    const strict = createTestAdapterContext({ webhookSecret: secret, http: { allowPrivateNetwork: false } });
    const result = await webhookAdapter.send(buildLeadForDelivery(), payload, strict);
    await strict.close();
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true });
    expect(result.message).toMatch(/não pode receber chamadas/);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an authentication header that would replace a signature header', async () => {
    const bad = {
      ...payload,
      authentication: { type: 'header' as const, key: 'Webhook-Signature', value: 'x' },
    };
    const result = await webhookAdapter.send(buildLeadForDelivery(), bad, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true });
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps events under 20 kB by shortening the message', () => {
    const body = buildLeadCreatedBody(buildLeadForDelivery({ message: 'ç'.repeat(30_000) }));
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(WEBHOOK_MAX_BODY_BYTES);
    expect((JSON.parse(body) as { data: { message: string } }).data.message.endsWith('…')).toBe(true);
  });

  it('test() sends a signed integration.test event', async () => {
    const result = await webhookAdapter.test(payload, ctx);
    expect(result).toEqual({
      ok: true,
      verified: true,
      message: 'O webhook respondeu HTTP 200: conexão verificada.',
    });
    expect(fake.events[0]).toMatchObject({ type: 'integration.test' });
    expect(fake.events[0]!.id).toMatch(/^test_/);
  });

  it('test() reports failures', async () => {
    fake.enqueue('event', fakeReply(500));
    expect(await webhookAdapter.test(payload, ctx)).toMatchObject({
      ok: false,
      message: 'O webhook respondeu HTTP 500.',
    });
    expect(await webhookAdapter.test({ ...payload, url: '' }, ctx)).toMatchObject({
      ok: false,
      message: 'Informe a URL do webhook.',
    });
  });
});
