import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGoHarryAdapter } from './go-harry.ts';
import { createTestAdapterContext } from './testing/adapter-context.ts';
import { startFakeGoHarry, type FakeGoHarry } from './testing/fake-go-harry.ts';
import { fakeHang, fakeRedirect, fakeReply } from './testing/fake-server.ts';
import { buildLeadForDelivery } from './testing/lead-fixture.ts';

const credentials = { username: 'imobiliaria@example.com', password: 'S3nh@-Sup3r-S3cr3ta' };

describe('goHarryAdapter with a token endpoint', () => {
  let fake: FakeGoHarry;
  let ctx: ReturnType<typeof createTestAdapterContext>;
  const adapter = createGoHarryAdapter();

  beforeAll(async () => {
    fake = await startFakeGoHarry({ ...credentials, expiresIn: 3600 });
    ctx = createTestAdapterContext({
      endpoints: { go_harry: { baseUrl: fake.url } },
      http: { timeoutMs: 1_500 },
    });
  });
  afterEach(() => {
    fake.reset();
    adapter.clearTokenCache();
  });
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  it('exchanges the credentials for a token once and reuses it', async () => {
    const first = await adapter.send(buildLeadForDelivery(), credentials, ctx);
    expect(first).toMatchObject({ ok: true, retryable: false, status: 201 });
    expect(first.message).toBe('Lead entregue ao GoHarry (HTTP 201).');
    await adapter.send(buildLeadForDelivery({ id: 'lead_02' }), credentials, ctx);
    expect(fake.tokensIssued()).toBe(1);
    expect(JSON.parse(fake.requestsTo('token')[0]!.body)).toEqual(credentials);
    expect(fake.requestsTo('lead')[1]!.headers.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    expect(fake.leads.map((l) => l.originLeadId)).toEqual(['lead_01', 'lead_02']);
  });

  it('shares one token request between concurrent sends', async () => {
    await Promise.all(
      [1, 2, 3].map((n) => adapter.send(buildLeadForDelivery({ id: `lead_${n}` }), credentials, ctx)),
    );
    expect(fake.tokensIssued()).toBe(1);
    expect(fake.leads).toHaveLength(3);
  });

  it('asks for a new token when the cached one expired', async () => {
    const t0 = Date.now();
    await adapter.send(buildLeadForDelivery(), credentials, { ...ctx, now: () => new Date(t0) });
    await adapter.send(buildLeadForDelivery(), credentials, { ...ctx, now: () => new Date(t0 + 3_600_000) });
    expect(fake.tokensIssued()).toBe(2);
  });

  it('refreshes the token once on 401', async () => {
    await adapter.send(buildLeadForDelivery(), credentials, ctx);
    fake.revokeTokens();
    const result = await adapter.send(buildLeadForDelivery(), credentials, ctx);
    expect(result).toMatchObject({ ok: true });
    expect(fake.tokensIssued()).toBe(2);
  });

  it('pauses when the lead endpoint still answers 401 after a refresh', async () => {
    fake.enqueue('lead', fakeReply(401), fakeReply(401));
    const result = await adapter.send(buildLeadForDelivery(), credentials, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true, status: 401 });
    expect(fake.requestsTo('lead')).toHaveLength(2);
    expect(fake.tokensIssued()).toBe(2);
  });

  it('pauses on wrong credentials and never shows the password', async () => {
    const wrong = { ...credentials, password: 'senha-errada-987' };
    fake.enqueue('token', fakeReply(401, { error: 'invalid password senha-errada-987' }));
    const result = await adapter.send(buildLeadForDelivery(), wrong, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true, status: 401 });
    expect(JSON.stringify(result)).not.toContain('senha-errada-987');
    const test = await adapter.test(wrong, ctx);
    expect(test).toMatchObject({ ok: false, verified: true });
    expect(JSON.stringify(test)).not.toContain('senha-errada-987');
  });

  it('retries a 5xx (token or lead) and then succeeds', async () => {
    fake.enqueue('token', fakeReply(503, '', { 'retry-after': '30' }));
    const first = await adapter.send(buildLeadForDelivery(), credentials, ctx);
    expect(first).toMatchObject({ ok: false, retryable: true, status: 503, retryAfterMs: 30_000 });
    fake.enqueue('lead', fakeReply(500));
    expect(await adapter.send(buildLeadForDelivery(), credentials, ctx)).toMatchObject({
      ok: false,
      retryable: true,
      status: 500,
    });
    expect(await adapter.send(buildLeadForDelivery(), credentials, ctx)).toMatchObject({ ok: true });
  });

  it('retries after a timeout', async () => {
    fake.enqueue('lead', fakeHang);
    const result = await adapter.send(buildLeadForDelivery(), credentials, ctx);
    expect(result).toMatchObject({ ok: false, retryable: true });
    expect(result.message).not.toContain(credentials.password);
  });

  it('fails a 3xx without following it', async () => {
    fake.enqueue('lead', fakeRedirect('https://example.com/'));
    expect(await adapter.send(buildLeadForDelivery(), credentials, ctx)).toMatchObject({
      ok: false,
      retryable: false,
      status: 302,
    });
  });

  it('test() obtains a token', async () => {
    expect(await adapter.test(credentials, ctx)).toEqual({
      ok: true,
      verified: true,
      message: 'O GoHarry aceitou o usuário e a senha (token de acesso obtido).',
    });
    expect(fake.requestsTo('lead')).toHaveLength(0);
  });

  it('refuses to run without a configured base URL', async () => {
    const unconfigured = createTestAdapterContext();
    const result = await adapter.send(buildLeadForDelivery(), credentials, unconfigured);
    expect(result).toMatchObject({ ok: false, retryable: false });
    // said in words, no setting name
    expect(result.message).toBe('O endereço do GoHarry não foi configurado no servidor; fale com o suporte.');
    expect(result.message).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect((await adapter.test(credentials, unconfigured)).ok).toBe(false);
    await unconfigured.close();
  });
});

describe('goHarryAdapter without a token endpoint', () => {
  let fake: FakeGoHarry;
  let ctx: ReturnType<typeof createTestAdapterContext>;
  const adapter = createGoHarryAdapter();

  beforeAll(async () => {
    fake = await startFakeGoHarry({ ...credentials, tokenEndpoint: false });
    ctx = createTestAdapterContext({ endpoints: { go_harry: { baseUrl: fake.url } } });
  });
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  it('falls back to HTTP Basic after a 404 from the token path, and remembers it', async () => {
    expect(await adapter.send(buildLeadForDelivery(), credentials, ctx)).toMatchObject({
      ok: true,
      status: 201,
    });
    expect(await adapter.send(buildLeadForDelivery(), credentials, ctx)).toMatchObject({ ok: true });
    expect(fake.requestsTo('token')).toHaveLength(1);
    const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    expect(fake.requestsTo('lead')[0]!.headers.authorization).toBe(expected);
  });

  it('pauses when Basic is refused', async () => {
    const result = await adapter.send(
      buildLeadForDelivery(),
      { ...credentials, password: 'outra-senha-1' },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, pause: true, status: 401 });
    expect(JSON.stringify(result)).not.toContain('outra-senha-1');
  });

  it('test() says Basic can only be confirmed by a first lead', async () => {
    const result = await adapter.test(credentials, ctx);
    expect(result).toMatchObject({ ok: true, verified: false });
    expect(result.message).toMatch(/HTTP Basic/);
  });
});
