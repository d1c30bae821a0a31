import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestContext,
  TestClient,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { captureLead } from '../leads/index.ts';
import { queueAdConversions } from '../deliveries/index.ts';
import { sha256Hex } from './hash-user-data.ts';
import { graphError, startFakeGraph, type FakeGraph } from '../../testing/fake-graph.ts';
import { startFakeGoogleAdsApi, type FakeGoogleAdsApi } from './testing/fake-google-ads-api.ts';

const DATASET = '987654321098765';
const TOKEN = 'EAAGtokenDaImobiliaria123';

let ctx: TestContext;
let graph: FakeGraph;
let google: FakeGoogleAdsApi;
const ADS = {
  customer_id: '123-456-7890',
  developer_token: 'devTokenDaAgencia0001',
  client_id: '42-vitrine.apps.googleusercontent.com',
  client_secret: 'GOCSPX-segredoDaAgencia',
  refresh_token: '1//0refreshDaAgencia',
};

beforeAll(async () => {
  graph = await startFakeGraph({ dataset: { id: DATASET, token: TOKEN } });
  google = await startFakeGoogleAdsApi({
    customerId: '1234567890',
    developerToken: ADS.developer_token,
    clientId: ADS.client_id,
    clientSecret: ADS.client_secret,
    refreshToken: ADS.refresh_token,
    conversionActions: ['701', '702'],
  });
  ctx = await createTestContext(
    {},
    {
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      DELIVERY_RETRY_SCHEDULE: '0.2,0.2',
      META_GRAPH_URL: graph.graphUrl,
      GOOGLE_ADS_API_URL: google.apiUrl,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await graph?.close();
  await google?.close();
});

const url = (id: number, s = '') => `/v1/real-estates/${id}/conversions${s}`;

async function agency(name = 'Conversões') {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { c, id: owner.realEstateId };
}

async function connectMeta(c: TestClient, id: number, over: Record<string, unknown> = {}) {
  const res = await c.put(url(id), {
    notice_confirmed: true,
    meta: { enabled: true, dataset_id: DATASET, access_token: TOKEN, test_event_code: 'TEST123', ...over },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const captureLandingLead = (realEstateId: number, over: Record<string, unknown> = {}) =>
  captureLead(ctx.app.deps, {
    realEstateId,
    name: 'Joana Prado',
    email: 'Joana.Prado@Example.com',
    phone: '(11) 91234-5678',
    message: 'Quero visitar no sábado',
    source: 'landing_page',
    consent: true,
    fbclid: 'IwAR-fbclid-1',
    // A click of its own: Google (and its fake) take a second conversion of the same click, action and
    // second as already uploaded, and leads of two tests may share their creation's second.
    gclid: `Cj0KCQ-gclid-${Math.random().toString(36).slice(2, 10)}`,
    userAgent: 'Mozilla/5.0 (Android)',
    submissionKey: `${Math.random().toString(16).slice(2)}abcdef0123456789`,
    ...over,
  });

const deliveriesOfLead = async (leadId: string) => {
  const { deliveries: table } = await import('../../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  return ctx.database.db.select().from(table).where(eq(table.leadId, leadId)).orderBy(table.createdAt);
};

/**
 * A landing lead with its ad platforms' deliveries. The capture names the lead in a job of its group,
 * which makes them after the commit; made here at once too (the job then finds them made), so a test
 * reads them without waiting for the job. 'made by a job of the group' below checks the job's way.
 */
async function landingLead(realEstateId: number, over: Record<string, unknown> = {}) {
  const captured = await captureLandingLead(realEstateId, over);
  await queueAdConversions(ctx.app.deps, [captured.lead.id]);
  return { ...captured, deliveries: await deliveriesOfLead(captured.lead.id) };
}

/**
 * Leads captured at once, as a burst of visitors: one capture group, whose job makes their Lead
 * deliveries together (one delivery job, so their attempts share Meta's requests). Each with its first
 * delivery, once the job made it.
 */
async function landingLeadsAtOnce(realEstateId: number, overs: Record<string, unknown>[]) {
  const captured = await Promise.all(overs.map((over) => captureLandingLead(realEstateId, over)));
  return Promise.all(
    captured.map(async (x) => {
      const made = await waitFor(async () => (await deliveriesOfLead(x.lead.id))[0] ?? null, {
        what: `the Lead delivery of ${x.lead.id}`,
      });
      return { ...x, deliveries: [made] };
    }),
  );
}

async function delivery(c: TestClient, id: string) {
  const res = await c.get(`/v1/deliveries/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const settled = (c: TestClient, id: string, status: string) =>
  waitFor(
    async () => {
      const d = await delivery(c, id);
      return d.status === status ? d : null;
    },
    { what: `delivery ${id} → ${status}` },
  );

describe('ad conversions settings', () => {
  it('needs the privacy notice, the dataset id and the token to turn Meta on (422 naming them)', async () => {
    const { c, id } = await agency();
    const res = await c.put(url(id), { meta: { enabled: true } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'meta.access_token',
      'meta.dataset_id',
      'notice_confirmed',
    ]);
    const bad = await c.put(url(id), { meta: { dataset_id: 'abc' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['meta.dataset_id']).toEqual([
      'O ID do conjunto de dados (pixel) tem só números.',
    ]);
    // Nothing half-written.
    expect((await c.get(url(id))).json().data.meta).toMatchObject({ enabled: false, dataset_id: '' });
  });

  it('stores the token encrypted, answers it masked, and keeps the Integrações list to the four CRMs', async () => {
    const { c, id } = await agency();
    const before = (await c.get(`/v1/real-estates/${id}/integrations`)).json();
    const view = await connectMeta(c, id);
    expect(view.meta).toMatchObject({ enabled: true, dataset_id: DATASET, access_token: '••••••••' });
    expect(JSON.stringify(view)).not.toContain(TOKEN);
    const after = (await c.get(`/v1/real-estates/${id}/integrations`)).json();
    expect(after).toEqual(before);
    expect(after.data.integrations.map((i: { name: string }) => i.name)).toEqual([
      'webhook',
      'arbo',
      'jetimob',
      'go_harry',
    ]);
    const { integrations } = await import('../../db/schema.ts');
    const { and, eq } = await import('drizzle-orm');
    const [row] = await ctx.database.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, id), eq(integrations.name, 'meta')));
    expect(row!.payloadEncrypted).not.toContain(TOKEN);
    // The mask sent back keeps the stored token.
    const kept = await c.put(url(id), { meta: { access_token: '••••••••', test_event_code: '' } });
    expect(kept.json().data.meta).toMatchObject({ access_token: '••••••••', test_event_code: '' });
    expect((await c.post(url(id, '/meta/test'))).json().data.ok).toBe(true);
  });

  it('tests the connection with a call that creates no event', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id, { access_token: 'EAAGtokenErrado0000' });
    const res = await c.post(url(id, '/meta/test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: false });
    expect(res.json().data.message).toContain('190');
    expect((await c.get(url(id))).json().data.meta).toMatchObject({ last_test_ok: false });
  });
});

describe('Meta deliveries', () => {
  it("sends a landing-page lead as a Lead event with the Pixel's event id, hashed, without the message", async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const { lead, deliveries } = await landingLead(id, { fbp: 'fb.1.1795784400123.1098115397' });
    expect(deliveries.map((d) => [d.integration, d.event])).toEqual([['meta', 'Lead']]);
    const d = await settled(c, deliveries[0]!.id, 'delivered');
    expect(d).toMatchObject({ integration: 'meta', attempts: 1, last_status_code: 200 });
    const sent = graph.events.find((e) => e.event.event_id === lead.submissionKey)!;
    expect(sent.testEventCode).toBe('TEST123');
    expect(sent.event).toMatchObject({
      event_name: 'Lead',
      action_source: 'website',
      user_data: {
        em: [sha256Hex('joana.prado@example.com')],
        ph: [sha256Hex('5511912345678')],
        fbc: `fb.1.${lead.createdAt.getTime()}.IwAR-fbclid-1`,
        fbp: 'fb.1.1795784400123.1098115397',
        client_user_agent: 'Mozilla/5.0 (Android)',
      },
    });
    const raw = graph.requests.map((r) => r.body).join('\n');
    expect(raw).not.toMatch(/sábado|Joana|Prado|91234/);
    // The ledger keeps the request and the answer, never the token.
    expect(d.ledger[0].response).toContain('"event_name":"Lead"');
    expect(d.ledger[0].response).toContain('events_received');
    expect(JSON.stringify(d)).not.toContain(TOKEN);
    // The lead's page line.
    const lc = (await c.get(`/v1/leads/${lead.id}/conversions`)).json().data;
    expect(lc.summary).toBe('Enviado ao Meta.');
    expect(lc.conversions).toEqual([
      expect.objectContaining({ platform: 'meta', event: 'Lead', status: 'delivered' }),
    ]);
  });

  it('are made by a job of the group after the commit, once, whoever runs it and however often', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const captured = await captureLandingLead(id);
    const silent = await captureLandingLead(id, { consent: false });
    // The capture's own transaction wrote no ad delivery; the job it committed names the lead that goes.
    expect(captured.deliveries).toEqual([]);
    const jobs = await ctx.database.query<{ ids: string[] }>(
      `select data->'leadIds' as ids from pgboss.job where name = 'lead-ad-conversions' and (data->'leadIds' ? $1 or data->'leadIds' ? $2)`,
      [captured.lead.id, silent.lead.id],
    );
    expect(jobs.map((j) => j.ids)).toEqual([[captured.lead.id]]);
    // The workers run it: the delivery appears and is delivered, with nothing asked of the test.
    const made = await waitFor(
      async () => (await deliveriesOfLead(captured.lead.id)).find((d) => d.integration === 'meta') ?? null,
      { what: 'the Lead delivery made by the job' },
    );
    await settled(c, made.id, 'delivered');
    // Run again (a retry, a process killed after it committed): nothing more.
    expect(await queueAdConversions(ctx.app.deps, [captured.lead.id, silent.lead.id])).toEqual([]);
    expect((await deliveriesOfLead(captured.lead.id)).map((d) => [d.integration, d.event])).toEqual([
      ['meta', 'Lead'],
    ]);
    expect(await deliveriesOfLead(silent.lead.id)).toEqual([]);
  });

  it('sends nothing for a lead without consent, a test lead, a lead not from a landing page, or Meta off', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    expect((await landingLead(id, { consent: false })).deliveries).toEqual([]);
    expect((await landingLead(id, { isTest: true })).deliveries).toEqual([]);
    expect((await landingLead(id, { source: 'api' })).deliveries).toEqual([]);
    await c.put(url(id), { meta: { enabled: false } });
    expect((await landingLead(id)).deliveries).toEqual([]);
  });

  it('reports a mapped stage once, as a CRM event', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const { lead, deliveries } = await landingLead(id);
    await settled(c, deliveries[0]!.id, 'delivered');
    const moved = await c.request('PATCH', `/v1/leads/${lead.id}`, { body: { status: 'visita_agendada' } });
    expect(moved.statusCode).toBe(200);
    await waitFor(() => graph.events.find((e) => e.event.event_id === `${lead.id}.Schedule`) ?? null, {
      what: 'Schedule event',
    });
    const schedule = graph.events.find((e) => e.event.event_id === `${lead.id}.Schedule`)!;
    expect(schedule.event).toMatchObject({
      event_name: 'Schedule',
      action_source: 'system_generated',
      custom_data: { event_source: 'crm' },
    });
    // Back and forth: the stage is not reported twice; an unmapped stage sends nothing.
    await c.request('PATCH', `/v1/leads/${lead.id}`, { body: { status: 'em_atendimento' } });
    await c.request('PATCH', `/v1/leads/${lead.id}`, { body: { status: 'visita_agendada' } });
    const { deliveries: table } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await ctx.database.db.select().from(table).where(eq(table.leadId, lead.id));
    expect(rows.map((r) => r.event).sort()).toEqual(['Lead', 'Schedule']);
  });

  it('sends the Lead events of leads captured together in one request, each delivery with its own ledger', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const keys = [0, 1, 2, 3, 4].map((i) => `juntos${i}${Math.random().toString(16).slice(2)}abcdef`);
    const captured = await landingLeadsAtOnce(
      id,
      keys.map((k) => ({ submissionKey: k })),
    );
    const done = await Promise.all(captured.map((x) => settled(c, x.deliveries[0]!.id, 'delivered')));
    const requests = graph.requestsTo('events').filter((r) => keys.some((k) => r.body.includes(k)));
    expect(requests.length).toBeLessThan(keys.length);
    done.forEach((d, i) => {
      expect(d.ledger).toHaveLength(1);
      const response: string = d.ledger[0].response;
      expect(response).toContain(`"event_id":"${keys[i]}"`);
      for (const other of keys.filter((k) => k !== keys[i])) expect(response).not.toContain(other);
      expect(response).not.toContain(TOKEN);
    });
  });

  it('fails only the event Meta refuses in a shared request; the others are delivered', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const keys = [0, 1, 2, 3].map((i) => `recusa${i}${Math.random().toString(16).slice(2)}abcdef`);
    graph.refuse(keys[1]!);
    const captured = await landingLeadsAtOnce(
      id,
      keys.map((k) => ({ submissionKey: k })),
    );
    const done = await Promise.all(
      captured.map((x, i) => settled(c, x.deliveries[0]!.id, i === 1 ? 'failed' : 'delivered')),
    );
    expect(done[1]).toMatchObject({ attempts: 1, last_status_code: 400 });
    expect(done[1].last_error).toContain('código 100');
    expect(done[1].last_error).toContain('Enviado sozinho');
    done.forEach((d, i) => {
      expect(d.ledger).toHaveLength(1);
      expect(d.ledger[0].response).toContain(`"event_id":"${keys[i]}"`);
      for (const other of keys.filter((k) => k !== keys[i]))
        expect(d.ledger[0].response).not.toContain(other);
    });
    const sent = graph.events.map((e) => e.event.event_id);
    expect(keys.filter((k) => sent.includes(k))).toEqual([keys[0], keys[2], keys[3]]);
  });

  it('pauses every delivery of a shared request on 190, and retries every one on a rate limit', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id, { access_token: 'EAAGtokenRevogado77' });
    const refused = await landingLeadsAtOnce(id, [{}, {}, {}]);
    for (const x of refused) {
      const d = await settled(c, x.deliveries[0]!.id, 'paused');
      expect(d.last_error).toContain('código 190');
      expect(d.ledger).toHaveLength(1);
    }

    const other = await agency();
    await connectMeta(other.c, other.id);
    graph.enqueue('events', graphError(17, 'User request limit reached'));
    const limited = await landingLeadsAtOnce(other.id, [{}, {}, {}]);
    for (const x of limited) {
      const d = await settled(other.c, x.deliveries[0]!.id, 'delivered');
      expect(d.attempts).toBe(2);
      expect(d.ledger[0].error ?? d.ledger[0].response).toMatch(/código 17|User request limit/);
    }
  });

  it('pauses on an expired token (190), holds new sends, and sends them once a new token is saved', async () => {
    const { c, id } = await agency();
    await connectMeta(c, id, { access_token: 'EAAGtokenVencido99' });
    const first = await landingLead(id);
    const paused = await settled(c, first.deliveries[0]!.id, 'paused');
    expect(paused.last_error).toContain('código 190');
    expect(JSON.stringify(paused)).not.toContain('EAAGtokenVencido99');
    const view = (await c.get(url(id))).json().data;
    expect(view.meta.paused_reason).toContain('código 190');
    const second = await landingLead(id);
    expect(second.deliveries[0]!.status).toBe('paused');
    await connectMeta(c, id, { access_token: TOKEN });
    await settled(c, first.deliveries[0]!.id, 'delivered');
    await settled(c, second.deliveries[0]!.id, 'delivered');
    expect((await c.get(url(id))).json().data.meta.paused_reason).toBeNull();
  });
});

describe("Google Ads' click-conversions file", () => {
  it("answers Google's template with the captured leads and the mapped stages, and rotates its address", async () => {
    const { c, id } = await agency();
    const on = await c.put(url(id), {
      notice_confirmed: true,
      google: { enabled: true, lead_conversion_name: 'Lead site' },
      stage_events: [{ status: 'ganho', meta: 'Purchase', google: 'Venda fechada' }],
    });
    expect(on.statusCode).toBe(200);
    const fileUrl: string = on.json().data.google.file_url;
    expect(fileUrl).toMatch(/\/v1\/public\/conversions\/google\/[A-Za-z0-9_-]{20,}\.csv$/);
    const path = new URL(fileUrl).pathname;
    const { lead } = await landingLead(id, { gclid: 'Cj0-gclid-com,virgula' });
    await landingLead(id, { gclid: null });
    await landingLead(id, { gclid: 'Cj0-sem-consentimento', consent: false });
    await c.request('PATCH', `/v1/leads/${lead.id}`, { body: { status: 'ganho' } });

    const pending = (await c.get(`/v1/leads/${lead.id}/conversions`)).json().data;
    expect(pending.summary).toBe('Aguardando envio ao Google.');

    const anon = new TestClient(ctx.app);
    const res = await anon.get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Parameters:TimeZone=America/Sao_Paulo');
    expect(lines[1]).toBe(
      'Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
    );
    expect(lines.slice(2)).toHaveLength(2);
    expect(lines[2]).toMatch(/^"Cj0-gclid-com,virgula",Lead site,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,,BRL$/);
    expect(lines[3]).toMatch(/^"Cj0-gclid-com,virgula",Venda fechada,/);
    expect(res.body).not.toMatch(/Joana|example\.com|sem-consentimento/);

    const read = (await c.get(`/v1/leads/${lead.id}/conversions`)).json().data;
    expect(read.summary).toBe('Enviado ao Google.');

    const rotated = await c.post(url(id, '/google/rotate'));
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.google.file_url).not.toBe(fileUrl);
    expect((await anon.get(path)).statusCode).toBe(404);
    expect((await anon.get(new URL(rotated.json().data.google.file_url).pathname)).statusCode).toBe(200);
    expect((await anon.get('/v1/public/conversions/google/naoexisteessetoken12345.csv')).statusCode).toBe(
      404,
    );
  });
});

describe('Google Ads API uploads', () => {
  async function connectGoogleAds(c: TestClient, id: number, over: Record<string, unknown> = {}) {
    const res = await c.put(url(id), {
      notice_confirmed: true,
      google_ads: {
        enabled: true,
        ...ADS,
        conversion_actions: { lead: '701', ganho: '702' },
        ...over,
      },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('needs the account, the credentials and an action to turn on (422 naming them), and answers secrets masked', async () => {
    const { c, id } = await agency();
    const res = await c.put(url(id), { notice_confirmed: true, google_ads: { enabled: true } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'google_ads.client_id',
      'google_ads.client_secret',
      'google_ads.conversion_actions',
      'google_ads.customer_id',
      'google_ads.developer_token',
      'google_ads.refresh_token',
    ]);
    const bad = await c.put(url(id), {
      google_ads: { customer_id: '123', conversion_actions: { lead: 'abc' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['google_ads.customer_id']).toEqual([
      'O ID da conta do Google Ads tem 10 dígitos (ex.: 123-456-7890).',
    ]);
    expect(bad.json().errors['google_ads.conversion_actions.lead']).toEqual([
      'O ID da ação de conversão do Google Ads tem só números.',
    ]);
    const view = await connectGoogleAds(c, id);
    expect(view.google_ads).toMatchObject({
      enabled: true,
      customer_id: '1234567890',
      developer_token: '••••••••',
      client_secret: '••••••••',
      refresh_token: '••••••••',
      client_id: ADS.client_id,
      conversion_actions: { lead: '701', ganho: '702' },
      paused_reason: null,
    });
    const raw = JSON.stringify(view);
    for (const secret of [ADS.developer_token, ADS.client_secret, ADS.refresh_token])
      expect(raw).not.toContain(secret);
    // The Integrações list still names the four CRMs only.
    const list = (await c.get(`/v1/real-estates/${id}/integrations`)).json();
    expect(list.data.integrations.map((i: { name: string }) => i.name)).toEqual([
      'webhook',
      'arbo',
      'jetimob',
      'go_harry',
    ]);
    // The masks sent back keep the stored secrets.
    const kept = await c.put(url(id), {
      google_ads: { developer_token: '••••••••', client_secret: '••••••••', refresh_token: '••••••••' },
    });
    expect(kept.statusCode).toBe(200);
    const { lead } = await landingLead(id);
    await waitFor(
      () => google.conversions.find((x) => String(x.conversion.orderId).startsWith(lead.id)) ?? null,
      {
        what: 'upload with the kept secrets',
      },
    );
  });

  it('tests the connection by reading the chosen actions, keeps the result on the card, and forgets it on new credentials', async () => {
    const { c, id } = await agency();
    await connectGoogleAds(c, id);
    const res = await c.post(url(id, '/google-ads/test'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      ok: true,
      message:
        'Conexão verificada com a conta 123-456-7890. Lead recebido: ação 701 "Ação 701", ativa; Ganho: ação 702 "Ação 702", ativa.',
    });
    const view = (await c.get(url(id))).json().data.google_ads;
    expect(view).toMatchObject({ last_test_ok: true, last_test_message: res.json().data.message });
    expect(view.last_tested_at).not.toBeNull();
    expect(google.requestsTo('search').at(-1)!.headers['developer-token']).toBe(ADS.developer_token);

    // An action Google does not have: the test says which.
    await c.put(url(id), { google_ads: { conversion_actions: { proposta: '703' } } });
    expect((await c.get(url(id))).json().data.google_ads.last_test_ok).toBeNull();
    const missing = (await c.post(url(id, '/google-ads/test'))).json().data;
    expect(missing.ok).toBe(false);
    expect(missing.message).toContain('Proposta: a ação 703 não existe nesta conta');

    // A refresh token Google refuses; new credentials clear the last result.
    await connectGoogleAds(c, id, { refresh_token: '1//0refreshRevogado' });
    const refused = (await c.post(url(id, '/google-ads/test'))).json().data;
    expect(refused.ok).toBe(false);
    expect(refused.message).toContain('invalid_grant');
    expect(JSON.stringify(refused)).not.toContain('1//0refreshRevogado');
    expect((await c.get(url(id))).json().data.google_ads).toMatchObject({ last_test_ok: false });
    await connectGoogleAds(c, id, { refresh_token: ADS.refresh_token });
    expect((await c.get(url(id))).json().data.google_ads).toMatchObject({
      last_test_ok: null,
      last_test_message: null,
      last_tested_at: null,
    });
  });

  it('uploads a landing lead by gclid, one without by hashed e-mail and phone, and a mapped stage', async () => {
    const { c, id } = await agency();
    await connectGoogleAds(c, id);
    const byClick = await landingLead(id, { gclid: 'Cj0KCQiAclick0001' });
    const byIdentity = await landingLead(id, { gclid: null, email: 'Joana.Prado@gmail.com' });
    expect(byClick.deliveries.map((d) => [d.integration, d.event])).toEqual([['google_ads', 'Lead']]);
    const first = await settled(c, byClick.deliveries[0]!.id, 'delivered');
    await settled(c, byIdentity.deliveries[0]!.id, 'delivered');
    const sentClick = google.conversions.find((x) => x.conversion.orderId === `${byClick.lead.id}:lead`)!;
    expect(sentClick.conversion).toMatchObject({
      gclid: 'Cj0KCQiAclick0001',
      conversionAction: 'customers/1234567890/conversionActions/701',
    });
    const sentIdentity = google.conversions.find(
      (x) => x.conversion.orderId === `${byIdentity.lead.id}:lead`,
    )!;
    expect(sentIdentity.conversion.gclid).toBeUndefined();
    expect(sentIdentity.conversion.userIdentifiers).toEqual([
      { hashedEmail: sha256Hex('joanaprado@gmail.com') },
      { hashedPhoneNumber: sha256Hex('+5511912345678') },
    ]);
    expect(google.requests.map((r) => r.body).join('\n')).not.toMatch(/Joana|Prado|91234|sábado/);
    expect(first.ledger[0].response).toContain('"gclid":"Cj0KCQiAclick0001"');
    expect(JSON.stringify(first)).not.toMatch(
      new RegExp([ADS.developer_token, ADS.client_secret, ADS.refresh_token].join('|')),
    );
    // A stage with an action is uploaded once; one without sends nothing.
    await c.request('PATCH', `/v1/leads/${byClick.lead.id}`, { body: { status: 'visita_agendada' } });
    await c.request('PATCH', `/v1/leads/${byClick.lead.id}`, { body: { status: 'ganho' } });
    await waitFor(
      () => google.conversions.find((x) => x.conversion.orderId === `${byClick.lead.id}:ganho`) ?? null,
      { what: 'ganho upload' },
    );
    const lc = (await c.get(`/v1/leads/${byClick.lead.id}/conversions`)).json().data;
    expect(lc.summary).toBe('Enviado ao Google.');
    expect(lc.conversions.map((x: { event: string }) => x.event)).toEqual(['Lead', 'Ganho']);
    const sends = (await c.get(url(id, '/sends'))).json().data;
    expect(sends.filter((s: { integration: string }) => s.integration === 'google_ads')).toHaveLength(3);
  });

  it('sends nothing for a lead without consent, without gclid, e-mail or phone, or a test lead', async () => {
    const { c, id } = await agency();
    await connectGoogleAds(c, id);
    expect((await landingLead(id, { consent: false })).deliveries).toEqual([]);
    expect((await landingLead(id, { isTest: true })).deliveries).toEqual([]);
    expect((await landingLead(id, { gclid: null, email: null, phone: null })).deliveries).toEqual([]);
  });

  it('pauses when Google refuses the refresh token, holds new sends, and sends them once a new one is saved', async () => {
    const { c, id } = await agency();
    await connectGoogleAds(c, id, { refresh_token: '1//0refreshRevogado' });
    const first = await landingLead(id);
    const paused = await settled(c, first.deliveries[0]!.id, 'paused');
    expect(paused.last_error).toContain('invalid_grant');
    expect(JSON.stringify(paused)).not.toContain('1//0refreshRevogado');
    expect((await c.get(url(id))).json().data.google_ads.paused_reason).toContain('invalid_grant');
    const second = await landingLead(id);
    expect(second.deliveries[0]!.status).toBe('paused');
    await connectGoogleAds(c, id, { refresh_token: ADS.refresh_token });
    await settled(c, first.deliveries[0]!.id, 'delivered');
    await settled(c, second.deliveries[0]!.id, 'delivered');
    expect((await c.get(url(id))).json().data.google_ads.paused_reason).toBeNull();
  });
});

describe('leads held for review and released', () => {
  it("get their Lead event at release, with the Pixel's event id; one released past Meta's window goes to Google only", async () => {
    const { c, id } = await agency();
    await connectMeta(c, id);
    const on = await c.put(url(id), {
      google_ads: { enabled: true, ...ADS, conversion_actions: { lead: '701' } },
    });
    expect(on.statusCode).toBe(200);
    const held = await landingLead(id, {
      quarantined: true,
      quarantineReason: 'formulário enviado rápido demais',
    });
    expect(held.deliveries).toEqual([]);
    const released = await c.post(`/v1/leads/${held.lead.id}/release`);
    expect(released.statusCode).toBe(200);
    const { deliveries: table, leads } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await ctx.database.db.select().from(table).where(eq(table.leadId, held.lead.id));
    expect(rows.map((r) => [r.integration, r.event]).sort()).toEqual([
      ['google_ads', 'Lead'],
      ['meta', 'Lead'],
    ]);
    for (const r of rows) await settled(c, r.id, 'delivered');
    const sent = graph.events.find((e) => e.event.event_id === held.lead.submissionKey)!;
    expect(sent.event).toMatchObject({
      event_name: 'Lead',
      action_source: 'website',
      event_time: Math.floor(held.lead.createdAt.getTime() / 1000),
    });
    expect(google.conversions.some((x) => x.conversion.orderId === `${held.lead.id}:lead`)).toBe(true);

    // Held eight days: Meta would refuse an event that old (7 days); Google's window is 90.
    const late = await landingLead(id, { quarantined: true });
    await ctx.database.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(leads.id, late.lead.id));
    expect((await c.post(`/v1/leads/${late.lead.id}/release`)).statusCode).toBe(200);
    const lateRows = await ctx.database.db.select().from(table).where(eq(table.leadId, late.lead.id));
    expect(lateRows.map((r) => r.integration)).toEqual(['google_ads']);
  });
});
