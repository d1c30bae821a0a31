/**
 * End to end on the server: a page created and published through the API, a lead sent through the
 * public form endpoint, and what the webhook receiver and a CRM (Jetimob) actually receive about the
 * property. Adapter tests use a hand-built lead; this proves the engine builds the real one.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customDomains } from '../../db/schema.ts';
import { forgetDomains } from '../domains/index.ts';
import {
  TestClient,
  createOwner,
  createTestContext,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { fakeReply } from '../integrations/adapters/testing/fake-server.ts';
import { startFakeArbo, type FakeArbo } from '../integrations/adapters/testing/fake-arbo.ts';
import { startFakeJetimob, type FakeJetimob } from '../integrations/adapters/testing/fake-jetimob.ts';
import { startFakeWebhook, type FakeWebhook } from '../integrations/adapters/testing/fake-webhook.ts';

let ctx: TestContext;
let jetimob: FakeJetimob;
let arbo: FakeArbo;
const ARBO_KEY = 'arbo-key-1';
const receivers: FakeWebhook[] = [];
const JETIMOB = { publicKey: 'pubkey-12345678', privateKey: 'privkey-12345678' };

beforeAll(async () => {
  jetimob = await startFakeJetimob(JETIMOB);
  arbo = await startFakeArbo({ apiKey: ARBO_KEY });
  ctx = await createTestContext(
    {},
    {
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      DELIVERY_RETRY_SCHEDULE: '1,1',
      JETIMOB_BASE_URL: jetimob.url,
      ARBO_BASE_URL: arbo.baseUrl,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([jetimob, arbo, ...receivers].map((s) => s?.close()));
});

type WebhookPage = Record<string, unknown>;
type LeadEvent = { type: string; data: { id: string; name: string; page: WebhookPage } };

/** An agency with a published page (through the API), a webhook receiver and Jetimob. */
async function agency() {
  const owner = await createOwner(ctx, 'Imobiliária Entregas');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  const created = await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, {
    page: {
      title: 'Cobertura duplex com vista para o mar',
      status: 'published',
      listing_code: 'CO-908',
      purpose: 'sale',
      property_type: 'apartment',
      price_cents: 215_000_000,
      neighborhood: 'Ponta Verde',
      city: 'Maceió',
      state: 'al',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const page = created.json().data as { id: number; slug: string; status: string };
  expect(page.status).toBe('published');

  const secret = (await c.get(`/v1/real-estates/${owner.realEstateId}/integrations/webhook/secret`)).json()
    .data.secret;
  const receiver = await startFakeWebhook({ secret });
  receivers.push(receiver);
  const integrations = `/v1/real-estates/${owner.realEstateId}/integrations`;
  expect(
    (await c.put(integrations, { name: 'webhook', payload: { url: receiver.endpoint } })).json().data
      .is_active,
  ).toBe(true);
  const jet = await c.put(integrations, {
    name: 'jetimob',
    payload: { public_key: JETIMOB.publicKey, private_key: JETIMOB.privateKey },
  });
  expect(jet.json().data.is_active, jet.body).toBe(true);
  expect(
    (await c.put(integrations, { name: 'arbo', payload: { api_key: ARBO_KEY } })).json().data.is_active,
  ).toBe(true);
  return { c, page, receiver, realEstateId: owner.realEstateId };
}

let ipSeq = 0;
async function sendLead(slug: string, name: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: {
      name,
      phone: '(82) 98888-1234',
      email: 'lead@exemplo.com.br',
      message: 'Ainda está disponível?',
      consent: true,
    },
    remoteAddress: `198.51.100.${++ipSeq}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const eventOf = (receiver: FakeWebhook, leadId: string) =>
  waitFor(
    () =>
      receiver.events
        .map((e) => e.body as LeadEvent)
        .find((b) => b.type === 'lead.created' && b.data.id === leadId),
    {
      what: 'webhook event',
    },
  );

describe('a lead from the landing page reaches receivers with its property', () => {
  it('webhook body and Jetimob fields carry title, code, landing URL, price and place', async () => {
    const { page, receiver } = await agency();
    const leadId = await sendLead(page.slug, 'Carla Entrega');

    const event = await eventOf(receiver, leadId);
    expect(event.data.name).toBe('Carla Entrega');
    expect(event.data.page).toEqual({
      id: String(page.id),
      title: 'Cobertura duplex com vista para o mar',
      listing_code: 'CO-908',
      url: `http://127.0.0.1:3000/imoveis/${page.slug}`,
      price_cents: 215_000_000,
      currency: 'BRL',
      price_formatted: 'R$ 2.150.000',
      purpose: 'sale',
      property_type: 'apartment',
      neighborhood: 'Ponta Verde',
      city: 'Maceió',
      state: 'AL',
    });

    const fields = await waitFor(
      () => [...jetimob.leads.values()].find((f) => f.full_name === 'Carla Entrega'),
      { what: 'Jetimob lead' },
    );
    expect(fields).toMatchObject({
      subject:
        'Interesse no imóvel: Cobertura duplex com vista para o mar (código CO-908) – Ponta Verde, Maceió/AL – R$ 2.150.000',
      property_code: 'CO-908',
      url: `http://127.0.0.1:3000/imoveis/${page.slug}`,
      phone: '82988881234',
    });

    // Arbo (Grupo ZAP JSON): the listing ids plus our listing extensions.
    const zap = await waitFor(() => arbo.leads.find((l) => l.name === 'Carla Entrega'), {
      what: 'Arbo lead',
    });
    expect(zap).toMatchObject({
      originLeadId: leadId,
      originListingId: String(page.id),
      clientListingId: 'CO-908',
      listingTitle: 'Cobertura duplex com vista para o mar',
      listingUrl: `http://127.0.0.1:3000/imoveis/${page.slug}`,
      listingPrice: 2_150_000,
      transactionType: 'SELL',
      listingNeighborhood: 'Ponta Verde',
      listingCity: 'Maceió',
      listingState: 'AL',
    });
  });

  it('a lead whose page is deleted before its retry still goes out, with an honest empty page', async () => {
    const { c, page, receiver } = await agency();
    receiver.enqueue('event', fakeReply(503));
    const leadId = await sendLead(page.slug, 'Davi Sem Página');
    await waitFor(() => receiver.requestsTo('event').length >= 1, { what: 'first attempt' });
    expect((await c.delete(`/v1/pages/${page.id}`)).statusCode).toBe(204);

    const event = await eventOf(receiver, leadId);
    expect(event.data.page).toEqual({
      id: '',
      title: '',
      listing_code: null,
      url: '',
      price_cents: null,
      currency: 'BRL',
      price_formatted: null,
      purpose: null,
      property_type: null,
      neighborhood: null,
      city: null,
      state: null,
    });
  });
});

describe("an agency with a verified domain: its pages' links are on it", () => {
  it('the webhook page.url and the sitemap use https://<domain>', async () => {
    const { page, receiver, realEstateId } = await agency();
    const domain = `imoveis.entregas-${randomBytes(3).toString('hex')}.com.br`;
    await ctx.database.db.insert(customDomains).values({
      realEstateId,
      hostname: domain,
      status: 'verified',
      verificationToken: 'token-de-teste',
      verifiedAt: new Date(),
    });
    forgetDomains(ctx.app.deps); // as the process that verifies a domain does
    const leadId = await sendLead(page.slug, 'Carla Domínio');
    const event = await eventOf(receiver, leadId);
    expect(event.data.page.url).toBe(`https://${domain}/imoveis/${page.slug}`);

    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>https://${domain}/imoveis/${page.slug}</loc>`);
    expect(sitemap.body).not.toContain(`<loc>http://127.0.0.1:3000/imoveis/${page.slug}</loc>`);
  });
});
