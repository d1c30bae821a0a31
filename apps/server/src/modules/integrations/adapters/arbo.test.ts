import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { arboAdapter } from './arbo.ts';
import { createTestAdapterContext } from './testing/adapter-context.ts';
import { startFakeArbo, type FakeArbo } from './testing/fake-arbo.ts';
import { fakeHang, fakeRedirect, fakeReply } from './testing/fake-server.ts';
import { buildLeadForDelivery } from './testing/lead-fixture.ts';

const payload = { api_key: 'arbo-key-0123456789' };

describe('arboAdapter', () => {
  let fake: FakeArbo;
  let ctx: ReturnType<typeof createTestAdapterContext>;

  beforeAll(async () => {
    fake = await startFakeArbo({ apiKey: payload.api_key, leadPath: '/leads' });
    ctx = createTestAdapterContext({
      endpoints: { arbo: { baseUrl: `${fake.baseUrl}/` } },
      http: { timeoutMs: 1_500 },
    });
  });
  afterEach(() => fake.reset());
  afterAll(async () => {
    await fake.close();
    await ctx.close();
  });

  it('posts the Grupo ZAP lead JSON with the raw key', async () => {
    const lead = buildLeadForDelivery();
    const result = await arboAdapter.send(lead, payload, ctx);
    expect(result).toMatchObject({ ok: true, retryable: false, status: 201 });
    expect(fake.requestsTo('lead')[0]!.headers.authorization).toBe(payload.api_key);
    expect(fake.leads).toEqual([
      {
        leadOrigin: 'Vitrine',
        timestamp: lead.created_at,
        originLeadId: 'lead_01',
        originListingId: 'page_01',
        clientListingId: 'AP-1234',
        name: 'Maria da Silva',
        email: 'maria@example.com.br',
        ddd: '11',
        phone: '987654321',
        phoneNumber: '11987654321',
        message: lead.message,
        listingTitle: 'Apartamento 2 quartos em Pinheiros',
        listingUrl: 'https://vitrine.example/imoveis/apartamento-2-quartos-pinheiros',
        listingPrice: 850_000,
        transactionType: 'SELL',
        listingNeighborhood: 'Pinheiros',
        listingCity: 'São Paulo',
        listingState: 'SP',
        source: 'Página',
        temperature: null,
        sourceDetails: null,
      },
    ]);
  });

  it('uses the configured lead path and says it is unconfirmed when it fails', async () => {
    const other = createTestAdapterContext({
      endpoints: { arbo: { baseUrl: fake.baseUrl, leadPath: '/v2/leads' } },
    });
    const result = await arboAdapter.send(buildLeadForDelivery(), payload, other);
    await other.close();
    expect(result).toMatchObject({ ok: false, retryable: false, status: 404 });
    expect(result.message).toMatch(/\/v2\/leads\) não é confirmado publicamente/);
  });

  it('retries a 5xx and then succeeds', async () => {
    fake.enqueue('lead', fakeReply(500));
    expect(await arboAdapter.send(buildLeadForDelivery(), payload, ctx)).toMatchObject({
      ok: false,
      retryable: true,
      status: 500,
    });
    expect(await arboAdapter.send(buildLeadForDelivery(), payload, ctx)).toMatchObject({ ok: true });
  });

  it('retries after a timeout', async () => {
    fake.enqueue('lead', fakeHang);
    expect(await arboAdapter.send(buildLeadForDelivery(), payload, ctx)).toMatchObject({
      ok: false,
      retryable: true,
    });
  });

  it('pauses on 401/403', async () => {
    const result = await arboAdapter.send(buildLeadForDelivery(), { api_key: 'chave-errada' }, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, pause: true, status: 401 });
    fake.enqueue('lead', fakeReply(403));
    expect(await arboAdapter.send(buildLeadForDelivery(), payload, ctx)).toMatchObject({
      pause: true,
      status: 403,
    });
  });

  it('fails a 3xx without following it', async () => {
    fake.enqueue('lead', fakeRedirect('https://example.com/login'));
    const result = await arboAdapter.send(buildLeadForDelivery(), payload, ctx);
    expect(result).toMatchObject({ ok: false, retryable: false, status: 302 });
    expect(fake.requests).toHaveLength(1);
  });

  it('test() reads one property page and reports the unconfirmed lead path', async () => {
    const result = await arboAdapter.test(payload, ctx);
    expect(result).toMatchObject({ ok: true, verified: true });
    expect(result.message).toMatch(/aceitou a chave de API.*não é confirmado publicamente/);
    const request = fake.requestsTo('imoveis')[0]!;
    expect(request.url).toBe('/api/imoveis?page=1&perPage=1');
    expect(request.headers.authorization).toBe(payload.api_key);
    expect(fake.requestsTo('lead')).toHaveLength(0);
  });

  it('test() reports a wrong key, a server error and a missing key', async () => {
    expect(await arboAdapter.test({ api_key: 'chave-errada' }, ctx)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/recusou a chave/),
    });
    fake.enqueue('imoveis', fakeReply(503));
    expect(await arboAdapter.test(payload, ctx)).toMatchObject({
      ok: false,
      message: 'Arbo respondeu HTTP 503.',
    });
    expect(await arboAdapter.test({ api_key: '' }, ctx)).toMatchObject({
      ok: false,
      message: 'Informe a chave de API da Arbo.',
    });
  });
});
