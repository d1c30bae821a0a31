import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Page } from '@vitrine/contracts';
import { auditLog, leads, pages } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  type TestContext,
} from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function agency(name = 'Imobiliária Páginas') {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { ...owner, c };
}

const listUrl = (id: number, query = '') => `/v1/real-estates/${id}/pages${query}`;

async function create(c: TestClient, realEstateId: number, page: Record<string, unknown>): Promise<Page> {
  const res = await c.post(listUrl(realEstateId), { page });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const actions = async (realEstateId: number, subject?: number) =>
  (
    await ctx.database.db
      .select({ action: auditLog.action, subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.realEstateId, realEstateId)))
      .orderBy(auditLog.id)
  )
    .filter((a) => subject === undefined || a.subject === String(subject))
    .map((a) => a.action);

const full = {
  title: 'Apartamento com 3 quartos em Pinheiros',
  status: 'published',
  listing_code: 'AP-123',
  purpose: 'sale',
  property_type: 'apartment',
  price_cents: 85_000_000,
  condo_fee_cents: 120_000,
  iptu_cents: 35_000,
  currency: 'BRL',
  area_m2: 92,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 1,
  address: 'Rua dos Pinheiros, 100',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'sp',
  zip_code: '05422000',
  latitude: -23.56,
  longitude: -46.69,
  description: 'Claro e silencioso.',
  features: ['Varanda', 'Piscina'],
  whatsapp: '(11) 98888-7777',
  call_to_action: 'Agende uma visita',
  seo_title: 'Apartamento em Pinheiros',
  seo_description: 'Três quartos perto do metrô.',
};

describe('POST /v1/real-estates/{id}/pages', () => {
  it('creates a draft from a title alone, with a readable slug and the public URL', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, { title: 'Casa térrea – Jardim Botânico!' });
    expect(page).toMatchObject({
      real_estate_id: realEstateId,
      title: 'Casa térrea – Jardim Botânico!',
      status: 'draft',
      purpose: 'sale',
      property_type: null,
      price_cents: null,
      currency: 'BRL',
      features: [],
      photos: [],
      source: 'manual',
      published_at: null,
      leads_count: 0,
    });
    expect(page.slug).toMatch(/^casa-terrea-jardim-botanico(-\d+)?$/);
    expect(page.public_url).toBe(`http://127.0.0.1:3000/imoveis/${page.slug}`);
    expect(await actions(realEstateId, page.id)).toEqual(['page.created']);
  });

  it('stores every field, normalised, and publishes at once when asked', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, full);
    expect(page).toMatchObject({
      ...full,
      state: 'SP',
      zip_code: '05422-000',
      whatsapp: '11988887777',
      status: 'published',
    });
    expect(page.published_at).not.toBeNull();
    expect((await c.get(`/v1/pages/${page.id}`)).json().data).toEqual(page);
    expect(await actions(realEstateId, page.id)).toEqual(['page.created', 'page.published']);
  });

  it('gives colliding titles -2, -3… and survives a burst of identical titles', async () => {
    const { c, realEstateId } = await agency();
    const title = `Sobrado único ${Date.now()}`;
    const a = await create(c, realEstateId, { title });
    const b = await create(c, realEstateId, { title });
    const d = await create(c, realEstateId, { title });
    expect([b.slug, d.slug]).toEqual([`${a.slug}-2`, `${a.slug}-3`]);
    const burst = await Promise.all(
      Array.from({ length: 6 }, () => c.post(listUrl(realEstateId), { page: { title } })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const slugs = [a, b, d, ...burst.map((r) => r.json().data as Page)].map((p) => p.slug);
    expect(new Set(slugs).size).toBe(9);
  });

  it('accepts a chosen slug, and answers 422 on slug when it is taken (in any agency)', async () => {
    const { c, realEstateId } = await agency();
    const slug = `meu-imovel-${Date.now()}`;
    expect((await create(c, realEstateId, { title: 'Meu imóvel', slug: slug.toUpperCase() })).slug).toBe(
      slug,
    );
    const other = await agency('Outra');
    const res = await other.c.post(listUrl(other.realEstateId), { page: { title: 'Outro imóvel', slug } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ slug: ['Este endereço (slug) já está em uso por outra página.'] });
  });

  it('validates: missing page, wrong types, long strings, bad phone, bad slug, negative money', async () => {
    const { c, realEstateId } = await agency();
    const cases: [unknown, string[]][] = [
      [{}, ['page']],
      [{ page: 'x' }, ['page']],
      [{ page: {} }, ['page.title']],
      [{ page: { title: 'ab' } }, ['page.title']],
      [{ page: { title: 'x'.repeat(201) } }, ['page.title']],
      [{ page: { title: 12 } }, ['page.title']],
      [
        { page: { title: 'Casa', price_cents: -1, bedrooms: 1.5, area_m2: '90' } },
        ['page.price_cents', 'page.bedrooms', 'page.area_m2'],
      ],
      [
        { page: { title: 'Casa', status: 'archived', purpose: 'swap', property_type: 'castle' } },
        ['page.status', 'page.purpose', 'page.property_type'],
      ],
      [
        { page: { title: 'Casa', whatsapp: '12345', zip_code: '123', state: 'ZZ' } },
        ['page.whatsapp', 'page.zip_code', 'page.state'],
      ],
      [
        { page: { title: 'Casa', slug: 'Com Espaço', description: 'x'.repeat(5001) } },
        ['page.slug', 'page.description'],
      ],
      [
        { page: { title: 'Casa', features: ['x'.repeat(81)], longitude: 200 } },
        ['page.features.0', 'page.longitude'],
      ],
      [{ page: { title: 'Casa', features: 'Piscina' } }, ['page.features']],
      [[], ['body']],
    ];
    for (const [body, fields] of cases) {
      const res = await c.post(listUrl(realEstateId), body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body).slice(0, 80)).toEqual(
        [...fields].sort(),
      );
      for (const list of Object.values(res.json().errors) as string[][]) expect(list[0]).toMatch(/[a-zà-ú]/);
    }
    const broken = await c.post(listUrl(realEstateId), '{"page": {"title": ', {
      'content-type': 'application/json',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('O corpo da requisição não é um JSON válido.');
    expect((await c.get(listUrl(realEstateId))).json().meta.total).toBe(0);
  });

  it('lets an agent create; answers 404 for another agency, 401 without session, 419 without CSRF', async () => {
    const { realEstateId } = await agency();
    const agent = await addMember(ctx, realEstateId, 'agent');
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    await create(c, realEstateId, { title: 'Página do corretor' });
    const other = await createOwner(ctx, 'Outra');
    expect((await c.post(listUrl(other.realEstateId), { page: { title: 'Invasão' } })).statusCode).toBe(404);
    expect((await c.get(listUrl(other.realEstateId))).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(listUrl(realEstateId))).statusCode).toBe(401);
    expect(
      (
        await c.request('POST', listUrl(realEstateId), {
          body: { page: { title: 'Sem token' } },
          csrf: false,
        })
      ).statusCode,
    ).toBe(419);
  });
});

describe('GET /v1/real-estates/{id}/pages', () => {
  it('lists newest first in the Laravel envelope, with search that ignores case and accents, and filters', async () => {
    const { c, realEstateId } = await agency();
    const a = await create(c, realEstateId, {
      title: 'Casa em Moema',
      city: 'São Paulo',
      neighborhood: 'Moema',
      status: 'published',
    });
    const b = await create(c, realEstateId, {
      title: 'Apartamento na Tijuca',
      city: 'Rio de Janeiro',
      listing_code: 'RJ-77',
      purpose: 'rent',
    });
    const d = await create(c, realEstateId, {
      title: 'Terreno 50% off_',
      neighborhood: 'Água Verde',
      city: 'Curitiba',
      property_type: 'land',
    });
    const res = await c.get(listUrl(realEstateId));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((p: Page) => p.id)).toEqual([d.id, b.id, a.id]);
    expect(body.meta).toEqual({ current_page: 1, per_page: 15, total: 3, last_page: 1, from: 1, to: 3 });
    expect(body.links.next).toBeNull();
    expect(body.data[0].leads_count).toBe(0);

    const ids = async (query: string) =>
      (await c.get(listUrl(realEstateId, query))).json().data.map((p: Page) => p.id);
    expect(await ids('?search=SAO%20PAULO')).toEqual([a.id]);
    expect(await ids('?search=agua')).toEqual([d.id]);
    expect(await ids('?search=rj-77')).toEqual([b.id]);
    expect(await ids('?search=tijuca%20rio')).toEqual([b.id]);
    expect(await ids('?search=50%25')).toEqual([d.id]);
    expect(await ids('?search=%25')).toEqual([d.id]);
    expect(await ids('?search=_')).toEqual([d.id]);
    expect(await ids('?search=nada-disso')).toEqual([]);
    expect(await ids('?status=published')).toEqual([a.id]);
    expect(await ids('?status=draft&purpose=rent')).toEqual([b.id]);
    expect(await ids('?property_type=land')).toEqual([d.id]);
  });

  it('paginates (per_page up to 100) and validates the query', async () => {
    const { c, realEstateId } = await agency();
    for (let i = 1; i <= 5; i++) await create(c, realEstateId, { title: `Imóvel número ${i}` });
    const page2 = (await c.get(listUrl(realEstateId, '?per_page=2&page=2'))).json();
    expect(page2.data.map((p: Page) => p.title)).toEqual(['Imóvel número 3', 'Imóvel número 2']);
    expect(page2.meta).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 5,
      last_page: 3,
      from: 3,
      to: 4,
    });
    expect(page2.links.next).toContain('page=3');
    expect(page2.links.next).toContain('per_page=2');
    for (const q of [
      '?per_page=101',
      '?page=0',
      '?status=vendido',
      '?per_page=abc',
      `?search=${'x'.repeat(121)}`,
    ]) {
      expect((await c.get(listUrl(realEstateId, q))).statusCode, q).toBe(422);
    }
  });

  it('counts the leads of each page (test leads excluded)', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, { title: 'Com leads' });
    await ctx.database.db.insert(leads).values([
      { realEstateId, pageId: page.id, name: 'Ana' },
      { realEstateId, pageId: page.id, name: 'Bia' },
      { realEstateId, pageId: page.id, name: 'Teste', isTest: true },
    ]);
    expect((await c.get(listUrl(realEstateId))).json().data[0].leads_count).toBe(2);
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.leads_count).toBe(2);
  });
});

describe('GET, PUT and DELETE /v1/pages/{id}', () => {
  it('publishes with {status: "published"} alone; published_at is set once', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, { title: 'Só o título' });
    const res = await c.put(`/v1/pages/${page.id}`, { status: 'published' });
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json().data as Page;
    expect(published).toMatchObject({ status: 'published', title: 'Só o título' });
    expect(published.published_at).not.toBeNull();
    await c.put(`/v1/pages/${page.id}`, { status: 'draft' });
    const again = (await c.put(`/v1/pages/${page.id}`, { status: 'published' })).json().data as Page;
    expect(again.published_at).toBe(published.published_at);
    expect(await actions(realEstateId, page.id)).toEqual([
      'page.created',
      'page.updated',
      'page.published',
      'page.updated',
      'page.updated',
      'page.published',
    ]);
  });

  it('updates only the fields sent; null clears; the {page: {...}} wrapper works too', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, full);
    const res = await c.put(`/v1/pages/${page.id}`, {
      price_cents: 80_000_000,
      description: null,
      features: ['Churrasqueira'],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Page;
    expect(updated).toMatchObject({
      ...page,
      price_cents: 80_000_000,
      description: null,
      features: ['Churrasqueira'],
      updated_at: updated.updated_at,
    });
    const wrapped = await c.put(`/v1/pages/${page.id}`, { page: { title: 'Título novo' } });
    expect(wrapped.json().data).toMatchObject({
      title: 'Título novo',
      slug: page.slug,
      price_cents: 80_000_000,
    });
    const noop = await c.put(`/v1/pages/${page.id}`, {});
    expect(noop.statusCode).toBe(200);
  });

  it('edits the slug with validation and uniqueness', async () => {
    const { c, realEstateId } = await agency();
    const a = await create(c, realEstateId, { title: 'Primeira página' });
    const b = await create(c, realEstateId, { title: 'Segunda página' });
    const slug = `endereco-novo-${Date.now()}`;
    expect((await c.put(`/v1/pages/${a.id}`, { slug })).json().data).toMatchObject({
      slug,
      public_url: `http://127.0.0.1:3000/imoveis/${slug}`,
    });
    const taken = await c.put(`/v1/pages/${b.id}`, { slug });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.slug).toEqual(['Este endereço (slug) já está em uso por outra página.']);
    for (const bad of ['com espaço', 'ação', '-começa', 'ab', 'x'.repeat(101), 'dois--hifens']) {
      const res = await c.put(`/v1/pages/${b.id}`, { slug: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['slug']);
    }
  });

  it('refuses bad updates with 422 and changes nothing', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, full);
    for (const body of [
      { title: null },
      { status: null },
      { price_cents: '100' },
      { bedrooms: -1 },
      { seo_title: 'x'.repeat(121) },
      { call_to_action: 'x'.repeat(61) },
      'texto',
      [1, 2],
      null,
    ]) {
      const res = await c.put(`/v1/pages/${page.id}`, JSON.stringify(body), {
        'content-type': 'application/json',
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const broken = await c.put(`/v1/pages/${page.id}`, '{"status":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect((await c.get(`/v1/pages/${page.id}`)).json().data).toEqual({ ...page });
  });

  it('answers 404 for another agency’s page on every route, and for unknown ids; 422 for non-numeric ids', async () => {
    const { c } = await agency();
    const other = await agency('Outra');
    const foreign = await create(other.c, other.realEstateId, { title: 'Página alheia' });
    const routes: [string, string, Record<string, unknown>?][] = [
      ['GET', `/v1/pages/${foreign.id}`],
      ['PUT', `/v1/pages/${foreign.id}`, { title: 'Roubada' }],
      ['DELETE', `/v1/pages/${foreign.id}`],
      ['PATCH', `/v1/pages/${foreign.id}/get-title`],
      ['PUT', `/v1/pages/${foreign.id}/photos`, { order: [] }],
      ['DELETE', `/v1/pages/${foreign.id}/photos/abc`],
      ['GET', '/v1/pages/99999999'],
    ];
    for (const [method, url, body] of routes) {
      const res = await c.request(method as 'GET', url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Página não encontrada.');
    }
    expect((await other.c.get(`/v1/pages/${foreign.id}`)).json().data.title).toBe('Página alheia');
    const nan = await c.get('/v1/pages/abc');
    expect(nan.statusCode).toBe(422);
    expect(nan.json().errors.id).toBeDefined();
    expect((await new TestClient(ctx.app).get(`/v1/pages/${foreign.id}`)).statusCode).toBe(401);
  });

  it('accepts (and ignores) query params on GET', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, { title: 'Com query' });
    expect((await c.get(`/v1/pages/${page.id}?include=videos&foo=bar`)).statusCode).toBe(200);
  });

  it('deletes with 204 (an agent may), then answers 404', async () => {
    const { realEstateId } = await agency();
    const agent = await addMember(ctx, realEstateId, 'agent');
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    const page = await create(c, realEstateId, { title: 'Para apagar' });
    const res = await c.delete(`/v1/pages/${page.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await c.get(`/v1/pages/${page.id}`)).statusCode).toBe(404);
    expect((await c.delete(`/v1/pages/${page.id}`)).statusCode).toBe(404);
    expect(await actions(realEstateId, page.id)).toEqual(['page.created', 'page.deleted']);
  });
});

describe('DELETE /v1/pages/many', () => {
  it("deletes only the caller's pages; other agencies' ids are ignored without a word", async () => {
    const { c, realEstateId } = await agency();
    const mine = [
      await create(c, realEstateId, { title: 'Minha 1' }),
      await create(c, realEstateId, { title: 'Minha 2' }),
      await create(c, realEstateId, { title: 'Minha 3' }),
    ];
    const other = await agency('Outra');
    const theirs = await create(other.c, other.realEstateId, { title: 'Dela' });
    const res = await c.delete('/v1/pages/many', {
      ids: [mine[0]!.id, mine[1]!.id, mine[1]!.id, theirs.id, 99999999],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: 2 } });
    expect((await c.get(listUrl(realEstateId))).json().data.map((p: Page) => p.id)).toEqual([mine[2]!.id]);
    expect((await other.c.get(`/v1/pages/${theirs.id}`)).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(pages).where(eq(pages.id, theirs.id));
    expect(row?.title).toBe('Dela');
  });

  it('validates the ids', async () => {
    const { c } = await agency();
    for (const body of [
      {},
      { ids: [] },
      { ids: 'all' },
      { ids: ['1'] },
      { ids: [0] },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await c.delete('/v1/pages/many', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(422);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^ids/);
    }
    expect(
      (await c.request('DELETE', '/v1/pages/many', { body: { ids: [1] }, csrf: false })).statusCode,
    ).toBe(419);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.delete('/v1/pages/many', { ids: [1] })).statusCode).toBe(401);
  });
});

describe('PATCH /v1/pages/{id}/get-title', () => {
  it('suggests a title from the facts, saves it and returns the page', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, {
      title: 'Rascunho',
      property_type: 'apartment',
      bedrooms: 1,
      neighborhood: 'Pinheiros',
      city: 'São Paulo',
    });
    const res = await c.request('PATCH', `/v1/pages/${page.id}/get-title`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: page.id,
      title: 'Apartamento com 1 quarto em Pinheiros, São Paulo',
      slug: page.slug,
    });
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.title).toBe(
      'Apartamento com 1 quarto em Pinheiros, São Paulo',
    );
    expect(await actions(realEstateId, page.id)).toContain('page.title_suggested');

    const bare = await create(c, realEstateId, {
      title: 'Sem dados',
      purpose: 'rent',
      property_type: 'house',
    });
    expect((await c.request('PATCH', `/v1/pages/${bare.id}/get-title`, { body: {} })).json().data.title).toBe(
      'Casa para alugar',
    );
  });

  it('with save=false only suggests: the agent’s own title stays until they accept', async () => {
    const { c, realEstateId } = await agency();
    const page = await create(c, realEstateId, {
      title: 'Meu título caprichado',
      property_type: 'house',
      bedrooms: 3,
      neighborhood: 'Moema',
      city: 'São Paulo',
    });
    const res = await c.request('PATCH', `/v1/pages/${page.id}/get-title?save=false`);
    expect(res.statusCode).toBe(200);
    expect(res.json().suggested_title).toBe('Casa com 3 quartos em Moema, São Paulo');
    expect(res.json().data.title).toBe('Meu título caprichado');
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.title).toBe('Meu título caprichado');
    expect(await actions(realEstateId, page.id)).not.toContain('page.title_suggested');
    const bad = await c.request('PATCH', `/v1/pages/${page.id}/get-title?save=talvez`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.save[0]).toBe('O parâmetro save deve ser true ou false.');
  });
});
