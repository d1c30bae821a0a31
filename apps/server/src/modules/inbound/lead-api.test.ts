/**
 * The lead API (docs/lead-api.md): its keys (owners and admins; shown once, stored hashed, revoked at
 * once), the Bearer authentication (no session, no CSRF, not on the landing hosts), the body's
 * validation and clipping, Idempotency-Key as Stripe's, the rate limits, the spam rules that apply, the
 * inbound ledger, and the answers against their contracts and the OpenAPI document.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiErrorSchema,
  apiKeyListResponse,
  apiKeyResponse,
  apiLeadResponse,
  createdApiKeyResponse,
} from '@vitrine/contracts';
import {
  apiIdempotencyKeys,
  apiKeys,
  auditLog,
  inboundRequests,
  leadSources,
  leads,
} from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  appWithSettings,
  createTestContext,
  insertPage,
  signedInMember,
  signedInOwner,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';
import { leadApiIdempotencySweepJob } from './index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ API_DOCS: true });
});
afterAll(async () => {
  await ctx?.close();
});

/** Checks an answer against its contract (and that nothing the contract names is missing). */
function valid<S extends z.ZodType>(schema: S, res: LightMyRequestResponse): z.output<S> {
  const parsed = schema.safeParse(res.json());
  expect(parsed.error?.issues ?? [], `${res.statusCode} ${res.body.slice(0, 300)}`).toEqual([]);
  return parsed.data as z.output<S>;
}

async function agencyWithKey(name = 'Imobiliária API') {
  const { client: console, ...owner } = await signedInOwner(ctx, name);
  const res = await console.post(`/v1/real-estates/${owner.realEstateId}/api-keys`, { name: 'Site' });
  expect(res.statusCode).toBe(201);
  const key = valid(createdApiKeyResponse, res).data;
  return { owner, console, key, token: key.token };
}

/** A lead API call, as an agency's server makes it: no cookie, no CSRF token. */
function send(
  token: string | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/leads',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof body === 'string' ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const LEAD = {
  name: 'Maria Souza',
  email: 'maria.souza@exemplo.com.br',
  phone: '+55 (11) 98888-7777',
  message: 'Quero visitar no sábado.',
  listing_code: 'AP-123',
  origin: 'RD Station',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'verao',
  consent: true,
  extra: { renda: 'R$ 8 mil', financiamento: true, filhos: 2 },
};

const leadsOf = (realEstateId: number) =>
  ctx.database.db.select().from(leads).where(eq(leads.realEstateId, realEstateId));
const ledgerOf = (realEstateId: number) =>
  ctx.database.db
    .select()
    .from(inboundRequests)
    .where(eq(inboundRequests.realEstateId, realEstateId))
    .orderBy(inboundRequests.receivedAt);
/** The ledger row holding an Idempotency-Key's answer, as if received 25 hours ago. */
const ageIdempotencyKey = (apiKeyId: number, key: string) =>
  ctx.database.db
    .update(inboundRequests)
    .set({ receivedAt: new Date(Date.now() - 25 * 3600 * 1000) })
    .where(eq(inboundRequests.idempotencyKey, `${apiKeyId}:${key}`));

describe('API keys', () => {
  it('an owner creates a key shown once, stored as its SHA-256, listed by its prefix, in the audit log', async () => {
    const { owner, console, key, token } = await agencyWithKey('Chaves S.A.');
    expect(token).toMatch(/^vk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'Site', prefix: token.slice(0, 12), scopes: ['leads:write'] });
    expect(key.created_by).toEqual({ id: owner.userId, name: 'Dona Teste' });
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await console.get(`/v1/real-estates/${owner.realEstateId}/api-keys`);
    expect(list.statusCode).toBe(200);
    expect(valid(apiKeyListResponse, list).data.map((k) => k.id)).toEqual([key.id]);
    expect(list.body).not.toContain(token);
    expect(list.json().data[0]).not.toHaveProperty('token');
    expect(list.json().meta).toEqual({
      endpoint_url: 'http://localhost:3000/v1/leads',
      docs_url: 'http://localhost:3000/docs',
    });

    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, owner.realEstateId), eq(auditLog.action, 'api_key.created')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(token);
    // The lead API channel is on the lead sources screen from the first key on.
    const [source] = await ctx.database.db
      .select()
      .from(leadSources)
      .where(and(eq(leadSources.realEstateId, owner.realEstateId), eq(leadSources.channel, 'lead_api')));
    expect(source).toBeDefined();
  });

  it('refuses a key without a name, in Portuguese naming the field', async () => {
    const { client: c, ...owner } = await signedInOwner(ctx);
    const res = await c.post(`/v1/real-estates/${owner.realEstateId}/api-keys`, { name: '  ' });
    expect(res.statusCode).toBe(422);
    expect(valid(apiErrorSchema, res).errors?.name?.[0]).toMatch(/nome à chave/);
  });

  it('an admin manages keys; an agent gets 403; another agency 404', async () => {
    const { owner, key } = await agencyWithKey('Papéis S.A.');
    const base = `/v1/real-estates/${owner.realEstateId}/api-keys`;
    const { client: a } = await signedInMember(ctx, owner.realEstateId, 'admin');
    expect((await a.get(base)).statusCode).toBe(200);
    expect((await a.post(base, { name: 'Zapier' })).statusCode).toBe(201);

    const { client: g } = await signedInMember(ctx, owner.realEstateId, 'agent');
    expect((await g.get(base)).statusCode).toBe(403);
    expect((await g.post(base, { name: 'Agente' })).statusCode).toBe(403);
    expect((await g.delete(`${base}/${key.id}`)).statusCode).toBe(403);

    const { client: s, ...stranger } = await signedInOwner(ctx, 'Outra');
    expect((await s.get(base)).statusCode).toBe(404);
    expect((await s.delete(`${base}/${key.id}`)).statusCode).toBe(404);
    // Its own agency's id with the other agency's key id: no such key there.
    const own = await s.delete(`/v1/real-estates/${stranger.realEstateId}/api-keys/${key.id}`);
    expect(own.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('a revoked key answers 401 at once, stays listed as revoked, and is in the audit log', async () => {
    const { owner, console, key, token } = await agencyWithKey('Revoga S.A.');
    expect((await send(token, LEAD)).statusCode).toBe(201);
    const res = await console.delete(`/v1/real-estates/${owner.realEstateId}/api-keys/${key.id}`);
    expect(res.statusCode).toBe(200);
    expect(valid(apiKeyResponse, res).data.revoked_at).not.toBeNull();
    const again = await console.delete(`/v1/real-estates/${owner.realEstateId}/api-keys/${key.id}`);
    expect(again.statusCode).toBe(200);

    const refused = await send(token, { ...LEAD, name: 'Depois da revogação' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/revogada/);
    expect((await leadsOf(owner.realEstateId)).map((l) => l.name)).toEqual(['Maria Souza']);
    const list = valid(
      apiKeyListResponse,
      await console.get(`/v1/real-estates/${owner.realEstateId}/api-keys`),
    );
    expect(list.data[0]!.revoked_at).not.toBeNull();
    expect(list.data[0]!.last_used_at).not.toBeNull();
    const revokes = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, owner.realEstateId), eq(auditLog.action, 'api_key.revoked')));
    expect(revokes).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('answers 401 without a key, with a wrong one or a malformed header, and stores nothing', async () => {
    const { owner, token } = await agencyWithKey('Sem chave S.A.');
    const cases = [
      await send(null, LEAD),
      await send(`${token.slice(0, -1)}x`, LEAD),
      await send('vk_live_curta', LEAD),
      await send(null, LEAD, { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` }),
      await send(null, LEAD, { authorization: token }),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401]);
    for (const r of cases) {
      expect(r.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(valid(apiErrorSchema, r).message).toMatch(/chave/i);
    }
    expect(await leadsOf(owner.realEstateId)).toEqual([]);
    expect(await ledgerOf(owner.realEstateId)).toEqual([]);
  });

  it('a console session is no key (401, not 419), and a key needs no session nor CSRF token', async () => {
    const { owner, console, token } = await agencyWithKey('Sessão S.A.');
    const withSession = await console.request('POST', '/v1/leads', { body: LEAD });
    expect(withSession.statusCode).toBe(401);
    const withoutCsrf = await console.request('POST', '/v1/leads', { body: LEAD, csrf: false });
    expect(withoutCsrf.statusCode).toBe(401);
    const withKey = await console.request('POST', '/v1/leads', {
      body: LEAD,
      csrf: false,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withKey.statusCode).toBe(201);
    expect(withKey.headers['set-cookie']).toBeUndefined();
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
  });

  it('a key sends leads to its own agency only, whatever the body says', async () => {
    const a = await agencyWithKey('Agência A');
    const b = await agencyWithKey('Agência B');
    const res = await send(a.token, { ...LEAD, real_estate_id: b.owner.realEstateId, realEstateId: 1 });
    expect(res.statusCode).toBe(201);
    expect(await leadsOf(b.owner.realEstateId)).toEqual([]);
    const [lead] = await leadsOf(a.owner.realEstateId);
    expect(lead!.id).toBe(res.json().data.id);
    // B's console cannot read A's lead.
    expect((await b.console.get(`/v1/leads/${lead!.id}`)).statusCode).toBe(404);
  });

  it('is not served on the landing pages’ host', async () => {
    const { owner, token } = await agencyWithKey('Landing S.A.');
    const res = await send(token, LEAD, { host: new URL(ctx.config.LANDING_URL).host });
    expect(res.statusCode).toBe(404);
    expect(await leadsOf(owner.realEstateId)).toEqual([]);
  });
});

describe('POST /v1/leads', () => {
  it('stores the lead through the one inbound path: source api, details, listing, ledger, last used', async () => {
    const { owner, console, token } = await agencyWithKey('Lead S.A.');
    const page = await insertPage(ctx, owner.realEstateId, { listingCode: 'AP-123' });
    const res = await send(token, { ...LEAD, gclid: 'g'.repeat(900), utm_term: 42 });
    expect(res.statusCode).toBe(201);
    const answer = valid(apiLeadResponse, res);
    expect(answer.data).toMatchObject({
      listing_code: 'AP-123',
      listing_found: true,
      duplicate: false,
      quarantined: false,
    });
    expect(answer.message).toBe('Lead recebido.');
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead).toMatchObject({
      id: answer.data.id,
      source: 'api',
      pageId: page.id,
      listingCode: 'AP-123',
      name: 'Maria Souza',
      phone: '11988887777',
      email: 'maria.souza@exemplo.com.br',
      utmSource: 'google',
      utmTerm: '42',
      consent: true,
      quarantined: false,
      sourceDetails: { origin: 'RD Station', renda: 'R$ 8 mil', financiamento: true, filhos: 2 },
    });
    // Tracking fields are cut, never refused.
    expect(lead!.gclid).toHaveLength(500);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      channel: 'lead_api',
      source: 'api',
      outcome: 'created',
      httpStatus: 201,
      leadId: lead!.id,
    });
    expect(ledger[0]!.body).toMatchObject({ name: 'Maria Souza', listing_code: 'AP-123' });
    // The screen's "last lead received", derived from the ledger.
    const sources = await console.get(`/v1/real-estates/${owner.realEstateId}/lead-sources`);
    expect(
      sources.json().data.find((s: { channel: string }) => s.channel === 'lead_api').last_received_at,
    ).toBe(ledger[0]!.receivedAt.toISOString());
    const keys = valid(
      apiKeyListResponse,
      await console.get(`/v1/real-estates/${owner.realEstateId}/api-keys`),
    );
    expect(keys.data[0]!.last_used_at).not.toBeNull();
  });

  it('keeps a lead whose listing code matches no page, and one without a code', async () => {
    const { owner, token } = await agencyWithKey('Código S.A.');
    const unknown = valid(apiLeadResponse, await send(token, { ...LEAD, listing_code: 'NAO-EXISTE' }));
    expect(unknown.data).toMatchObject({ listing_code: 'NAO-EXISTE', listing_found: false });
    const none = valid(
      apiLeadResponse,
      await send(token, { name: 'Sem código', email: 'sem.codigo@exemplo.com.br', listing_code: 12345 }),
    );
    expect(none.data).toMatchObject({ listing_code: '12345', listing_found: false });
    const bare = valid(apiLeadResponse, await send(token, { name: 'Só nome', phone: '21 3333-4444' }));
    expect(bare.data).toMatchObject({ listing_code: null, listing_found: null });
    const rows = await leadsOf(owner.realEstateId);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.pageId === null && r.source === 'api')).toBe(true);
    expect(rows.find((r) => r.name === 'Só nome')).toMatchObject({ consent: false, sourceDetails: null });
  });

  it('answers 422 in Portuguese naming the field, records the refusal, and stores no lead', async () => {
    const { owner, token } = await agencyWithKey('Validação S.A.');
    const cases: [unknown, string, RegExp][] = [
      [{ email: 'a@b.com.br' }, 'name', /nome/],
      [{ name: 'Ana', phone: '123' }, 'phone', /telefone brasileiro com DDD/],
      [{ name: 'Ana', phone: '(00) 98888-7777' }, 'phone', /DDD/],
      [{ name: 'Ana' }, 'phone', /phone ou email/],
      [{ name: 'Ana', email: 'não-é-email' }, 'email', /e-mail válido/],
      [{ name: 'Ana', email: 'a@b.com.br', extra: { x: { y: 1 } } }, 'extra.x', /sem objetos nem listas/],
      [{ name: 'Ana', email: 'a@b.com.br', extra: [1, 2] }, 'extra', /objeto/],
      [{ name: 'Ana', email: 'a@b.com.br', listing_code: 'x'.repeat(101) }, 'listing_code', /100/],
      [['não', 'é', 'objeto'], 'body', /objeto JSON/],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const error = valid(apiErrorSchema, res);
      expect(Object.keys(error.errors ?? {}), JSON.stringify(body)).toContain(field);
      expect(error.errors![field]!.join(' '), JSON.stringify(body)).toMatch(message);
    }
    const many = await send(token, {
      name: 'Ana',
      email: 'a@b.com.br',
      extra: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`c${i}`, i])),
    });
    expect(many.statusCode).toBe(422);
    expect(await leadsOf(owner.realEstateId)).toEqual([]);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger).toHaveLength(cases.length + 1);
    expect(ledger.every((r) => r.outcome === 'refused' && r.httpStatus === 422 && r.leadId === null)).toBe(
      true,
    );
    expect(ledger[0]!.reason).toMatch(/nome/);
    expect(ledger[0]!.body).toEqual({ email: 'a@b.com.br' });
  });

  it('answers 400 for broken JSON, 415 for another type and 413 past 64 KB, never 5xx, and records them', async () => {
    const { owner, token } = await agencyWithKey('Corpo S.A.');
    const broken = await send(token, '{"name": "Ana",', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/);
    const xml = await send(token, '<lead><name>Ana</name></lead>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    // Plain text is read as a text body: not an object, 422.
    const text = await send(token, 'name=Ana', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(422);
    const big = await send(token, { ...LEAD, message: 'a'.repeat(70 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(valid(apiErrorSchema, big).message).toMatch(/grande demais/);
    const empty = await send(token, '', { 'content-type': 'application/json' });
    expect(empty.statusCode).toBe(400);
    expect(await leadsOf(owner.realEstateId)).toEqual([]);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.httpStatus).sort()).toEqual([400, 400, 413, 415, 422]);
    expect(ledger.every((r) => r.outcome === 'refused' && r.reason)).toBe(true);
  });

  it('removes control characters and cuts over-long texts instead of refusing the lead', async () => {
    const { owner, token } = await agencyWithKey('Controle S.A.');
    const res = await send(token, {
      name: `Jo\u0000ão ${'S'.repeat(200)}`,
      phone: '11988887777',
      message: `Oi\u0007 ${'m'.repeat(3000)}`,
      origin: 'o'.repeat(300),
      extra: { nota: 'n'.repeat(2000) },
    });
    expect(res.statusCode).toBe(201);
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead!.name.startsWith('João S')).toBe(true);
    expect(lead!.name).toHaveLength(120);
    expect(lead!.message).toHaveLength(2000);
    const details = lead!.sourceDetails as Record<string, string>;
    expect(details.origin).toHaveLength(100);
    expect(details.nota).toHaveLength(1000);
  });

  it('extra: a field name too long is named as such; a field with no name is dropped, the lead kept', async () => {
    const { owner, token } = await agencyWithKey('Extra S.A.');
    const long = await send(token, { ...LEAD, extra: { ['k'.repeat(101)]: 'x' } });
    expect(long.statusCode).toBe(422);
    expect(valid(apiErrorSchema, long).errors?.extra?.[0]).toMatch(
      /nomes dos campos de extra .* no máximo 100/,
    );
    const blank = await send(token, { ...LEAD, extra: { '': 'x', '  ': 'y', renda: 'R$ 8 mil' } });
    expect(blank.statusCode, blank.body).toBe(201);
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead!.sourceDetails).toEqual({ origin: 'RD Station', renda: 'R$ 8 mil' });
  });

  it('a __proto__ key (valid JSON) is dropped, not answered as invalid JSON: the lead is stored', async () => {
    const { owner, token } = await agencyWithKey('Proto S.A.');
    const raw = '{"name":"Ana Proto","email":"ana@exemplo.com.br","extra":{"__proto__":"x","nota":"ok"}}';
    const res = await send(token, raw, { 'content-type': 'application/json' });
    expect(res.statusCode, res.body).toBe(201);
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead!.sourceDetails).toEqual(expect.objectContaining({ nota: 'ok' }));
    expect(Object.keys(lead!.sourceDetails as object)).not.toContain('__proto__');
  });

  it('half an emoji (a lone surrogate) in a field name of extra, or an unknown field, still stores the lead', async () => {
    const { owner, token } = await agencyWithKey('Surrogate S.A.');
    const raw =
      '{"name":"Renda Surrogate","email":"rs@exemplo.com.br","\\ud800x":"y","extra":{"renda\\ud800":"R$ 8 mil"}}';
    const res = await send(token, raw, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(201);
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead!.sourceDetails).toMatchObject({ 'renda\ufffd': 'R$ 8 mil' });
    const [row] = await ledgerOf(owner.realEstateId);
    expect(row).toMatchObject({ outcome: 'created', leadId: lead!.id });
  });

  it('quarantines by what the lead says only (links, a fake phone), never for lacking a form stamp', async () => {
    const { owner, token } = await agencyWithKey('Spam S.A.');
    const clean = valid(apiLeadResponse, await send(token, { name: 'Ana Lima', phone: '11987654321' }));
    expect(clean.data.quarantined).toBe(false);
    const links = valid(
      apiLeadResponse,
      await send(token, {
        name: 'Oferta',
        email: 'spam@exemplo.com',
        message: 'http://a.example http://b.example www.c.example',
      }),
    );
    expect(links.data.quarantined).toBe(true);
    const [spam] = (await leadsOf(owner.realEstateId)).filter((l) => l.id === links.data.id);
    expect(spam!.quarantineReason).toBe('mensagem com muitos links');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer to the same key and body (fields in any order), with one lead', async () => {
    const { owner, token } = await agencyWithKey('Idem S.A.');
    const key = { 'idempotency-key': 'pedido-0001' };
    const first = await send(token, LEAD, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const reordered = Object.fromEntries(Object.entries(LEAD).reverse());
    const again = await send(token, reordered, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.outcome)).toEqual(['created', 'duplicate']);
    expect(ledger[0]!.externalId).toMatch(/^\d+:pedido-0001:[0-9a-f]{16}$/);
    // Another key of the same agency has keys of its own.
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const other = (await c.post(`/v1/real-estates/${owner.realEstateId}/api-keys`, { name: 'Outra' })).json()
      .data.token as string;
    const fromOther = await send(
      other,
      { ...LEAD, name: 'Outra pessoa', email: 'outra@exemplo.com.br' },
      key,
    );
    expect(fromOther.statusCode).toBe(201);
    expect(fromOther.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses the same key with another body (422 naming the header), and keeps the answer on the ledger row', async () => {
    const { owner, key: apiKey, token } = await agencyWithKey('Conflito S.A.');
    const key = { 'idempotency-key': 'f47ac10b-58cc-4372-a567-0e02b2c3d479' };
    const first = valid(apiLeadResponse, await send(token, LEAD, key));
    const other = await send(token, { ...LEAD, message: 'Outra mensagem' }, key);
    expect(other.statusCode).toBe(422);
    expect(valid(apiErrorSchema, other).errors?.['Idempotency-Key']?.[0]).toMatch(/outro corpo/);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    // One row per request: the created one holds the key's answer; the refused one holds none.
    const { requestFingerprint } = await import('./lead-api-idempotency.ts');
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => [r.outcome, r.httpStatus, r.idempotencyKey, r.requestHash])).toEqual([
      ['created', 201, `${apiKey.id}:${key['idempotency-key']}`, requestFingerprint(LEAD)],
      ['refused', 422, null, null],
    ]);
    expect(ledger[0]!.responseBody).toEqual(first);
  });

  it('an answer an older version kept in api_idempotency_keys is not read, and the sweep empties that table', async () => {
    const { owner, token } = await agencyWithKey('Versão Antiga S.A.');
    const [apiKey] = await ctx.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.tokenHash, sha256(token)));
    const { requestFingerprint } = await import('./lead-api-idempotency.ts');
    const body = { ...LEAD, name: 'Versão antiga' };
    await ctx.database.db
      .insert(apiIdempotencyKeys)
      .values({ apiKeyId: apiKey!.id, key: 'antiga', requestHash: requestFingerprint(body) });
    const stored = await send(token, body, { 'idempotency-key': 'antiga' });
    expect(stored.statusCode).toBe(201);
    expect(valid(apiLeadResponse, stored).data.duplicate).toBe(false);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);

    const oldRows = () =>
      ctx.database.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.apiKeyId, apiKey!.id));
    await leadApiIdempotencySweepJob.handle({}, { ...ctx.app.deps, signal: new AbortController().signal });
    expect(await oldRows()).toHaveLength(1);
    await ctx.database.db
      .update(apiIdempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(apiIdempotencyKeys.apiKeyId, apiKey!.id));
    await leadApiIdempotencySweepJob.handle({}, { ...ctx.app.deps, signal: new AbortController().signal });
    expect(await oldRows()).toEqual([]);
  });

  it('concurrent requests with one key and body make one lead: the first answer, replayed to the others', async () => {
    const { owner, token } = await agencyWithKey('Concorrência S.A.');
    const key = { 'idempotency-key': 'rajada-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(token, LEAD, key)));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    const first = answers.find((r) => r.headers['idempotent-replayed'] === undefined)!;
    expect(answers.map((r) => r.json())).toEqual(answers.map(() => first.json()));
    expect(first.json().data.duplicate).toBe(false);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.outcome).sort()).toEqual([
      'created',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('concurrent requests with one key and different bodies: one lead, the others 422, nothing half-stored', async () => {
    const { owner, token } = await agencyWithKey('Corrida S.A.');
    const key = { 'idempotency-key': 'corrida-1' };
    const bodies = Array.from({ length: 4 }, (_, i) => ({
      ...LEAD,
      name: `Pessoa ${i}`,
      message: `Mensagem ${i}`,
    }));
    const answers = await Promise.all(bodies.map((b) => send(token, b, key)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const refused of answers.filter((r) => r.statusCode === 422))
      expect(Object.keys(valid(apiErrorSchema, refused).errors ?? {})).toEqual(['Idempotency-Key']);
    const stored = valid(
      apiLeadResponse,
      answers.find((r) => r.statusCode === 201)!,
    );
    const leads = await leadsOf(owner.realEstateId);
    expect(leads.map((l) => l.id)).toEqual([stored.data.id]);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.outcome).sort()).toEqual(['created', 'refused', 'refused', 'refused']);
    // The key keeps the stored lead's answer: its body replays it, the others still get 422.
    const winner = bodies.find((b) => b.name === leads[0]!.name)!;
    const again = await send(token, winner, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(stored);
  });

  it('leads sent together with keys of their own: each key keeps its own answer, replayed by that key', async () => {
    const { owner, key, token } = await agencyWithKey('Lote S.A.');
    const bodies = Array.from({ length: 6 }, (_, i) => ({
      ...LEAD,
      name: `Pessoa ${i}`,
      email: `pessoa${i}@exemplo.com.br`,
      phone: `+55 (11) 97777-000${i}`,
    }));
    // Sent at once, they share the capture's transactions, and their answers are written together.
    const first = await Promise.all(bodies.map((b, i) => send(token, b, { 'idempotency-key': `lote-${i}` })));
    expect(first.map((r) => r.statusCode)).toEqual(bodies.map(() => 201));
    const ids = first.map((r) => valid(apiLeadResponse, r).data.id);
    expect(new Set(ids).size).toBe(6);
    const kept = await ledgerOf(owner.realEstateId);
    expect(kept.map((k) => [k.idempotencyKey, k.httpStatus, k.leadId]).sort()).toEqual(
      ids.map((id, i) => [`${key.id}:lote-${i}`, 201, id]).sort(),
    );
    const again = await Promise.all(bodies.map((b, i) => send(token, b, { 'idempotency-key': `lote-${i}` })));
    expect(again.map((r) => r.headers['idempotent-replayed'])).toEqual(bodies.map(() => 'true'));
    expect(again.map((r) => valid(apiLeadResponse, r).data.id)).toEqual(ids);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(6);
  });

  it('a lead whose key was forgotten is the same lead when sent again, and that answer is kept', async () => {
    const { owner, key: apiKey, token } = await agencyWithKey('Queda S.A.');
    const key = { 'idempotency-key': 'queda-1' };
    const first = valid(apiLeadResponse, await send(token, LEAD, key));
    // As if the key had been swept (its 24 hours) while the lead stays.
    await ctx.database.db
      .update(inboundRequests)
      .set({ idempotencyKey: null, requestHash: null, responseBody: null })
      .where(eq(inboundRequests.idempotencyKey, `${apiKey.id}:queda-1`));
    const retry = await send(token, LEAD, key);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(valid(apiLeadResponse, retry).data).toMatchObject({ id: first.data.id, duplicate: true });
    const again = await send(token, LEAD, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    // The retry's duplicate row holds the key's answer now.
    expect((await ledgerOf(owner.realEstateId)).map((r) => [r.outcome, r.idempotencyKey])).toEqual([
      ['created', null],
      ['duplicate', `${apiKey.id}:queda-1`],
      ['duplicate', null],
    ]);
  });

  it('a key past its 24 hours is new: swept by the periodic job, a new body makes a new lead', async () => {
    const { owner, key: apiKey, token } = await agencyWithKey('Expira S.A.');
    const key = { 'idempotency-key': 'velha' };
    expect((await send(token, LEAD, key)).statusCode).toBe(201);
    expect(
      (await send(token, { name: 'Nova', phone: '21987654321' }, { 'idempotency-key': 'nova' })).statusCode,
    ).toBe(201);
    await ageIdempotencyKey(apiKey.id, 'velha');
    // Past 24 h, even before the sweep, the key is new.
    const reused = await send(token, { ...LEAD, name: 'Outra Pessoa', email: 'x@exemplo.com.br' }, key);
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await leadsOf(owner.realEstateId)).toHaveLength(3);

    await ageIdempotencyKey(apiKey.id, 'velha');
    await leadApiIdempotencySweepJob.handle({}, { ...ctx.app.deps, signal: new AbortController().signal });
    // The ledger keeps its three rows; only the answer within its 24 hours is still held.
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger).toHaveLength(3);
    expect(ledger.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []))).toEqual([
      `${apiKey.id}:nova`,
    ]);
    expect(ledger.filter((r) => r.responseBody !== null || r.requestHash !== null)).toHaveLength(1);
  });

  it('a key past its 24 hours sent again at once with its old body and a new one: the old lead, and a new lead or 422', async () => {
    const { owner, key, token } = await agencyWithKey('Reuso S.A.');
    const header = { 'idempotency-key': 'reuso-1' };
    const first = valid(apiLeadResponse, await send(token, LEAD, header));
    await ageIdempotencyKey(key.id, 'reuso-1');
    const other = { ...LEAD, name: 'Outra Pessoa', email: 'outra@exemplo.com.br', phone: '21987650000' };
    const [old, fresh] = await Promise.all([send(token, LEAD, header), send(token, other, header)]);
    // The old body is its old lead (its submission key), whichever request keeps the key.
    expect(old.headers['idempotent-replayed']).toBeUndefined();
    expect(valid(apiLeadResponse, old).data).toMatchObject({ id: first.data.id, duplicate: true });
    // The new body is a new lead, or, when the old body's answer took the key first, 422 naming the header.
    expect([201, 422]).toContain(fresh.statusCode);
    const created = fresh.statusCode === 201;
    if (created) expect(valid(apiLeadResponse, fresh).data.duplicate).toBe(false);
    else expect(Object.keys(valid(apiErrorSchema, fresh).errors ?? {})).toEqual(['Idempotency-Key']);
    const leads = await leadsOf(owner.realEstateId);
    expect(leads).toHaveLength(created ? 2 : 1);
    expect((await ledgerOf(owner.realEstateId)).map((r) => r.outcome).sort()).toEqual(
      created ? ['created', 'created', 'duplicate'] : ['created', 'duplicate', 'refused'],
    );
    // One live answer for the key, its winner's: that body replays it, the other body gets 422.
    const kept = await ctx.database.db
      .select({ leadId: inboundRequests.leadId })
      .from(inboundRequests)
      .where(eq(inboundRequests.idempotencyKey, `${key.id}:reuso-1`));
    const winner = created ? valid(apiLeadResponse, fresh).data.id : first.data.id;
    expect(kept.map((k) => k.leadId)).toEqual([winner]);
    const [replayWinner, replayLoser] = created
      ? [await send(token, other, header), await send(token, LEAD, header)]
      : [await send(token, LEAD, header), await send(token, other, header)];
    expect(replayWinner.headers['idempotent-replayed']).toBe('true');
    expect(valid(apiLeadResponse, replayWinner).data.id).toBe(winner);
    expect(replayLoser.statusCode).toBe(422);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(leads.length);
  });

  it("a duplicate's answer takes a key whose old answer passed its 24 hours before the sweep cleared it", async () => {
    const { owner, key, token } = await agencyWithKey('Virada S.A.');
    const first = valid(apiLeadResponse, await send(token, LEAD, { 'idempotency-key': 'virada' }));
    await ageIdempotencyKey(key.id, 'virada');
    // The request's own ledger row, as the route writes it for a duplicate.
    const [duplicate] = await ctx.database.db
      .insert(inboundRequests)
      .values({
        realEstateId: owner.realEstateId,
        channel: 'lead_api',
        source: 'api',
        outcome: 'duplicate',
        httpStatus: 201,
        body: LEAD,
        leadId: first.data.id,
      })
      .returning({ id: inboundRequests.id });
    const { keepIdempotencyAnswer, requestFingerprint } = await import('./lead-api-idempotency.ts');
    const answer = { ...first, data: { ...first.data, duplicate: true } };
    expect(
      await keepIdempotencyAnswer(ctx.app.deps, {
        requestId: duplicate!.id,
        apiKeyId: key.id,
        key: 'virada',
        fingerprint: requestFingerprint(LEAD),
        body: answer,
      }),
    ).toBe(true);
    const held = (await ledgerOf(owner.realEstateId)).filter((r) => r.idempotencyKey !== null);
    expect(held.map((r) => [r.id, r.responseBody])).toEqual([[duplicate!.id, answer]]);
  });

  it('refuses a malformed Idempotency-Key naming the header', async () => {
    const { owner, token } = await agencyWithKey('Cabeçalho S.A.');
    for (const value of ['com espaço', 'x'.repeat(256), 'acentuação']) {
      const res = await send(token, LEAD, { 'idempotency-key': value });
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(valid(apiErrorSchema, res).errors ?? {})).toEqual(['Idempotency-Key']);
    }
    expect(await leadsOf(owner.realEstateId)).toEqual([]);
  });
});

describe('replay from the inbound ledger', () => {
  const replayOf = (c: TestClient, id: string) => c.post(`/v1/inbound-requests/${id}/replay`);

  it('a refused body stays refused (422 naming the field) until fixed; then one lead, and 409 after', async () => {
    const { owner, console, token } = await agencyWithKey('Reenvio API S.A.');
    const page = await insertPage(ctx, owner.realEstateId, { listingCode: 'AP-777' });
    const body = { email: 'sem.nome@exemplo.com.br', listing_code: 'AP-777', utm_source: 'site' };
    expect((await send(token, body)).statusCode).toBe(422);
    const [row] = await ledgerOf(owner.realEstateId);
    const listed = await console.get(`/v1/real-estates/${owner.realEstateId}/inbound-requests`);
    expect(listed.json().data[0]).toMatchObject({
      id: row!.id,
      channel: 'lead_api',
      outcome: 'refused',
      can_replay: true,
    });
    const still = await replayOf(console, row!.id);
    expect(still.statusCode).toBe(422);
    expect(still.json().message).toMatch(/^Ainda recusada: .*nome/);
    expect(Object.keys(still.json().errors)).toEqual(['name']);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(1);

    // Support fixes the stored body (the site sent the name in another field), then replays it.
    await ctx.database.db
      .update(inboundRequests)
      .set({ body: { ...body, name: 'Nome Corrigido' } })
      .where(eq(inboundRequests.id, row!.id));
    const replay = await replayOf(console, row!.id);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json().data.outcome).toBe('created');
    const [lead] = await leadsOf(owner.realEstateId);
    expect(lead).toMatchObject({
      id: replay.json().data.lead_id,
      source: 'api',
      name: 'Nome Corrigido',
      pageId: page.id,
      utmSource: 'site',
    });
    expect((await replayOf(console, row!.id)).statusCode).toBe(409);
    const ledger = await ledgerOf(owner.realEstateId);
    expect(ledger.map((r) => r.outcome)).toEqual(['refused', 'created']);
    expect(ledger[1]!.leadId).toBe(lead!.id);
    expect(ledger[0]!.replayedBy).toBe(owner.userId);
  });

  it('a request refused for reusing its Idempotency-Key with another body offers no replay (the sender must use a new key)', async () => {
    const { owner, console, token } = await agencyWithKey('Chave Reusada S.A.');
    const key = { 'idempotency-key': 'reusada-1' };
    expect((await send(token, LEAD, key)).statusCode).toBe(201);
    expect((await send(token, { ...LEAD, message: 'Outro corpo' }, key)).statusCode).toBe(422);
    const refused = (await ledgerOf(owner.realEstateId)).find((r) => r.outcome === 'refused')!;
    const listed = await console.get(`/v1/real-estates/${owner.realEstateId}/inbound-requests`);
    expect(listed.json().data.find((r: { id: string }) => r.id === refused.id)).toMatchObject({
      can_replay: false,
    });
    const replay = await replayOf(console, refused.id);
    expect(replay.statusCode).toBe(409);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(2);
  });

  it('a request refused while its Idempotency-Key was in flight, replayed after the first one finished: the same lead', async () => {
    const { owner, console, token } = await agencyWithKey('Em Voo S.A.');
    const body = { ...LEAD, name: 'Primeira em andamento' };
    const stored = await send(token, body, { 'idempotency-key': 'pedido-voo' });
    expect(stored.statusCode).toBe(201);
    // Its retry got a 409 while the first request ran (as an earlier version answered, or when the first
    // one's answer could not be read back): the ledger holds it as refused, with the same external id.
    const [created] = await ledgerOf(owner.realEstateId);
    await ctx.database.db.insert(inboundRequests).values({
      realEstateId: owner.realEstateId,
      channel: 'lead_api',
      source: 'api',
      outcome: 'refused',
      httpStatus: 409,
      reason:
        'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente de novo em alguns segundos.',
      externalId: created!.externalId,
      body: created!.body,
    });
    const refused = (await ledgerOf(owner.realEstateId)).find((r) => r.outcome === 'refused')!;
    const replay = await replayOf(console, refused.id);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data).toMatchObject({ outcome: 'duplicate', lead_id: stored.json().data.id });
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
  });

  it('a body sent without Idempotency-Key replayed twice at once is still one lead', async () => {
    const { owner, console, token } = await agencyWithKey('Sem Chave S.A.');
    const body = { ...LEAD, name: 'Sem Chave', extra: { x: { y: 1 } } };
    expect((await send(token, body)).statusCode).toBe(422);
    const [row] = await ledgerOf(owner.realEstateId);
    expect(row!.externalId).toBeNull();
    await ctx.database.db
      .update(inboundRequests)
      .set({ body: { ...body, extra: { x: 'y' } } })
      .where(eq(inboundRequests.id, row!.id));
    const [a, b] = await Promise.all([replayOf(console, row!.id), replayOf(console, row!.id)]);
    // The second finds the row replayed (409) or the lead stored (a duplicate): never a second lead.
    const outcomes = [a, b].map((r) => (r.statusCode === 201 ? r.json().data.outcome : r.statusCode));
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'created')[0]).toBeOneOf(['duplicate', 409]);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(1);
  });
});

describe('rate limits', () => {
  const limitedApp = appWithSettings(() => ctx, {
    LEAD_API_KEY_LIMIT_PER_MINUTE: '3',
    LEAD_API_AGENCY_LIMIT_PER_MINUTE: '5',
  });

  /** An agency with two keys ("Site", "Zapier") on the limited app, and a lead sender per key. */
  async function agencyWithTwoKeys(name: string, emailPrefix: string) {
    const { client: c, ...owner } = await signedInOwner(limitedApp(), name);
    const tokens: string[] = [];
    for (const keyName of ['Site', 'Zapier']) {
      const res = await c.post(`/v1/real-estates/${owner.realEstateId}/api-keys`, { name: keyName });
      tokens.push(res.json().data.token as string);
    }
    const post = (token: string, i: number) =>
      limitedApp().app.inject({
        method: 'POST',
        url: '/v1/leads',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: `Pessoa ${i}`, email: `${emailPrefix}${i}@exemplo.com.br` },
      });
    return { owner, tokens, post };
  }

  it('per key, then per agency: 429 with Retry-After; a flooding key does not spend the others’ share', async () => {
    const { owner, tokens, post } = await agencyWithTwoKeys('Limite S.A.', 'p');
    const first: number[] = [];
    for (let i = 0; i < 10; i++) first.push((await post(tokens[0]!, i)).statusCode);
    expect(first).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const over = await post(tokens[0]!, 99);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(valid(apiErrorSchema, over).message).toMatch(/desta chave/);

    const second: LightMyRequestResponse[] = [];
    for (let i = 10; i < 13; i++) second.push(await post(tokens[1]!, i));
    expect(second.map((r) => r.statusCode)).toEqual([201, 201, 429]);
    const agency = second[2]!;
    expect(valid(apiErrorSchema, agency).message).toMatch(/da imobiliária/);
    expect(Number(agency.headers['retry-after'])).toBeGreaterThan(0);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(5);
    // 429s are not written to the inbound ledger (a flood would flood it too).
    expect(await ledgerOf(owner.realEstateId)).toHaveLength(5);
  });

  it('sent at once, the same limits hold: each request counted in arrival order, in one statement', async () => {
    const { owner, tokens, post } = await agencyWithTwoKeys('Rajada S.A.', 'rajada');
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => post(tokens[0]!, i)));
    const statuses = first.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    for (const r of first.filter((x) => x.statusCode === 429))
      expect(valid(apiErrorSchema, r).message).toMatch(/desta chave/);
    // The flooding key's refused requests spent none of the agency's share: 2 more, from the other key.
    const second = await Promise.all(Array.from({ length: 3 }, (_, i) => post(tokens[1]!, 20 + i)));
    expect(second.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const agency = second.filter((r) => r.statusCode === 429);
    expect(agency).toHaveLength(1);
    expect(valid(apiErrorSchema, agency[0]!).message).toMatch(/da imobiliária/);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(5);
  });
});

describe('/docs/json', () => {
  it('documents POST /v1/leads with the Bearer key, an example body and its errors', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.components.securitySchemes.leadApiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    const op = doc.paths['/v1/leads'].post;
    expect(op.security).toEqual([{ leadApiKey: [] }]);
    const schema = op.requestBody.content['application/json'].schema;
    expect(schema.example).toMatchObject({ name: 'Maria Souza', listing_code: 'AP-1234' });
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'listing_code', 'origin', 'gclid', 'extra']),
    );
    expect(Object.keys(op.responses).sort()).toEqual(['201', '401', '403', '409', '413', '422', '429']);
    expect(op.responses['201'].content['application/json'].schema.properties).toHaveProperty('data');
    for (const p of ['/v1/real-estates/{id}/api-keys', '/v1/real-estates/{id}/api-keys/{keyId}'])
      expect(doc.paths[p], p).toBeDefined();
  });
});

describe('the idempotency answers', () => {
  it('are not mixed between API keys: ids are never reused, so a deleted key leaves nothing another key can replay', async () => {
    const { owner, console, key, token } = await agencyWithKey('Cascata S.A.');
    const first = valid(apiLeadResponse, await send(token, LEAD, { 'idempotency-key': 'cascata' }));
    await ctx.database.db.delete(apiKeys).where(eq(apiKeys.id, key.id));
    const other = (
      await console.post(`/v1/real-estates/${owner.realEstateId}/api-keys`, { name: 'Nova' })
    ).json().data as { id: number; token: string };
    expect(other.id).toBeGreaterThan(key.id);
    const again = await send(other.token, LEAD, { 'idempotency-key': 'cascata' });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // The same person and body from another key: another submission key, so a new lead.
    expect(valid(apiLeadResponse, again).data.id).not.toBe(first.data.id);
  });
});
