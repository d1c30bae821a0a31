import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundRequests, leadSources, metaOauthGrants } from '../../db/schema.ts';
import { startFakeGraph, type FakeGraph } from '../../testing/fake-graph.ts';
import {
  createTestContext,
  signedInMember,
  signedInOwner,
  type TestClient,
  type TestContext,
} from '../../testing/test-app.ts';
import { metaOAuthGrantSweepJob } from './index.ts';
import { AWAITING_TOKEN } from './meta-lead-ads.ts';

const APP_SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const APP_ID = '7654321098765';

let ctx: TestContext;
let graph: FakeGraph;
let pageSeq = 204738291234500;
const nextPageId = () => String(pageSeq++);

beforeAll(async () => {
  graph = await startFakeGraph({ appId: APP_ID, appSecret: APP_SECRET, accountsPageSize: 2 });
  ctx = await createTestContext(
    {},
    {
      META_APP_SECRET: APP_SECRET,
      META_WEBHOOK_VERIFY_TOKEN: 'verifica-vitrine-oauth-2026',
      META_APP_ID: APP_ID,
      META_GRAPH_URL: graph.graphUrl,
      META_OAUTH_DIALOG_URL: graph.dialogUrl,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await graph?.close();
});

const oauthUrl = (realEstateId: number) => `/v1/real-estates/${realEstateId}/lead-sources/meta/oauth`;

/** "Conectar com Facebook": the dialog URL the console is sent to, and its state. */
async function start(client: TestClient, realEstateId: number) {
  const res = await client.post(oauthUrl(realEstateId));
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().data.url as string);
  return { url, state: url.searchParams.get('state')! };
}

/** Facebook Login sending the browser back to the callback: where it is redirected. */
async function callback(client: TestClient, query: Record<string, string>) {
  const res = await client.get(`/v1/oauth/meta/callback?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(302);
  return new URL(res.headers.location as string);
}

const view = async (client: TestClient, realEstateId: number) =>
  (await client.get(`/v1/real-estates/${realEstateId}/lead-sources/meta`)).json().data;

describe('Conectar com Facebook', () => {
  it('sends the owner to the dialog, lists every page (paginated) and connects the chosen one like a pasted token', async () => {
    const { client, ...owner } = await signedInOwner(ctx, 'Facebook S.A.');
    const pages = [0, 1, 2].map((i) =>
      graph.addPage({
        id: nextPageId(),
        name: `Página ${i}`,
        forms: [{ id: `77${i}`, name: 'Casa', status: 'ACTIVE' }],
      }),
    );
    // A lead that waited for a token for the page chosen below: replayed on connecting.
    await ctx.database.db.insert(inboundRequests).values({
      realEstateId: owner.realEstateId,
      channel: 'meta_lead_ads',
      outcome: 'refused',
      httpStatus: 200,
      body: {
        awaiting: AWAITING_TOKEN,
        notification: {
          leadgenId: '9911',
          pageId: pages[2]!.id,
          formId: null,
          adId: null,
          createdTime: null,
        },
      },
    });

    const { url, state } = await start(client, owner.realEstateId);
    expect(`${url.origin}${url.pathname}`).toBe(graph.dialogUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: APP_ID,
      redirect_uri: `${ctx.config.APP_URL}/v1/oauth/meta/callback`,
      scope:
        'pages_show_list,pages_manage_metadata,pages_read_engagement,leads_retrieval,business_management',
      response_type: 'code',
    });
    const { code } = graph.loginAs({
      pages: [
        ...pages.map((p) => ({ id: p.id, tasks: ['ADVERTISE', 'ANALYZE', 'MANAGE'] })),
        { id: graph.addPage({ id: nextPageId(), name: 'Só moderação' }).id, tasks: ['MODERATE'] },
      ],
    });
    const back = await callback(client, { code, state });
    expect(back.pathname).toBe('/origens');
    expect(back.searchParams.get('facebook')).toBe('paginas');
    // Four pages, two a time: /me/accounts was followed through paging.next.
    expect(graph.calls.filter((c) => c.path === '/me/accounts')).toHaveLength(2);
    const exchanges = graph.calls.filter((c) => c.path === '/oauth/access_token');
    expect(exchanges[0]!.query).toMatchObject({ code, client_id: APP_ID, client_secret: APP_SECRET });
    expect(exchanges[1]!.query.grant_type).toBe('fb_exchange_token');

    const listed = await view(client, owner.realEstateId);
    expect(listed.oauth.error).toBeNull();
    expect(listed.oauth.pages.map((p: { name: string }) => p.name)).toEqual([
      'Página 0',
      'Página 1',
      'Página 2',
      'Só moderação',
    ]);
    expect(listed.oauth.pages[3].problem).toMatch(/não pode anunciar/);
    expect(JSON.stringify(listed)).not.toContain(pages[0]!.token);
    const [row] = await ctx.database.db
      .select()
      .from(metaOauthGrants)
      .where(eq(metaOauthGrants.realEstateId, owner.realEstateId));
    expect(row!.secretEncrypted).not.toContain(pages[2]!.token);

    // A page the user cannot advertise on is refused; another agency's member cannot choose.
    const moderated = await client.post(`${oauthUrl(owner.realEstateId)}/page`, {
      page_id: listed.oauth.pages[3].id,
    });
    expect(moderated.statusCode).toBe(422);
    expect(moderated.json().errors.page_id).toBeDefined();
    const { client: agent } = await signedInMember(ctx, owner.realEstateId, 'agent');
    expect(
      (await agent.post(`${oauthUrl(owner.realEstateId)}/page`, { page_id: pages[2]!.id })).statusCode,
    ).toBe(403);

    const chosen = await client.post(`${oauthUrl(owner.realEstateId)}/page`, { page_id: pages[2]!.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().message).toMatch(/Página 2 conectada/);
    expect(chosen.json().data).toMatchObject({ status: 'connected', page_id: pages[2]!.id, oauth: null });
    expect(chosen.json().data.forms).toHaveLength(1);
    expect(pages[2]!.subscribedFields).toEqual(['leadgen']);
    const [source] = await ctx.database.db
      .select()
      .from(leadSources)
      .where(eq(leadSources.realEstateId, owner.realEstateId));
    expect(source!.secretEncrypted).toBeTruthy();
    expect(source!.secretEncrypted).not.toContain(pages[2]!.token);
    const [waited] = await ctx.database.db
      .select()
      .from(inboundRequests)
      .where(and(eq(inboundRequests.realEstateId, owner.realEstateId)));
    expect(waited!.replayedAt).not.toBeNull();
    // The grant (with every page's token) is gone.
    expect(
      await ctx.database.db
        .select()
        .from(metaOauthGrants)
        .where(eq(metaOauthGrants.realEstateId, owner.realEstateId)),
    ).toHaveLength(0);
    const again = await client.post(`${oauthUrl(owner.realEstateId)}/page`, { page_id: pages[1]!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/expirou ou já foi usada/);
  });

  it("refuses a forged, reused, expired or another session's state, touching nothing", async () => {
    const { client, ...owner } = await signedInOwner(ctx, 'Estado S.A.');
    const page = graph.addPage({ id: nextPageId() });
    const { state } = await start(client, owner.realEstateId);
    const [nonce] = state.split('.');
    const forged = await callback(client, {
      code: graph.loginAs({ pages: [] }).code,
      state: `${nonce}.AAAA`,
    });
    expect(forged.searchParams.get('facebook')).toBe('invalido');
    // The same state from another session (another browser of the same user) is refused too.
    const { client: other } = await signedInOwner(ctx, 'Outra S.A.');
    expect((await callback(other, { code: 'x', state })).searchParams.get('facebook')).toBe('invalido');
    const { code } = graph.loginAs({ pages: [{ id: page.id, tasks: ['ADVERTISE'] }] });
    expect((await callback(client, { code, state })).searchParams.get('facebook')).toBe('paginas');
    expect((await callback(client, { code, state })).searchParams.get('facebook')).toBe('invalido');

    const late = await start(client, owner.realEstateId);
    await ctx.database.db
      .update(metaOauthGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(metaOauthGrants.realEstateId, owner.realEstateId));
    const expired = await callback(client, { code: graph.loginAs({ pages: [] }).code, state: late.state });
    expect(expired.searchParams.get('facebook')).toBe('invalido');
    expect((await view(client, owner.realEstateId)).oauth).toBeNull();
    // Without a session (signed out) nothing is looked up either.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/v1/oauth/meta/callback?state=${late.state}&code=x`,
    });
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toMatch(/facebook=invalido$/);
    // A malformed query (a repeated or oversized parameter) sends the browser back too, never JSON.
    for (const url of [
      `/v1/oauth/meta/callback?state=${late.state}&state=${late.state}&code=x`,
      `/v1/oauth/meta/callback?state=${late.state}&code=${'x'.repeat(2001)}`,
    ]) {
      const malformed = await client.get(url);
      expect(malformed.statusCode, malformed.body).toBe(302);
      expect(malformed.headers.location).toMatch(/facebook=invalido$/);
    }
  });

  it('an unfinished login is swept once expired, its sealed token with it; a login in progress stays', async () => {
    const { client, ...owner } = await signedInOwner(ctx, 'Abandono S.A.');
    const page = graph.addPage({ id: nextPageId() });
    const { state } = await start(client, owner.realEstateId);
    const { code } = graph.loginAs({ pages: [{ id: page.id, tasks: ['ADVERTISE'] }] });
    // Back from Facebook with the pages, and then nobody picks one.
    expect((await callback(client, { code, state })).searchParams.get('facebook')).toBe('paginas');
    const grantsOf = (realEstateId: number) =>
      ctx.database.db.select().from(metaOauthGrants).where(eq(metaOauthGrants.realEstateId, realEstateId));
    const [abandoned] = await grantsOf(owner.realEstateId);
    expect(abandoned!.secretEncrypted).not.toBeNull();
    const { client: other, ...another } = await signedInOwner(ctx, 'Em Curso S.A.');
    await start(other, another.realEstateId);

    const jobDeps = { ...ctx.app.deps, signal: new AbortController().signal };
    await metaOAuthGrantSweepJob.handle({}, jobDeps);
    expect(await grantsOf(owner.realEstateId)).toHaveLength(1); // not expired yet
    await ctx.database.db
      .update(metaOauthGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(metaOauthGrants.realEstateId, owner.realEstateId));
    await metaOAuthGrantSweepJob.handle({}, jobDeps);
    expect(await grantsOf(owner.realEstateId)).toEqual([]);
    expect(await grantsOf(another.realEstateId)).toHaveLength(1);
  });

  it('says in Portuguese when the user cancelled, Meta refused the code, throttled, or no page came', async () => {
    const { client, ...owner } = await signedInOwner(ctx, 'Erros S.A.');
    const page = graph.addPage({ id: nextPageId() });

    let { state } = await start(client, owner.realEstateId);
    const cancelled = await callback(client, {
      error: 'access_denied',
      error_code: '200',
      error_description: 'Permissions error',
      error_reason: 'user_denied',
      state,
    });
    expect(cancelled.searchParams.get('facebook')).toBe('cancelado');
    expect((await view(client, owner.realEstateId)).oauth).toEqual({
      pages: [],
      error: expect.stringMatching(/cancelou a conexão/),
    });

    ({ state } = await start(client, owner.realEstateId));
    expect((await view(client, owner.realEstateId)).oauth).toBeNull();
    const unknown = await callback(client, { code: 'AQcodigoquenaoexiste', state });
    expect(unknown.searchParams.get('facebook')).toBe('erro');
    expect((await view(client, owner.realEstateId)).oauth.error).toMatch(/código de autorização/);

    for (const [failure, expected] of [
      ['expiredToken', /recusou o acesso do seu usuário/],
      ['userRateLimit', /limitando as chamadas/],
      ['serverError', /indisponível/],
    ] as const) {
      ({ state } = await start(client, owner.realEstateId));
      graph.failNext(failure, 1, /^\/me\/accounts$/);
      const { code } = graph.loginAs({ pages: [{ id: page.id, tasks: ['ADVERTISE'] }] });
      expect((await callback(client, { code, state })).searchParams.get('facebook')).toBe('erro');
      expect((await view(client, owner.realEstateId)).oauth.error).toMatch(expected);
    }

    ({ state } = await start(client, owner.realEstateId));
    const none = graph.loginAs({ pages: [] });
    expect((await callback(client, { code: none.code, state })).searchParams.get('facebook')).toBe('erro');
    expect((await view(client, owner.realEstateId)).oauth.error).toMatch(/Nenhuma página/);

    ({ state } = await start(client, owner.realEstateId));
    const declined = graph.loginAs({
      pages: [{ id: page.id, tasks: ['ADVERTISE'] }],
      granted: ['pages_show_list', 'pages_manage_metadata'],
    });
    expect((await callback(client, { code: declined.code, state })).searchParams.get('facebook')).toBe(
      'erro',
    );
    expect((await view(client, owner.realEstateId)).oauth.error).toMatch(/Faltou autorizar leads_retrieval/);

    // Discarding forgets the grant; nothing was connected along the way.
    expect((await client.delete(oauthUrl(owner.realEstateId))).statusCode).toBe(204);
    const after = await view(client, owner.realEstateId);
    expect(after).toMatchObject({ oauth: null, status: 'not_connected' });

    // Pasting a token (avançado) also forgets a login left halfway.
    ({ state } = await start(client, owner.realEstateId));
    await callback(client, { error: 'access_denied', state });
    expect((await view(client, owner.realEstateId)).oauth.error).toMatch(/cancelou/);
    const pasted = await client.put(`/v1/real-estates/${owner.realEstateId}/lead-sources/meta`, {
      page_id: page.id,
      page_access_token: page.token,
    });
    expect(pasted.statusCode, pasted.body).toBe(200);
    expect(pasted.json().data).toMatchObject({ status: 'connected', oauth: null });
  });
});

describe('Conectar com Facebook without the app configured', () => {
  it('is not offered, and starting it is a 409 that says what the operator must set', async () => {
    const bare = await createTestContext(
      {},
      { META_APP_SECRET: APP_SECRET, META_WEBHOOK_VERIFY_TOKEN: 'verifica-vitrine-oauth-2026' },
    );
    try {
      const { client, ...owner } = await signedInOwner(bare, 'Sem Login S.A.');
      expect(await view(client, owner.realEstateId)).toMatchObject({
        configured: true,
        oauth_available: false,
      });
      const res = await client.post(oauthUrl(owner.realEstateId));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/META_APP_ID/);
      const back = await callback(client, { code: 'x', state: 'a.b' });
      expect(back.searchParams.get('facebook')).toBe('invalido');
    } finally {
      await bare.close();
    }
  });
});
