import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jetimobAdapter, jetimobKeysProblem } from './jetimob.ts';
import { createTestAdapterContext } from './testing/adapter-context.ts';
import { startFakeJetimob, type FakeJetimob } from './testing/fake-jetimob.ts';
import { fakeHang, fakeRedirect, fakeReply } from './testing/fake-server.ts';
import { buildLeadForDelivery } from './testing/lead-fixture.ts';

const keys = { public_key: 'pub_4f9a2c7e', private_key: 'priv_Zx81-k3yS3cr3t' };

describe('jetimobAdapter', () => {
  let fake: FakeJetimob;
  let ctx: ReturnType<typeof createTestAdapterContext>;

  beforeAll(async () => {
    fake = await startFakeJetimob({ publicKey: keys.public_key, privateKey: keys.private_key });
    ctx = createTestAdapterContext({
      endpoints: { jetimob: { baseUrl: fake.url } },
      http: { timeoutMs: 1_500 },
    });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  it("posts the form fields to /leads/{public_key} and keeps Jetimob's id", async () => {
    const lead = buildLeadForDelivery();
    const result = await jetimobAdapter.send(lead, keys, ctx);
    expect(result).toMatchObject({ ok: true, retryable: false, status: 200, externalId: '1000' });
    expect(result.message).toBe('Lead entregue à Jetimob (HTTP 200).');
    const request = fake.requestsTo('lead')[0]!;
    expect(request.path).toBe(`/leads/${keys.public_key}`);
    expect(request.headers['authorization-key']).toBe(keys.private_key);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(fake.leads.get(1000)).toEqual({
      full_name: 'Maria da Silva',
      email: 'maria@example.com.br',
      phone: '11987654321',
      country_code: '55',
      message: lead.message,
      subject:
        'Interesse no imóvel: Apartamento 2 quartos em Pinheiros (código AP-1234) – Pinheiros, São Paulo/SP – R$ 850.000',
      source: 'Vitrine (landing_page)',
      property_code: 'AP-1234',
      responsible: '',
      url: lead.page.url,
      gclid: 'gclid-abc',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'pinheiros-2q',
    });
  });

  it('retries a 5xx and then succeeds', async () => {
    fake.enqueue('lead', fakeReply(502));
    const first = await jetimobAdapter.send(buildLeadForDelivery(), keys, ctx);
    expect(first).toMatchObject({ ok: false, retryable: true, status: 502 });
    const second = await jetimobAdapter.send(buildLeadForDelivery(), keys, ctx);
    expect(second).toMatchObject({ ok: true, externalId: expect.stringMatching(/^\d+$/) });
  });

  it('retries after a timeout', async () => {
    fake.enqueue('lead', fakeHang);
    expect(await jetimobAdapter.send(buildLeadForDelivery(), keys, ctx)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('fails a 400 without retrying', async () => {
    const result = await jetimobAdapter.send(
      buildLeadForDelivery({ name: '', email: '', phone: '' }),
      keys,
      ctx,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, status: 400 });
    expect(result.pause).toBeUndefined();
    expect(result.message).toMatch(/mal formado/);
  });

  it('pauses on 403 (wrong keys) without leaking the private key', async () => {
    const result = await jetimobAdapter.send(
      buildLeadForDelivery(),
      { ...keys, private_key: 'priv_wrong-key-123' },
      ctx,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true, status: 403 });
    expect(result.message).toMatch(/chave pública e a chave privada/);
    expect(JSON.stringify(result)).not.toContain('priv_wrong-key-123');
  });

  it('fails a 3xx without following it', async () => {
    fake.enqueue('lead', fakeRedirect('https://example.com/'));
    expect(await jetimobAdapter.send(buildLeadForDelivery(), keys, ctx)).toMatchObject({
      ok: false,
      retryable: false,
      status: 302,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('test() checks the keys locally, says it could not verify them, and never lists leads', async () => {
    const result = await jetimobAdapter.test(keys, ctx);
    expect(result.ok).toBe(true);
    expect(result.verified).toBe(false);
    expect(result.message).toMatch(/só serão confirmadas no envio do primeiro lead/);
    expect(fake.requests).toHaveLength(0);
  });

  it('test() and send() refuse missing or malformed keys', async () => {
    expect(jetimobKeysProblem({ public_key: '', private_key: '' })).toMatch(
      /chave pública e a chave privada/,
    );
    expect(jetimobKeysProblem({ public_key: 'pub_4f9a2c7e', private_key: ' ' })).toMatch(/chave privada/);
    expect(jetimobKeysProblem({ public_key: 'chave com espaço', private_key: 'priv_12345678' })).toMatch(
      /chave pública/,
    );
    expect(jetimobKeysProblem({ public_key: 'pub_4f9a2c7e', private_key: 'priv com espaço' })).toMatch(
      /chave privada/,
    );
    expect(await jetimobAdapter.test({ public_key: 'x', private_key: '' }, ctx)).toMatchObject({ ok: false });
    expect(
      await jetimobAdapter.send(buildLeadForDelivery(), { public_key: 'x', private_key: '' }, ctx),
    ).toMatchObject({
      ok: false,
      retryable: false,
      pause: true,
    });
    expect(fake.requests).toHaveLength(0);
  });
});
