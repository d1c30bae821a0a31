import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@vitrine/contracts';
import {
  PNG_1X1,
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  multipart,
  type TestContext,
} from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedInOwner(name = 'Imobiliária Teste') {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { ...owner, c };
}

const validProfile = {
  _method: 'PUT',
  name: 'Prime Imóveis',
  cnpj: '11.222.333/0001-81',
  creci: '12345-J',
  phone: '(11) 3333-4444',
  whatsapp: '+55 (11) 98888-7777',
  email: 'Contato@Prime.com.br',
  website: 'https://prime.com.br',
  zip_code: '01310-100',
  address: 'Av. Paulista, 1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'sp',
};

async function uploadsOf(realEstateId: number) {
  return readdir(path.join(ctx.config.dataDir, 'uploads', 'logos', String(realEstateId))).catch(
    () => [] as string[],
  );
}

describe('POST /v1/real-estates', () => {
  it('needs a session', async () => {
    const res = await new TestClient(ctx.app).post('/v1/real-estates', { name: 'Sem login' });
    expect(res.statusCode).toBe(401);
  });

  it('creates an agency whose creator is the owner, listed in /v1/me', async () => {
    const { c } = await signedInOwner();
    const res = await c.post('/v1/real-estates', { name: 'Segunda Imobiliária' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'Segunda Imobiliária', role: 'owner', logo_url: null, cnpj: null });
    const me = (await c.get('/v1/me')).json();
    expect(me.user.real_estates.map((r: { id: number }) => r.id)).toContain(data.id);
    expect(me.user.real_estates.find((r: { id: number }) => r.id === data.id).role).toBe('owner');
  });

  it('validates the name', async () => {
    const { c } = await signedInOwner();
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(500) }, { name: 12 }]) {
      const res = await c.post('/v1/real-estates', body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['name']);
    }
  });
});

describe('GET /v1/real-estates/{id}', () => {
  it("answers the agency with the caller's role", async () => {
    const { c, realEstateId } = await signedInOwner('Beta Imóveis');
    const res = await c.get(`/v1/real-estates/${realEstateId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: realEstateId, name: 'Beta Imóveis', role: 'owner' });
  });

  it("answers 404 for another agency's id and for one that does not exist; 422 for a non-number", async () => {
    const { c } = await signedInOwner();
    const other = await createOwner(ctx, 'Outra');
    expect((await c.get(`/v1/real-estates/${other.realEstateId}`)).statusCode).toBe(404);
    expect((await c.get('/v1/real-estates/999999')).statusCode).toBe(404);
    const nan = await c.get('/v1/real-estates/abc');
    expect(nan.statusCode).toBe(422);
    expect(nan.json().errors.id).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    const owner = await createOwner(ctx);
    expect((await new TestClient(ctx.app).get(`/v1/real-estates/${owner.realEstateId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('POST /v1/real-estates/{id} (multipart, _method=PUT)', () => {
  it('updates the profile and the logo, normalises fields, and serves the logo back', async () => {
    const { c, realEstateId } = await signedInOwner();
    const form = multipart(validProfile, [
      { name: 'logo', filename: 'logo.png', type: 'image/png', content: PNG_1X1 },
    ]);
    const res = await c.post(`/v1/real-estates/${realEstateId}`, form.body, form.headers);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      name: 'Prime Imóveis',
      cnpj: '11222333000181',
      email: 'contato@prime.com.br',
      state: 'SP',
      neighborhood: 'Bela Vista',
    });
    expect(data.logo_url).toMatch(
      new RegExp(`^http://localhost:3000/files/logos/${realEstateId}/[A-Za-z0-9_-]+\\.png$`),
    );
    const file = await ctx.app.inject({ method: 'GET', url: new URL(data.logo_url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(file.headers['content-security-policy']).toContain('sandbox');
    const me = (await c.get('/v1/me')).json();
    expect(me.user.real_estates[0].logo_url).toBe(data.logo_url);

    // a new logo replaces the old file; remove_logo removes it
    const again = multipart({ ...validProfile }, [
      { name: 'logo', filename: 'l.png', type: 'image/png', content: PNG_1X1 },
    ]);
    const second = (await c.post(`/v1/real-estates/${realEstateId}`, again.body, again.headers)).json().data;
    expect(second.logo_url).not.toBe(data.logo_url);
    expect(await uploadsOf(realEstateId)).toHaveLength(1);
    const remove = multipart({ ...validProfile, remove_logo: '1' });
    const third = (await c.post(`/v1/real-estates/${realEstateId}`, remove.body, remove.headers)).json().data;
    expect(third.logo_url).toBeNull();
    expect(await uploadsOf(realEstateId)).toHaveLength(0);
  });

  it('an SVG logo is stored as a PNG drawn from it: no markup, no link survives', async () => {
    const { c, realEstateId } = await signedInOwner();
    // A link the old check let through (an entity hides "javascript:").
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" viewBox="0 0 120 40">' +
        '<a xlink:href="&#106;avascript:alert(document.cookie)"><rect width="120" height="40" fill="#0f766e"/></a></svg>',
    );
    const form = multipart(validProfile, [
      { name: 'logo', filename: 'logo.svg', type: 'image/svg+xml', content: svg },
    ]);
    const res = await c.post(`/v1/real-estates/${realEstateId}`, form.body, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.logo_url as string;
    expect(url).toMatch(/\.png$/);
    const file = await ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(file.rawPayload.toString('latin1')).not.toContain('avascript');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([480, 160]);
  });

  it('accepts a plain PUT with JSON too', async () => {
    const { c, realEstateId } = await signedInOwner();
    const { _method, ...json } = validProfile;
    expect(_method).toBe('PUT');
    const res = await c.put(`/v1/real-estates/${realEstateId}`, json);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.city).toBe('São Paulo');
  });

  it('refuses a POST without _method=PUT with 405', async () => {
    const { c, realEstateId } = await signedInOwner();
    const { _method, ...fields } = validProfile;
    expect(_method).toBe('PUT');
    const form = multipart(fields);
    const res = await c.post(`/v1/real-estates/${realEstateId}`, form.body, form.headers);
    expect(res.statusCode).toBe(405);
    expect(res.json().message).toContain('_method=PUT');
  });

  it('refuses invalid fields naming each one, and changes nothing, not even the logo', async () => {
    const { c, realEstateId } = await signedInOwner('Intacta');
    const form = multipart(
      {
        ...validProfile,
        cnpj: '11.222.333/0001-00',
        phone: '123',
        website: 'prime',
        state: 'XX',
        zip_code: '1',
        email: 'x@',
      },
      [{ name: 'logo', filename: 'logo.png', type: 'image/png', content: PNG_1X1 }],
    );
    const res = await c.post(`/v1/real-estates/${realEstateId}`, form.body, form.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      cnpj: ['Informe um CNPJ válido.'],
      phone: ['O telefone: informe um telefone brasileiro com DDD.'],
      email: ['Informe um e-mail válido.'],
      website: ['Informe o endereço completo do site, começando com https://.'],
      zip_code: ['Informe um CEP com 8 dígitos.'],
      state: ['Informe a sigla de um estado brasileiro.'],
    });
    const after = (await c.get(`/v1/real-estates/${realEstateId}`)).json().data;
    expect(after).toMatchObject({ name: 'Intacta', cnpj: null, logo_url: null });
    expect(await uploadsOf(realEstateId)).toHaveLength(0);
  });

  it('refuses a file that is not an image, a logo over 2 MB and a broken multipart body', async () => {
    const { c, realEstateId } = await signedInOwner();
    const text = multipart(validProfile, [
      { name: 'logo', filename: 'logo.png', type: 'image/png', content: Buffer.from('not an image') },
    ]);
    const notImage = await c.post(`/v1/real-estates/${realEstateId}`, text.body, text.headers);
    expect(notImage.statusCode).toBe(422);
    expect(notImage.json().errors.logo[0]).toContain('PNG, JPEG, WebP ou SVG');

    const svg = multipart(validProfile, [
      {
        name: 'logo',
        filename: 'x.svg',
        type: 'image/svg+xml',
        content: Buffer.from('<svg onload="alert(1)"></svg>'),
      },
    ]);
    expect((await c.post(`/v1/real-estates/${realEstateId}`, svg.body, svg.headers)).statusCode).toBe(422);
    const fakeJpeg = multipart(validProfile, [
      {
        name: 'logo',
        filename: 'logo.jpg',
        type: 'image/jpeg',
        content: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      },
    ]);
    const undecodable = await c.post(`/v1/real-estates/${realEstateId}`, fakeJpeg.body, fakeJpeg.headers);
    expect(undecodable.statusCode).toBe(422);
    expect(undecodable.json().errors.logo).toEqual([
      'Não foi possível ler o logo: o arquivo está corrompido ou não é uma imagem PNG, JPEG, WebP ou SVG válida.',
    ]);

    const big = multipart(validProfile, [
      {
        name: 'logo',
        filename: 'big.png',
        type: 'image/png',
        content: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      },
    ]);
    const tooBig = await c.post(`/v1/real-estates/${realEstateId}`, big.body, big.headers);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('O arquivo enviado é grande demais.');

    const broken = await c.post(
      `/v1/real-estates/${realEstateId}`,
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc'),
      {
        'content-type': 'multipart/form-data; boundary=xyz',
      },
    );
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json().message).toMatch(/formulário|multipart|Envie os dados/i);

    const after = (await c.get(`/v1/real-estates/${realEstateId}`)).json().data;
    expect(after.logo_url).toBeNull();
    expect(await uploadsOf(realEstateId)).toHaveLength(0);
  });

  it('lets an admin update, forbids an agent (403) and hides other agencies (404)', async () => {
    const owner = await createOwner(ctx, 'Papéis');
    const admin = await addMember(ctx, owner.realEstateId, 'admin');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const form = () => multipart({ ...validProfile, name: 'Papéis Atualizada' });

    const a = new TestClient(ctx.app);
    await a.login(admin.email);
    const f1 = form();
    expect((await a.post(`/v1/real-estates/${owner.realEstateId}`, f1.body, f1.headers)).statusCode).toBe(
      200,
    );

    const g = new TestClient(ctx.app);
    await g.login(agent.email);
    expect((await g.get(`/v1/real-estates/${owner.realEstateId}`)).json().data.role).toBe('agent');
    const f2 = form();
    const denied = await g.post(`/v1/real-estates/${owner.realEstateId}`, f2.body, f2.headers);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(MESSAGES.forbidden);

    const stranger = await signedInOwner();
    const f3 = form();
    expect(
      (await stranger.c.post(`/v1/real-estates/${owner.realEstateId}`, f3.body, f3.headers)).statusCode,
    ).toBe(404);
    expect(
      (await stranger.c.put(`/v1/real-estates/${owner.realEstateId}`, { name: 'Invadida' })).statusCode,
    ).toBe(404);
    const still = (await a.get(`/v1/real-estates/${owner.realEstateId}`)).json().data;
    expect(still.name).toBe('Papéis Atualizada');
  });
});

describe('system', () => {
  it('GET /healthz reports the database', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
    });
  });

  it('GET /v1/public/config gives the support contacts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/public/config' });
    expect(res.json().data).toEqual({
      app_name: 'Vitrine Imóveis',
      support_email: ctx.config.SUPPORT_EMAIL,
      support_whatsapp: ctx.config.SUPPORT_WHATSAPP ?? null,
    });
  });

  it('GET /docs/json is the OpenAPI document generated from the route schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/login', '/v1/me', '/v1/real-estates/{id}']),
    );
    expect(
      doc.paths['/v1/login'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });
});
