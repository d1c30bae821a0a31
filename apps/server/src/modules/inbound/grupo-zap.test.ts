/**
 * The Grupo OLX lead push (docs/lead-sources.md#grupo-olx) through the HTTP route, as the portal sends
 * it: credentials, idempotency, listing codes, bad bodies, limits; and the lead sources screen's
 * endpoints (connect, rotate, disconnect, test lead, the inbound ledger and its replay).
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inboundRequests, leads, pages } from '../../db/schema.ts';
import {
  appWithSettings,
  createTestContext,
  insertPage,
  signedInMember,
  signedInOwner,
  type TestContext,
} from '../../testing/test-app.ts';
import { basicAuthHeader, mapGrupoZapPush, sourceOfOrigin } from './grupo-zap-push.ts';
import { PUSH_LIMITS } from './inbound.routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

/** An agency with the Grupo OLX source connected: its URL, secret and a logged-in owner. */
async function connected(name = 'Portal Imóveis') {
  const { client, ...owner } = await signedInOwner(ctx, name, { ip: nextIp() });
  const res = await client.post(`/v1/real-estates/${owner.realEstateId}/lead-sources/grupo_zap`);
  expect(res.statusCode).toBe(201);
  const source = res.json().data as { url: string; secret: string };
  const path = new URL(source.url).pathname;
  return { ...owner, client, path, secret: source.secret, url: source.url };
}

const push = (overrides: Record<string, unknown> = {}) => ({
  leadOrigin: 'Grupo OLX',
  timestamp: '2026-11-20T15:50:30.619',
  originLeadId: `lead-${Math.random().toString(36).slice(2)}`,
  originListingId: '87027856',
  clientListingId: 'AP-123',
  name: 'Nome Consumidor',
  email: 'Nome.Consumidor@Email.com',
  ddd: '11',
  phone: '999999999',
  phoneNumber: '11999999999',
  message: 'Olá, tenho interesse neste imóvel.',
  temperature: 'Alta',
  transaction_type: 'SELL',
  ...overrides,
});

const send = (path: string, secret: string | null, body: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { authorization: basicAuthHeader(secret) }),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: nextIp(),
  });

const ledgerOf = (realEstateId: number) =>
  ctx.database.db.select().from(inboundRequests).where(eq(inboundRequests.realEstateId, realEstateId));
const leadsOf = (realEstateId: number) =>
  ctx.database.db.select().from(leads).where(eq(leads.realEstateId, realEstateId));

describe('the Grupo OLX push', () => {
  it('stores the lead on the page with the listing code, with what the portal said of it', async () => {
    const a = await connected();
    const page = await insertPage(ctx, a.realEstateId, { listingCode: 'AP-123' });
    const res = await send(a.path, a.secret, push({ originLeadId: 'zap-1' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ outcome: 'created', listing_not_found: false });
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead).toMatchObject({
      pageId: page.id,
      source: 'portal_zap',
      name: 'Nome Consumidor',
      email: 'nome.consumidor@email.com',
      phone: '11999999999',
      listingCode: 'AP-123',
      quarantined: false,
      isTest: false,
    });
    expect(lead!.sourceDetails).toMatchObject({
      lead_origin: 'Grupo OLX',
      origin_lead_id: 'zap-1',
      origin_listing_id: '87027856',
      temperature: 'Alta',
      transaction_type: 'SELL',
    });
    const [row] = await ledgerOf(a.realEstateId);
    expect(row).toMatchObject({ outcome: 'created', httpStatus: 200, externalId: 'zap-1', leadId: lead!.id });
    expect(row!.body).toMatchObject({ originLeadId: 'zap-1', clientListingId: 'AP-123' });
  });

  it('the same push ten times at once is one lead, and every push gets a 2xx', async () => {
    const a = await connected();
    const body = push({ originLeadId: 'repeat-1' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(a.path, a.secret, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().data.lead_id)).size).toBe(1);
    expect(answers.filter((r) => r.json().data.outcome === 'created')).toHaveLength(1);
    expect(await leadsOf(a.realEstateId)).toHaveLength(1);
    const ledger = await ledgerOf(a.realEstateId);
    expect(ledger).toHaveLength(10);
    expect(ledger.filter((r) => r.outcome === 'duplicate')).toHaveLength(9);
  });

  it('pushes that arrive together each find their own page, and each gets its own ledger row', async () => {
    const a = await connected();
    const casa = await insertPage(ctx, a.realEstateId, { listingCode: 'CASA-1' });
    // The code repeats: the most recently updated page wins.
    await insertPage(ctx, a.realEstateId, { listingCode: 'APTO-2' });
    const newer = await insertPage(ctx, a.realEstateId, { listingCode: 'APTO-2' });
    await ctx.database.db
      .update(pages)
      .set({ updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(pages.id, newer.id));
    const codes = ['CASA-1', 'NAO-HA', 'APTO-2', 'CASA-1', ' APTO-2 '];
    const sent = codes.map((code, i) => push({ clientListingId: code, originLeadId: `juntos-${i}` }));
    const answers = await Promise.all(sent.map((body) => send(a.path, a.secret, body)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.json().data.listing_not_found)).toEqual([false, true, false, false, false]);
    const stored = await leadsOf(a.realEstateId);
    const pageOf = (i: number) => stored.find((l) => l.submissionKey === `grupo_zap:juntos-${i}`)?.pageId;
    expect([0, 1, 2, 3, 4].map(pageOf)).toEqual([casa.id, null, newer.id, casa.id, newer.id]);
    const ledger = await ledgerOf(a.realEstateId);
    expect(ledger).toHaveLength(5);
    for (const [i, r] of answers.entries()) {
      const row = ledger.find((x) => x.externalId === `juntos-${i}`);
      expect(row).toMatchObject({ outcome: 'created', httpStatus: 200, leadId: r.json().data.lead_id });
    }
  });

  it('NUL and other control characters, in values or in keys, never fail the lead or its ledger row', async () => {
    const a = await connected();
    const raw = JSON.stringify(push({ originLeadId: 'nul-1', message: 'Olá\u0000 mundo\u0007' })).replace(
      /}$/,
      ',"extra\\u0000campo":{"a\\u0000":"b\\u0000"}}',
    );
    const res = await send(a.path, a.secret, raw);
    expect(res.statusCode).toBe(200);
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead!.message).toBe('Olá mundo');
    const [row] = await ledgerOf(a.realEstateId);
    expect(row).toMatchObject({ outcome: 'created', leadId: lead!.id });
    expect(JSON.stringify(row!.body)).not.toContain('\\u0000');
  });

  it('half an emoji (a lone surrogate), in a key or a value, never fails the lead or its ledger row', async () => {
    const a = await connected();
    const raw = JSON.stringify(push({ originLeadId: 'surr-1', message: 'Oi \ud83d' })).replace(
      /}$/,
      ',"\\ud800":"x","extra":{"\\udc00":1,"a":"\\udbff"}}',
    );
    expect(raw).toContain('"\\ud800":"x"');
    const res = await send(a.path, a.secret, raw);
    expect(res.statusCode).toBe(200);
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead!.message).toBe('Oi \ufffd');
    const [row] = await ledgerOf(a.realEstateId);
    expect(row).toMatchObject({ outcome: 'created', leadId: lead!.id });
    expect(row!.body).toMatchObject({ '\ufffd': 'x', extra: { '\ufffd': 1, a: '\ufffd' } });
  });

  it("a control character in the URL's query string (which the push does not use) does not refuse it", async () => {
    const a = await connected();
    const res = await send(`${a.path}?x=%00`, a.secret, push({ originLeadId: 'query-nul-1' }));
    expect(res.statusCode).toBe(200);
    expect(await leadsOf(a.realEstateId)).toHaveLength(1);
  });

  it("two numeric originLeadIds past a double's exact range are two leads, each keyed exactly", async () => {
    const a = await connected();
    for (const [id, name] of [
      ['90071992547409930', 'Maria Grande'],
      ['90071992547409931', 'João Outro'],
    ]) {
      const raw = JSON.stringify(push({ name, originLeadId: 'ID' })).replace('"ID"', id!);
      const res = await send(a.path, a.secret, raw);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.outcome).toBe('created');
    }
    const stored = await leadsOf(a.realEstateId);
    expect(stored.map((l) => l.submissionKey).sort()).toEqual([
      'grupo_zap:90071992547409930',
      'grupo_zap:90071992547409931',
    ]);
  });

  it('a listing code that matches no page still stores the lead, without a page', async () => {
    const a = await connected();
    const res = await send(a.path, a.secret, push({ clientListingId: 'NAO-EXISTE' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.listing_not_found).toBe(true);
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead).toMatchObject({ pageId: null, listingCode: 'NAO-EXISTE' });
    const list = await a.client.get(`/v1/real-estates/${a.realEstateId}/lead-sources`);
    const zap = list.json().data.find((s: { channel: string }) => s.channel === 'grupo_zap');
    expect(zap).toMatchObject({ connected: true, listing_not_found: 1 });
    expect(zap.leads_per_day).toHaveLength(30);
    expect(zap.leads_per_day.at(-1).leads).toBe(1);
    expect(zap.last_received_at).not.toBeNull();
  });

  it('without clientListingId: 422 in Portuguese, recorded as refused with the body', async () => {
    const a = await connected();
    const res = await send(
      a.path,
      a.secret,
      push({ clientListingId: undefined, originLeadId: 'sem-codigo' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/clientListingId/);
    expect(res.json().errors.clientListingId).toBeDefined();
    expect(await leadsOf(a.realEstateId)).toHaveLength(0);
    const [row] = await ledgerOf(a.realEstateId);
    expect(row).toMatchObject({ outcome: 'refused', httpStatus: 422, leadId: null });
    expect(row!.reason).toMatch(/clientListingId/);
    expect(row!.body).toMatchObject({ originLeadId: 'sem-codigo' });
  });

  it('broken JSON and a body that is not an object: 400, recorded; a field of the wrong type: 422', async () => {
    const a = await connected();
    const broken = await send(a.path, a.secret, '{"name": "Ana", ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const list = await send(a.path, a.secret, '[1,2]');
    expect(list.statusCode).toBe(400);
    const typed = await send(a.path, a.secret, push({ name: { first: 'Ana' } }));
    expect(typed.statusCode).toBe(422);
    expect(typed.json().errors.name).toBeDefined();
    const ledger = await ledgerOf(a.realEstateId);
    expect(ledger.map((r) => r.httpStatus).sort()).toEqual([400, 400, 422]);
    expect(
      ledger.find((r) => r.httpStatus === 400 && (r.body as Record<string, unknown>)?._texto_recebido),
    ).toBeDefined();
    expect(await leadsOf(a.realEstateId)).toHaveLength(0);
  });

  it('control characters are removed and the lead kept', async () => {
    const a = await connected();
    const res = await send(a.path, a.secret, push({ name: 'Ana\u0000 Lima', message: 'Oi\u0007!' }));
    expect(res.statusCode).toBe(200);
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead).toMatchObject({ name: 'Ana Lima', message: 'Oi!' });
  });

  it('wrong or missing credentials: 401 and nothing stored', async () => {
    const a = await connected();
    const none = await send(a.path, null, push());
    const wrong = await send(a.path, 'not-the-secret', push());
    const garbage = await send(a.path, null, push(), { authorization: 'Bearer xyz' });
    for (const res of [none, wrong, garbage]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/Credenciais/);
    }
    expect(none.headers['www-authenticate']).toMatch(/^Basic/);
    expect(await ledgerOf(a.realEstateId)).toHaveLength(0);
    expect(await leadsOf(a.realEstateId)).toHaveLength(0);
  });

  it('404 only for an unknown or disconnected source; rotating the secret makes the old one 401', async () => {
    const a = await connected();
    const unknown = await send('/v1/inbound/grupo-zap/nao-existe', a.secret, push());
    expect(unknown.statusCode).toBe(404);
    const rotated = await a.client.post(
      `/v1/real-estates/${a.realEstateId}/lead-sources/grupo_zap/rotate-secret`,
    );
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data as { secret: string; url: string };
    expect(fresh.secret).not.toBe(a.secret);
    expect(fresh.url).toBe(a.url);
    expect((await send(a.path, a.secret, push())).statusCode).toBe(401);
    expect((await send(a.path, fresh.secret, push())).statusCode).toBe(200);
    const off = await a.client.delete(`/v1/real-estates/${a.realEstateId}/lead-sources/grupo_zap`);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ connected: false, url: null, secret: null });
    expect((await send(a.path, fresh.secret, push())).statusCode).toBe(404);
    // Connecting again keeps the URL and the secret the portal already has.
    const again = await a.client.post(`/v1/real-estates/${a.realEstateId}/lead-sources/grupo_zap`);
    expect(again.json().data).toMatchObject({ url: a.url, secret: fresh.secret });
    const audit = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.realEstateId, a.realEstateId));
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'lead_source.connected',
        'lead_source.secret_rotated',
        'lead_source.disconnected',
      ]),
    );
  });

  it('oversized: 413, nothing stored', async () => {
    const a = await connected();
    const res = await send(a.path, a.secret, push({ message: 'x'.repeat(40 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(await ledgerOf(a.realEstateId)).toHaveLength(0);
  });

  it('rate limits per source, and failed credentials counted per IP, never against the portal', async () => {
    const a = await connected();
    // Fill this source's window (the limit is counted in the database, shared by every process).
    await ctx.app.throttle.hitMany([
      [`inbound:grupo_zap:${a.realEstateId}`, 60, ctx.app.config.INBOUND_SOURCE_LIMIT_PER_MINUTE],
    ]);
    const limited = await send(a.path, a.secret, push());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another agency's source is not affected.
    const b = await connected('Outra');
    expect((await send(b.path, b.secret, push())).statusCode).toBe(200);
    // Wrong secrets from one IP end in 429 for that IP only.
    const ip = '192.0.2.77';
    let last = 0;
    for (let i = 0; i <= PUSH_LIMITS.failedAuthPerIpPer10Minutes; i++) {
      const r = await ctx.app.inject({
        method: 'POST',
        url: b.path,
        headers: { authorization: basicAuthHeader('errada'), 'content-type': 'application/json' },
        payload: JSON.stringify(push()),
        remoteAddress: ip,
      });
      last = r.statusCode;
    }
    expect(last).toBe(429);
    expect((await send(b.path, b.secret, push())).statusCode).toBe(200);
  });

  it('is not answered on the landing host', async () => {
    const a = await connected();
    const res = await ctx.app.inject({
      method: 'POST',
      url: a.path,
      headers: {
        host: new URL(ctx.config.LANDING_URL).host,
        authorization: basicAuthHeader(a.secret),
        'content-type': 'application/json',
      },
      payload: JSON.stringify(push()),
    });
    expect(res.statusCode).toBe(404);
    expect(await leadsOf(a.realEstateId)).toHaveLength(0);
  });
});

describe('mapping the push', () => {
  it('reads leadOrigin as the portal, both transaction type spellings, numbers as text', () => {
    expect(sourceOfOrigin('Grupo OLX')).toBe('portal_zap');
    expect(sourceOfOrigin('VivaReal')).toBe('portal_vivareal');
    expect(sourceOfOrigin('ZAP')).toBe('portal_zap');
    expect(sourceOfOrigin('OLX')).toBe('portal_olx');
    expect(sourceOfOrigin(undefined)).toBe('portal_zap');
    const a = mapGrupoZapPush(
      push({ transaction_type: undefined, transactionType: 'rent', ddd: 21, phone: 987654321 }),
    );
    expect(a.ok && a.lead.phone).toBe('21987654321');
    expect(a.ok && a.lead.sourceDetails).toMatchObject({ transaction_type: 'RENT' });
    // The deprecated phoneNumber when phone is absent.
    const b = mapGrupoZapPush(push({ ddd: undefined, phone: undefined, phoneNumber: '(31) 98765-4321' }));
    expect(b.ok && b.lead.phone).toBe('31987654321');
    // Without originLeadId, the same push is still one lead.
    const c1 = mapGrupoZapPush(push({ originLeadId: undefined }));
    const c2 = mapGrupoZapPush(push({ originLeadId: undefined }));
    expect(c1.ok && c2.ok && c1.externalId === c2.externalId).toBe(true);
    // Neither phone nor e-mail: refused naming the field.
    const d = mapGrupoZapPush(
      push({ email: undefined, phone: undefined, phoneNumber: undefined, ddd: undefined }),
    );
    expect(d.ok).toBe(false);
    expect(!d.ok && d.errors.phone).toBeDefined();
  });
});

describe('the lead sources screen', () => {
  it('agents get 403 and never the secret', async () => {
    const a = await connected();
    const { client: c } = await signedInMember(ctx, a.realEstateId, 'agent', { ip: nextIp() });
    const list = await c.get(`/v1/real-estates/${a.realEstateId}/lead-sources`);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain(a.secret);
    expect(
      (await c.post(`/v1/real-estates/${a.realEstateId}/lead-sources/grupo_zap/rotate-secret`)).statusCode,
    ).toBe(403);
  });

  it('the test lead goes through the push path as a test of source teste, and shows in the ledger and Leads', async () => {
    const a = await connected();
    await insertPage(ctx, a.realEstateId, { listingCode: 'CASA-7' });
    const res = await a.client.post(`/v1/real-estates/${a.realEstateId}/lead-sources/grupo_zap/test-lead`);
    expect(res.statusCode).toBe(201);
    const [lead] = await leadsOf(a.realEstateId);
    expect(lead).toMatchObject({
      id: res.json().data.lead_id,
      isTest: true,
      source: 'teste',
      listingCode: 'CASA-7',
    });
    // What the push said is kept, with the portal it named.
    expect(lead!.sourceDetails).toMatchObject({ tested_source: 'portal_zap', temperature: 'Alta' });
    expect(lead!.pageId).not.toBeNull();
    const ledger = await a.client.get(`/v1/real-estates/${a.realEstateId}/inbound-requests`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data[0]).toMatchObject({
      channel: 'grupo_zap',
      source: 'teste',
      outcome: 'created',
      is_test: true,
      lead_id: lead!.id,
    });
    // Leads: not among the portal's real leads; the "Lead de teste" filter finds it.
    const leadsUrl = `/v1/real-estates/${a.realEstateId}/leads`;
    const portal = await a.client.get(`${leadsUrl}?source=portal_zap&include_tests=1`);
    expect(portal.json().data).toEqual([]);
    expect((await a.client.get(leadsUrl)).json().data).toEqual([]);
    const tests = await a.client.get(`${leadsUrl}?source=teste&include_tests=1`);
    expect(tests.json().data).toEqual([
      expect.objectContaining({ id: lead!.id, source: 'teste', is_test: true }),
    ]);
    // The card: neither the test lead nor a refused push is a lead received from the portal.
    await send(
      a.path,
      a.secret,
      push({ originLeadId: 'sem-contato', phone: undefined, phoneNumber: undefined, email: undefined }),
    );
    const card = async () =>
      (await a.client.get(`/v1/real-estates/${a.realEstateId}/lead-sources`))
        .json()
        .data.find((s: { channel: string }) => s.channel === 'grupo_zap');
    const before = await card();
    expect(before.last_received_at).toBeNull();
    expect(before.leads_per_day.reduce((n: number, d: { leads: number }) => n + d.leads, 0)).toBe(0);
    expect((await send(a.path, a.secret, push({ originLeadId: 'real-1' }))).statusCode).toBe(200);
    const after = await card();
    expect(after.last_received_at).not.toBeNull();
    expect(after.leads_per_day.at(-1).leads).toBe(1);
  });

  it('lists the ledger with filters, shows a body, and replays a refused request after the fix', async () => {
    const a = await connected();
    await send(a.path, a.secret, push({ originLeadId: 'ok-1' }));
    const refused = await send(
      a.path,
      a.secret,
      push({ originLeadId: 'r-1', email: undefined, phone: undefined, phoneNumber: undefined }),
    );
    expect(refused.statusCode).toBe(422);
    const all = await a.client.get(`/v1/real-estates/${a.realEstateId}/inbound-requests`);
    expect(all.json().meta.total).toBe(2);
    const onlyRefused = await a.client.get(
      `/v1/real-estates/${a.realEstateId}/inbound-requests?outcome=refused`,
    );
    const [row] = onlyRefused.json().data;
    expect(onlyRefused.json().meta.total).toBe(1);
    expect(row).toMatchObject({ outcome: 'refused', can_replay: true, http_status: 422 });
    const detail = await a.client.get(`/v1/inbound-requests/${row.id}`);
    expect(detail.json().data.body).toMatchObject({ originLeadId: 'r-1' });
    // Still refused: 422 with the reason, nothing changes.
    const still = await a.client.post(`/v1/inbound-requests/${row.id}/replay`);
    expect(still.statusCode).toBe(422);
    expect(still.json().message).toMatch(/^Ainda recusada/);
    // The agency fixes it (here: the stored body gets a phone, as a support fix would), then replays.
    await ctx.database.db
      .update(inboundRequests)
      .set({ body: { ...(detail.json().data.body as object), phone: '987654321', ddd: '11' } })
      .where(eq(inboundRequests.id, row.id));
    const replay = await a.client.post(`/v1/inbound-requests/${row.id}/replay`);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.outcome).toBe('created');
    const again = await a.client.post(`/v1/inbound-requests/${row.id}/replay`);
    expect(again.statusCode).toBe(409);
    const [original] = await ctx.database.db
      .select()
      .from(inboundRequests)
      .where(eq(inboundRequests.id, row.id));
    expect(original!.replayedAt).not.toBeNull();
    expect(original!.replayedBy).toBe(a.userId);
    // The refused row now opens the lead its replay made, and says who replayed it.
    const [made] = await ctx.database.db
      .select()
      .from(inboundRequests)
      .where(and(eq(inboundRequests.realEstateId, a.realEstateId), eq(inboundRequests.outcome, 'created')))
      .orderBy(desc(inboundRequests.receivedAt))
      .limit(1);
    expect(made!.leadId).not.toBeNull();
    expect(original!.leadId).toBe(made!.leadId);
    const relisted = await a.client.get(
      `/v1/real-estates/${a.realEstateId}/inbound-requests?outcome=refused`,
    );
    expect(relisted.json().data[0]).toMatchObject({
      id: row.id,
      lead_id: made!.leadId,
      lead_name: expect.any(String),
      replayed_by: 'Dona Teste',
      can_replay: false,
    });
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, a.realEstateId), eq(auditLog.action, 'inbound.replayed')));
    expect(audit).toHaveLength(1);
    // For another agency's owner it does not exist.
    const other = await connected('Intrusa');
    expect((await other.client.get(`/v1/inbound-requests/${row.id}`)).statusCode).toBe(404);
    expect((await other.client.post(`/v1/inbound-requests/${row.id}/replay`)).statusCode).toBe(404);
  });

  it('a body that was not JSON is kept as text and offers no replay (it would fail the same way)', async () => {
    const a = await connected();
    const res = await send(a.path, a.secret, 'not json{');
    expect(res.statusCode).toBe(400);
    const [row] = await ledgerOf(a.realEstateId);
    expect(row!.body).toEqual({ _texto_recebido: 'not json{' });
    const listed = await a.client.get(`/v1/real-estates/${a.realEstateId}/inbound-requests`);
    expect(listed.json().data[0]).toMatchObject({ id: row!.id, http_status: 400, can_replay: false });
    const replay = await a.client.post(`/v1/inbound-requests/${row!.id}/replay`);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toMatch(/quem a enviou precisa enviá-la de novo/);
    // JSON that is not an object can never be a lead either.
    expect((await send(a.path, a.secret, '[]')).statusCode).toBe(400);
    const list = (await a.client.get(`/v1/real-estates/${a.realEstateId}/inbound-requests`)).json().data;
    expect(list.map((r: { can_replay: boolean }) => r.can_replay)).toEqual([false, false]);
  });

  it('a page whose code is fixed afterwards: new pushes find it', async () => {
    const a = await connected();
    const page = await insertPage(ctx, a.realEstateId, { listingCode: 'ERRADO' });
    await send(a.path, a.secret, push({ clientListingId: 'CERTO' }));
    await ctx.database.db.update(pages).set({ listingCode: 'CERTO' }).where(eq(pages.id, page.id));
    const res = await send(a.path, a.secret, push({ clientListingId: 'CERTO' }));
    expect(res.json().data.listing_not_found).toBe(false);
  });
});

describe('pushes that arrive together', () => {
  const limitedApp = appWithSettings(() => ctx, {
    INBOUND_SOURCE_LIMIT_PER_MINUTE: '3',
    INBOUND_AGENCY_LIMIT_PER_MINUTE: '1000',
  });

  it('share one admission, yet each is counted in its window as if alone; a wrong secret in the group counts nothing', async () => {
    const owner = await signedInOwner(limitedApp(), 'Rajada Imóveis', { ip: nextIp() });
    const source = (
      await owner.client.post(`/v1/real-estates/${owner.realEstateId}/lead-sources/grupo_zap`)
    ).json().data as { url: string; secret: string };
    const path = new URL(source.url).pathname;
    const fire = (secret: string) =>
      limitedApp().app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', authorization: basicAuthHeader(secret) },
        payload: JSON.stringify(push()),
        remoteAddress: nextIp(),
      });
    // Sent at once, so they share the group's statements: two with a wrong secret among five good ones.
    const answers = await Promise.all([
      fire(source.secret),
      fire('0'.repeat(32)),
      fire(source.secret),
      fire(source.secret),
      fire('1'.repeat(32)),
      fire(source.secret),
      fire(source.secret),
    ]);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(2);
    // The limit is 3 a minute: exactly three of the five good pushes get in, the others 429.
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(3);
  });
});
