import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundRequests, leads, leadSources } from '../../db/schema.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  signedInMember,
  signedInOwner,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { fetchMetaLeadJob } from './jobs/fetch-meta-lead.job.ts';
import { fetchMetaLeadQueue } from './jobs/fetch-meta-lead.queue.ts';
import { fetchMetaLead } from './meta-lead-ads-fetch.ts';
import { MetaGraphError } from './meta-lead-ads-graph.ts';
import {
  leadgenNotification,
  signMetaBody,
  startFakeGraph,
  type FakeGraph,
} from '../../testing/fake-graph.ts';

const APP_SECRET = 'f1e2d3c4b5a69788796a5b4c3d2e1f00';
const VERIFY_TOKEN = 'verifica-vitrine-meta-2026';
const APP_ID = '1234567890123';

let ctx: TestContext;
let graph: FakeGraph;
let pageSeq = 104738291234500;
let leadSeq = 912345678901230000n;
const nextPageId = () => String(pageSeq++);
const nextLeadId = () => String(leadSeq++);

beforeAll(async () => {
  graph = await startFakeGraph({ appId: APP_ID, appSecret: APP_SECRET });
  ctx = await createTestContext(
    {},
    {
      META_APP_SECRET: APP_SECRET,
      META_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
      META_APP_ID: APP_ID,
      META_GRAPH_URL: graph.graphUrl,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await graph?.close();
});

/** An agency with its Facebook page connected through the console's endpoint. */
async function connectedAgency(name: string, forms: { id: string; name: string }[] = []) {
  const { client, ...owner } = await signedInOwner(ctx, name);
  const page = graph.addPage({
    id: nextPageId(),
    name: `${name} no Facebook`,
    appId: APP_ID,
    forms: forms.map((f) => ({ ...f, status: 'ACTIVE' })),
  });
  const res = await client.put(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`, {
    page_id: page.id,
    page_access_token: page.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { owner, page, client };
}

/** The fetch job's payload for one notified lead. */
const notified = (realEstateId: number, leadgenId: string, pageId: string) => ({
  realEstateId,
  leadgenId,
  pageId,
  formId: null,
  adId: null,
  createdTime: null,
});

const postNotification = (body: string, signature = signMetaBody(APP_SECRET, body)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/webhooks/meta',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });

const leadsOf = (realEstateId: number) =>
  ctx.database.db.select().from(leads).where(eq(leads.realEstateId, realEstateId));
const ledgerOf = (realEstateId: number) =>
  ctx.database.db
    .select()
    .from(inboundRequests)
    .where(and(eq(inboundRequests.realEstateId, realEstateId), eq(inboundRequests.channel, 'meta_lead_ads')));

describe('Meta webhook: verification handshake', () => {
  it('answers the challenge to the right verify token, 401 otherwise', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/v1/webhooks/meta?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${VERIFY_TOKEN}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);

    for (const query of [
      'hub.mode=subscribe&hub.challenge=1&hub.verify_token=outro-token-qualquer',
      'hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=' + VERIFY_TOKEN,
      'hub.challenge=1',
    ]) {
      const bad = await ctx.app.inject({ method: 'GET', url: `/v1/webhooks/meta?${query}` });
      expect(bad.statusCode, query).toBe(401);
      expect(bad.body).not.toContain('1158201444');
    }
  });

  it('is not served on the landing host', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/webhooks/meta?hub.mode=subscribe&hub.challenge=7&hub.verify_token=${VERIFY_TOKEN}`,
      headers: { host: new URL(ctx.config.LANDING_URL).host },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('Meta webhook: notifications', () => {
  it('refuses a wrong or missing signature with 401, and stores nothing', async () => {
    const { owner, page } = await connectedAgency('Assinatura S.A.');
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Eva'] }] });
    const body = leadgenNotification([{ leadgenId, pageId: page.id }]);
    for (const signature of [
      signMetaBody('outro-segredo-de-outro-app-0000', body),
      signMetaBody(APP_SECRET, body + ' '),
      'sha1=' + 'a'.repeat(40),
      '',
    ]) {
      const res = await postNotification(body, signature);
      expect(res.statusCode, signature).toBe(401);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(0);
    expect(graph.calls.some((c) => c.path === `/${leadgenId}`)).toBe(false);
  });

  it('a notification becomes one lead with its answers, its page (form → listing) and source; twice is still one', async () => {
    const formId = '551234567890123';
    const { owner, page, client } = await connectedAgency('Formulário S.A.', [
      { id: formId, name: 'Apto Pinheiros' },
    ]);
    expect(page.subscribedFields).toEqual(['leadgen']);
    const listing = await insertPage(ctx, owner.realEstateId, {
      title: 'Apartamento Pinheiros',
      listingCode: 'PIN-1',
    });
    const save = await client.put(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta/forms`, {
      forms: [{ form_id: formId, page_id: listing.id }],
    });
    expect(save.statusCode, save.body).toBe(200);

    const leadgenId = nextLeadId();
    graph.addLead({
      id: leadgenId,
      pageId: page.id,
      form_id: formId,
      ad_id: '238000000000001',
      ad_name: 'Anúncio Pinheiros',
      campaign_id: '238000000000002',
      campaign_name: 'Lançamento novembro',
      platform: 'ig',
      field_data: [
        { name: 'full_name', values: ['Bruna Costa'] },
        { name: 'email', values: ['Bruna@Exemplo.com.br'] },
        { name: 'phone_number', values: ['+5511987654321'] },
        { name: 'quando_pretende_se_mudar?', values: ['Em até 3 meses'] },
      ],
    });
    const body = leadgenNotification([{ leadgenId, pageId: page.id, formId, adId: '238000000000001' }]);
    const first = await postNotification(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, leads: 1 });
    const [lead] = await waitFor(async () => {
      const rows = await leadsOf(owner.realEstateId);
      return rows.length ? rows : null;
    });
    expect(lead!.name).toBe('Bruna Costa');
    expect(lead!.email).toBe('bruna@exemplo.com.br');
    expect(lead!.phone).toBe('11987654321');
    expect(lead!.source).toBe('instagram');
    expect(lead!.pageId).toBe(listing.id);
    expect(lead!.sourceDetails).toMatchObject({
      platform: 'ig',
      form_id: formId,
      form_name: 'Apto Pinheiros',
      ad_name: 'Anúncio Pinheiros',
      campaign_name: 'Lançamento novembro',
      answers: [{ question: 'quando_pretende_se_mudar?', answer: 'Em até 3 meses' }],
    });

    // Meta delivers the same notification again: still one lead, the ledger says duplicate.
    expect((await postNotification(body)).statusCode).toBe(200);
    await waitFor(async () => (await ledgerOf(owner.realEstateId)).length === 2);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.outcome).sort()).toEqual(['created', 'duplicate']);
    expect(ledger.every((r) => r.externalId === leadgenId && r.leadId === lead!.id)).toBe(true);
  });

  it('links by a listing-code question when the form has no page chosen; a foreign number is kept as sent', async () => {
    const { owner, page } = await connectedAgency('Código S.A.');
    const listing = await insertPage(ctx, owner.realEstateId, { listingCode: 'CA-77' });
    const leadgenId = nextLeadId();
    graph.addLead({
      id: leadgenId,
      pageId: page.id,
      field_data: [
        { name: 'first_name', values: ['João'] },
        { name: 'last_name', values: ['Silva'] },
        { name: 'phone_number', values: ['+351 912 345 678'] },
        { name: 'Código do imóvel', values: ['CA-77'] },
      ],
    });
    await fetchMetaLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      leadgenId,
      pageId: page.id,
      formId: null,
      adId: null,
      createdTime: null,
    });
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead!.name).toBe('João Silva');
    expect(lead!.phone).toBe('+351 912 345 678');
    expect(lead!.source).toBe('facebook');
    expect(lead!.listingCode).toBe('CA-77');
    expect(lead!.pageId).toBe(listing.id);
  });

  it('rate limited (4, 17, 32, 613) and Meta down: the job throws to be retried, then one lead', async () => {
    const { owner, page } = await connectedAgency('Limite S.A.');
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Rita'] }] });
    const payload = {
      realEstateId: owner.realEstateId,
      leadgenId,
      pageId: page.id,
      formId: null,
      adId: null,
      createdTime: null,
    };
    for (const name of [
      'appRateLimit',
      'userRateLimit',
      'pageRateLimit',
      'customRateLimit',
      'serverError',
    ] as const) {
      graph.failNext(name, 1, new RegExp(`^/${leadgenId}$`));
      const err = await fetchMetaLead(ctx.app.deps, payload).catch((e: unknown) => e);
      expect(err, name).toBeInstanceOf(MetaGraphError);
      expect((err as MetaGraphError).failure).toBe('retry');
    }
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(0);
    await fetchMetaLead(ctx.app.deps, payload);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    // pg-boss is the one retrying: the queue declares retries with backoff.
    expect(fetchMetaLeadQueue.retry).toMatchObject({ backoff: true });
    expect(fetchMetaLeadQueue.retry.limit).toBeGreaterThanOrEqual(10);
  });

  it('an expired token (190) pauses the source with a message; a new token fetches the waiting lead', async () => {
    const { owner, page, client } = await connectedAgency('Token S.A.');
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Paula'] }] });
    graph.revoke(page.token);
    expect((await postNotification(leadgenNotification([{ leadgenId, pageId: page.id }]))).statusCode).toBe(
      200,
    );
    const [refused] = await waitFor(async () => {
      const rows = await ledgerOf(owner.realEstateId);
      return rows.length ? rows : null;
    });
    expect(refused!.outcome).toBe('refused');
    expect(refused!.reason).toMatch(/token de acesso da página \(código 190/);

    const view = (await client.get(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`)).json();
    expect(view.data.status).toBe('token_error');
    expect(view.data.token_error).toMatch(/expirou ou foi revogado/);
    expect(view.data.waiting_leads).toBe(1);

    // A second lead while paused waits too, without calling Meta.
    const second = nextLeadId();
    graph.addLead({ id: second, pageId: page.id, field_data: [{ name: 'full_name', values: ['Otávio'] }] });
    const callsBefore = graph.calls.length;
    expect(
      (await postNotification(leadgenNotification([{ leadgenId: second, pageId: page.id }]))).statusCode,
    ).toBe(200);
    await waitFor(async () => (await ledgerOf(owner.realEstateId)).length === 2);
    expect(graph.calls.slice(callsBefore).some((c) => c.path === `/${second}`)).toBe(false);

    // The agency pastes a new token: the source resumes and both leads arrive.
    const renewed = `EAAGnovo${'x'.repeat(30)}`;
    page.token = renewed;
    const res = await client.put(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`, {
      page_id: page.id,
      page_access_token: renewed,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('connected');
    const stored = await waitFor(async () => {
      const rows = await leadsOf(owner.realEstateId);
      return rows.length === 2 ? rows : null;
    });
    expect(stored.map((l) => l.name).sort()).toEqual(['Otávio', 'Paula']);
    const after = (await client.get(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`)).json();
    expect(after.data.waiting_leads).toBe(0);
  });

  it('an unknown lead (100) is refused in the ledger with the reason', async () => {
    const { owner, page } = await connectedAgency('Sumiu S.A.');
    const leadgenId = nextLeadId();
    await fetchMetaLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      leadgenId,
      pageId: page.id,
      formId: null,
      adId: null,
      createdTime: null,
    });
    const [row] = await ledgerOf(owner.realEstateId);
    expect(row!.outcome).toBe('refused');
    expect(row!.reason).toMatch(/código 100/);
    expect(row!.externalId).toBe(leadgenId);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);
  });

  it("the last try with Meta still failing leaves a failed row with Meta's error; replayed once Meta answers", async () => {
    const { owner, page, client } = await connectedAgency('Esgotado S.A.');
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Lia'] }] });
    const payload = notified(owner.realEstateId, leadgenId, page.id);
    const lead = new RegExp(`^/${leadgenId}$`);
    const jobDeps = { ...ctx.app.deps, signal: new AbortController().signal };
    // Before the last try the job throws (pg-boss retries it) and writes nothing.
    graph.failNext('pageRateLimit', 1, lead);
    await expect(
      fetchMetaLeadJob.handle(payload, jobDeps, { retryCount: 3, retryLimit: 14, last: false }),
    ).rejects.toBeInstanceOf(MetaGraphError);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(0);
    // The last try: the failure is written, not thrown.
    graph.failNext('pageRateLimit', 1, lead);
    await fetchMetaLeadJob.handle(payload, jobDeps, { retryCount: 14, retryLimit: 14, last: true });
    const [row] = await ledgerOf(owner.realEstateId);
    expect(row).toMatchObject({ outcome: 'failed', externalId: leadgenId, leadId: null });
    expect(row!.reason).toMatch(/todas as tentativas.*código 32/);
    expect(row!.body).toMatchObject({
      notification: { leadgenId, pageId: page.id },
      error: { code: 32, fbtrace_id: expect.any(String) },
    });
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);

    const listed = await client.get(`/v1/real-estates/${owner.realEstateId}/inbound-requests?outcome=failed`);
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: row!.id, outcome: 'failed', can_replay: true, channel: 'meta_lead_ads' }),
    ]);
    // Meta still down: 422, nothing written.
    graph.failNext('serverError', 1, lead);
    const still = await client.post(`/v1/inbound-requests/${row!.id}/replay`);
    expect(still.statusCode).toBe(422);
    expect(still.json().message).toMatch(/^Ainda recusada: A Meta ainda não entregou/);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(1);
    // Meta is back: one lead.
    const replay = await client.post(`/v1/inbound-requests/${row!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json().data.outcome).toBe('created');
    const [stored] = await leadsOf(owner.realEstateId);
    expect(stored).toMatchObject({ name: 'Lia', source: 'facebook', id: replay.json().data.lead_id });
    expect((await ledgerOf(owner.realEstateId)).map((r) => r.outcome).sort()).toEqual(['created', 'failed']);
  });

  it('pg-boss tells the job its last try: a job without retries left writes the failure', async () => {
    const { owner, page } = await connectedAgency('Sem Tentativas S.A.');
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Téo'] }] });
    graph.failNext('appRateLimit', 1, new RegExp(`^/${leadgenId}$`));
    // The queue's own job, with no retry left: its first try is its last.
    await ctx.app.queue.enqueue(
      ctx.database.db,
      { ...fetchMetaLeadQueue, retry: { limit: 0, delaySeconds: 1 } },
      notified(owner.realEstateId, leadgenId, page.id),
    );
    ctx.app.queue.wake(fetchMetaLeadQueue);
    const [row] = await waitFor(async () => {
      const rows = await ledgerOf(owner.realEstateId);
      return rows.length ? rows : null;
    });
    expect(row).toMatchObject({ outcome: 'failed', externalId: leadgenId });
    expect(row!.reason).toMatch(/código 4\b/);
  });

  it('replays a lead refused while the page was disconnected, after it is reconnected: one lead, then duplicates', async () => {
    const { owner, page, client } = await connectedAgency('Reconecta S.A.');
    const url = `/v1/real-estates/${owner.realEstateId}/lead-sources/meta`;
    const leadgenId = nextLeadId();
    graph.addLead({ id: leadgenId, pageId: page.id, field_data: [{ name: 'full_name', values: ['Ivo'] }] });
    expect((await client.delete(url)).statusCode).toBe(204);
    // Meta delivered the notification twice while the page was disconnected: two refused rows.
    await fetchMetaLead(ctx.app.deps, notified(owner.realEstateId, leadgenId, page.id));
    await fetchMetaLead(ctx.app.deps, notified(owner.realEstateId, leadgenId, page.id));
    const refused = await ledgerOf(owner.realEstateId);
    expect(refused.map((r) => r.outcome)).toEqual(['refused', 'refused']);
    expect(refused[0]!.reason).toMatch(/desconectada/);
    const first = await client.post(`/v1/inbound-requests/${refused[0]!.id}/replay`);
    expect(first.statusCode).toBe(422);
    expect(first.json().message).toMatch(/desconectada/);

    const reconnect = await client.put(url, { page_id: page.id, page_access_token: page.token });
    expect(reconnect.statusCode).toBe(200);
    const replay = await client.post(`/v1/inbound-requests/${refused[0]!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json().data.outcome).toBe('created');
    expect((await client.post(`/v1/inbound-requests/${refused[0]!.id}/replay`)).statusCode).toBe(409);
    // The second refusal of the same lead replayed: the lead already received, not a second one.
    const second = await client.post(`/v1/inbound-requests/${refused[1]!.id}/replay`);
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({ outcome: 'duplicate', lead_id: replay.json().data.lead_id });
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
  });

  it('a page no agency connected is acknowledged and ignored; other changes than leadgen are skipped', async () => {
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: '999000111222333',
          time: 1,
          changes: [
            {
              field: 'leadgen',
              value: { leadgen_id: '123', page_id: '999000111222333', form_id: '1', created_time: 1 },
            },
            { field: 'feed', value: { item: 'status' } },
          ],
        },
      ],
    });
    const res = await postNotification(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, leads: 0 });
    const broken = await postNotification('{"object":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/Notificação inválida/);
  });
});

describe('Meta lead forms: the agency connection', () => {
  it('refuses a token Meta does not accept or of another app, in Portuguese, and saves nothing', async () => {
    const { client, ...owner } = await signedInOwner(ctx, 'Conexão S.A.');
    const page = graph.addPage({ id: nextPageId(), appId: '999999999' });
    const url = `/v1/real-estates/${owner.realEstateId}/lead-sources/meta`;
    const otherApp = await client.put(url, { page_id: page.id, page_access_token: page.token });
    expect(otherApp.statusCode).toBe(422);
    expect(otherApp.json().message).toMatch(/outro app/);
    page.appId = APP_ID;
    const wrongPage = await client.put(url, { page_id: '100000000000001', page_access_token: page.token });
    expect(wrongPage.statusCode).toBe(422);
    expect(wrongPage.json().errors.page_id).toBeDefined();
    const invalid = await client.put(url, { page_id: 'abc', page_access_token: 'curto' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toMatch(/ID da página/);
    const rows = await ctx.database.db
      .select()
      .from(leadSources)
      .where(eq(leadSources.realEstateId, owner.realEstateId));
    expect(rows).toHaveLength(0);
    const view = (await client.get(url)).json();
    expect(view.data).toMatchObject({
      configured: true,
      status: 'not_connected',
      verify_token: VERIFY_TOKEN,
    });
    expect(view.data.webhook_url).toMatch(/\/v1\/webhooks\/meta$/);
  });

  it('lists the forms, saves the choices (own pages only), disconnects; agents may not', async () => {
    const { owner, page, client } = await connectedAgency('Escolhas S.A.', [
      { id: '661', name: 'Casa Jardins' },
      { id: '662', name: 'Sala comercial' },
    ]);
    const url = `/v1/real-estates/${owner.realEstateId}/lead-sources/meta`;
    const listed = (await client.get(`${url}/forms`)).json();
    expect(listed.data.forms.map((f: { name: string }) => f.name)).toEqual([
      'Casa Jardins',
      'Sala comercial',
    ]);
    const stored = await ctx.database.db
      .select()
      .from(leadSources)
      .where(eq(leadSources.realEstateId, owner.realEstateId));
    expect(stored[0]!.secretEncrypted).not.toContain(page.token);

    const other = await createOwner(ctx, 'Vizinha S.A.');
    const foreign = await insertPage(ctx, other.realEstateId);
    const refused = await client.put(`${url}/forms`, { forms: [{ form_id: '661', page_id: foreign.id }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['forms.0.page_id']).toEqual(['Página não encontrada.']);

    const { client: agentClient } = await signedInMember(ctx, owner.realEstateId, 'agent');
    expect((await agentClient.get(url)).statusCode).toBe(403);

    expect((await client.delete(url)).statusCode).toBe(204);
    const after = (await client.get(url)).json();
    expect(after.data.status).toBe('not_connected');
    const [row] = await ctx.database.db
      .select()
      .from(leadSources)
      .where(eq(leadSources.realEstateId, owner.realEstateId));
    expect(row!.secretEncrypted).toBeNull();
    // A notification for the disconnected page enqueues nothing.
    const res = await postNotification(leadgenNotification([{ leadgenId: nextLeadId(), pageId: page.id }]));
    expect(res.json()).toEqual({ received: true, leads: 0 });
  });
});

describe('Meta lead forms without the product app configured', () => {
  it('the webhook answers 401 and the card says the operator must set it up', async () => {
    const bare = await createTestContext();
    try {
      const hand = await bare.app.inject({
        method: 'GET',
        url: '/v1/webhooks/meta?hub.mode=subscribe&hub.challenge=1&hub.verify_token=x',
      });
      expect(hand.statusCode).toBe(401);
      const body = '{"object":"page","entry":[]}';
      const post = await bare.app.inject({
        method: 'POST',
        url: '/v1/webhooks/meta',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody('', body) },
        payload: body,
      });
      expect(post.statusCode).toBe(401);
      const { client, ...owner } = await signedInOwner(bare, 'Sem App S.A.');
      const view = (await client.get(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`)).json();
      expect(view.data.configured).toBe(false);
      expect(view.data.verify_token).toBeNull();
      const connect = await client.put(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`, {
        page_id: '104738291234567',
        page_access_token: 'EAAG' + 'y'.repeat(40),
      });
      expect(connect.statusCode).toBe(409);
      expect(connect.json().message).toMatch(/META_APP_SECRET/);
    } finally {
      await bare.close();
    }
  });
});
