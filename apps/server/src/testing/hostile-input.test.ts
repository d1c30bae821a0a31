/**
 * What a security probe sent (docs/product.md#bad-input): NUL and other control characters in text fields,
 * slugs and queries, and over-long path parameters. None of it may answer 5xx; the visitor's lead is never
 * lost.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../db/schema.ts';
import {
  PNG_1X1,
  TestClient,
  createOwner,
  createTestContext,
  insertPage,
  multipart,
  uniqueEmail,
  type TestContext,
} from './test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let ipSeq = 0;
const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;
const NUL = '\u0000';

describe('NUL and control characters', () => {
  it('the public lead form (JSON) keeps the lead, with the control characters removed', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${page.slug}/leads`,
      payload: {
        name: `Maria${NUL} Souza`,
        phone: '(11) 98888-7777',
        message: `Oi${NUL}\u0007 tudo bem?\nAté`,
        utm_source: `goo${NUL}gle`,
        consent: true,
      },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, res.json().data.id));
    expect(row).toMatchObject({ name: 'Maria Souza', message: 'Oi tudo bem?\nAté', utmSource: 'google' });
  });

  it('the public lead form (form-encoded, without JavaScript) keeps the lead too', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${page.slug}/leads`,
      payload: new URLSearchParams({
        name: `João${NUL}`,
        phone: '21 3333-4444',
        consent: '1',
        message: `a${NUL}b`,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(303);
    const rows = await ctx.database.db.select().from(leads).where(eq(leads.realEstateId, owner.realEstateId));
    expect(rows.map((r) => [r.name, r.message])).toEqual([['João', 'ab']]);
  });

  it('a NUL in the slug answers 404 (landing page and lead form), never 500', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/imoveis/%00' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    const weird = await ctx.app.inject({ method: 'GET', url: '/imoveis/casa%00-em-moema' });
    expect(weird.statusCode).toBe(404);
    const lead = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/pages/%00/leads',
      payload: { name: 'Maria', phone: '11988887777', consent: true },
      remoteAddress: nextIp(),
    });
    expect(lead.statusCode).toBe(404);
    expect(lead.json().message).toBe('Imóvel não encontrado.');
  });

  it("a control character in a page's query string (a broken ad link) is dropped: the page, never a JSON 422", async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const landing = await ctx.app.inject({
      method: 'GET',
      url: `/imoveis/${page.slug}?fbclid=IwAR%1Fabc&utm_source=go%00ogle`,
    });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.body).toContain('name="utm_source" value="google"');
    for (const url of ['/?utm_source=%00', '/blog?x=%01', '/leads?x=%00', '/sitemap.xml?x=%00']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).not.toContain('json');
    }
  });

  it('registration with a NUL answers 422 naming the field', async () => {
    const c = new TestClient(ctx.app, nextIp());
    const res = await c.post('/v1/register', {
      name: `Ana${NUL}`,
      email: uniqueEmail(),
      password: 'senha-segura-123',
      password_confirmation: 'senha-segura-123',
      real_estate_name: 'Imobiliária\u0001 Nova',
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['name', 'real_estate_name']);
    expect(body.errors.name[0]).toMatch(/^O campo name contém caracteres de controle inválidos/);
  });

  it('login, a page edit and a list filter with a NUL answer 422; a NUL id answers 404', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app, nextIp());
    const login = await c.post('/v1/login', { email: owner.email, password: `x${NUL}` });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors.password).toBeDefined();
    await c.login(owner.email);
    const edit = await c.put(`/v1/pages/${page.id}`, {
      title: `Casa${NUL}`,
      description: 'linha 1\r\n\tlinha 2',
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.title).toBeDefined();
    const list = await c.get(`/v1/real-estates/${owner.realEstateId}/leads?search=a%00b`);
    expect(list.statusCode).toBe(422);
    expect(list.json().errors.search).toBeDefined();
    const lead = await c.get('/v1/leads/%00');
    expect(lead.statusCode).toBe(404);
  });
});

describe('NUL in multipart text fields (streamed forms skip the JSON guard)', () => {
  /** A form whose field name or value is written raw (multipart() would not put a NUL in a name). */
  function rawForm(
    fields: [string, string][],
    file?: { name: string; filename: string; type: string; content: Buffer },
  ) {
    const boundary = '----vitrineNul';
    const chunks: Buffer[] = fields.map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
    if (file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      body: Buffer.concat(chunks),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  const expectNamed = (
    res: { statusCode: number; json(): { message: string; errors: Record<string, string[]> } },
    field: string,
  ) => {
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]?.[0]).toBe(
      `O campo ${field} contém caracteres de controle inválidos (como o caractere nulo). Remova-os e tente novamente.`,
    );
  };

  it("a photo's alt text answers 422 naming the field, and no photo is added", async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app, nextIp());
    await c.login(owner.email);
    const before = (await c.get(`/v1/pages/${page.id}`)).json().data.photos;
    for (const alt of [`Fachada${NUL}`, `a\u0007b`]) {
      const form = multipart({ alt }, [
        { name: 'photo', filename: 'f.png', type: 'image/png', content: PNG_1X1 },
      ]);
      expectNamed(await c.post(`/v1/pages/${page.id}/photos`, form.body, form.headers), 'alt');
    }
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.photos).toEqual(before);
  });

  it("the catalog import's real_estate_id and publish answer 422 naming the field, and nothing is written", async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app, nextIp());
    await c.login(owner.email);
    const file = {
      name: 'catalog',
      filename: 'c.csv',
      type: 'text/csv',
      content: Buffer.from('id,title\n1,Casa\n'),
    };
    const send = (form: { body: Buffer; headers: Record<string, string> }) =>
      c.post('/v1/pages/import/facebook-catalog', form.body, form.headers);
    expectNamed(
      await send(rawForm([['real_estate_id', `${owner.realEstateId}${NUL}`]], file)),
      'real_estate_id',
    );
    expectNamed(
      await send(
        rawForm(
          [
            ['real_estate_id', String(owner.realEstateId)],
            ['publish', `true${NUL}`],
          ],
          file,
        ),
      ),
      'publish',
    );
    const imports = (await c.get(`/v1/real-estates/${owner.realEstateId}/imports`)).json();
    expect(imports.meta.total).toBe(0);
  });

  it("the agency profile's fields (and a field name with a NUL) answer 422, never 500", async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app, nextIp());
    await c.login(owner.email);
    const url = `/v1/real-estates/${owner.realEstateId}`;
    const value = rawForm([
      ['_method', 'PUT'],
      ['name', `Imobiliária${NUL} Nova`],
      ['city', 'São Paulo'],
    ]);
    expectNamed(await c.post(url, value.body, value.headers), 'name');
    const name = rawForm([
      ['_method', 'PUT'],
      ['name', 'Imobiliária Nova'],
      [`ci${NUL}ty`, 'x'],
    ]);
    const res = await c.post(url, name.body, name.headers);
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toMatch(/caracteres de controle/);
    expect((await c.get(url)).json().data.name).not.toBe('Imobiliária Nova');
  });
});

describe('over-long path parameters', () => {
  it('answer a Portuguese 414 without echoing the URL', async () => {
    const long = 'a'.repeat(250);
    for (const url of [`/imoveis/${long}`, `/v1/pages/${long}`, `/v1/public/pages/${long}/leads`]) {
      const res = await ctx.app.inject({
        method: url.includes('/leads') ? 'POST' : 'GET',
        url,
        payload: url.includes('/leads') ? {} : undefined,
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, url).toBe(414);
      expect(res.json()).toEqual({ message: 'O endereço pedido é longo demais.' });
      expect(res.body).not.toContain(long);
    }
  });
});

describe('malformed URLs', () => {
  it('answer a Portuguese 400 without echoing the URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/imoveis/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'O endereço pedido é inválido.' });
  });
});
