/**
 * Landing pages on their own origin (docs/decisions/017-landing-origin.md): a script on an agency's landing
 * page (its tag manager) must never act with the session of a console user who visits it. The console's host
 * and LANDING_URL's host are told apart by Host; the landing side reads and sets no cookie and answers none
 * of the console's routes.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, registrableDomainGuess } from '../../config.ts';
import { memberships, users } from '../../db/schema.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  TestClient,
  uniqueEmail,
  type TestContext,
} from '../../testing/test-app.ts';

const CONSOLE = 'localhost:3000';
const LANDING = '127.0.0.1:3000';

let ctx: TestContext;
/** What the landing route saw of the visitor's cookies and session, request by request. */
const seen: { url: string; cookies: Record<string, unknown>; session: unknown }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, {}, undefined, (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      seen.push({ url: request.url, cookies: { ...request.cookies }, session: request.session });
    });
  });
});
afterAll(async () => ctx.close());

describe('configuration', () => {
  const key = { appKey: randomBytes(32), dataDir: '/tmp' };
  it('on one machine the landing origin is APP_URL with localhost and 127.0.0.1 swapped', () => {
    expect(loadConfig({}, key)).toMatchObject({
      APP_URL: 'http://localhost:3000',
      LANDING_URL: 'http://127.0.0.1:3000',
      landingHost: '127.0.0.1',
    });
    expect(loadConfig({ APP_URL: 'http://127.0.0.1:4100/' }, key).LANDING_URL).toBe('http://localhost:4100');
    expect(
      loadConfig(
        { APP_URL: 'https://app.vitrine.com.br', LANDING_URL: 'https://imoveis.vitrinepaginas.com.br/' },
        key,
      ).LANDING_URL,
    ).toBe('https://imoveis.vitrinepaginas.com.br');
  });

  it('refuses a landing origin on the console host, a path, or a public APP_URL without LANDING_URL', () => {
    expect(() => loadConfig({ APP_URL: 'https://app.vitrine.com.br' }, key)).toThrow(
      /LANDING_URL: obrigatória quando APP_URL não é local/,
    );
    expect(() =>
      loadConfig(
        { APP_URL: 'https://app.vitrine.com.br', LANDING_URL: 'https://app.vitrine.com.br:8443' },
        key,
      ),
    ).toThrow(/LANDING_URL: precisa de um host diferente de APP_URL/);
    expect(() =>
      loadConfig({ APP_URL: 'http://localhost:3000', LANDING_URL: 'http://127.0.0.1:3000/imoveis' }, key),
    ).toThrow(/LANDING_URL: use só a origem/);
  });

  it('warns when the two look like one site (a sibling subdomain)', () => {
    const same = loadConfig(
      { APP_URL: 'https://app.vitrine.com.br', LANDING_URL: 'https://imoveis.vitrine.com.br' },
      key,
    );
    expect(same.warnings.join('\n')).toMatch(/parece estar no mesmo site/);
    const apart = loadConfig(
      { APP_URL: 'https://app.vitrine.com.br', LANDING_URL: 'https://imoveis.vitrinepaginas.com.br' },
      key,
    );
    expect(apart.warnings).toEqual([]);
    expect(registrableDomainGuess('imoveis.vitrine.com.br')).toBe('vitrine.com.br');
    expect(registrableDomainGuess('app.example.com')).toBe('example.com');
    expect(registrableDomainGuess('127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('the landing host cannot act for a signed-in console user', () => {
  it("the probe's scenario: a script on a landing page calls the API with the visitor's session → 404, nothing created", async () => {
    const owner = await createOwner(ctx, 'Imobiliária A');
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    // The console session works on the console's host...
    expect((await c.get('/v1/me', { host: CONSOLE })).statusCode).toBe(200);
    const invitee = uniqueEmail('intruso');
    // ...and the very same cookies and CSRF token, sent to the landing host, do nothing.
    const invite = await c.request('POST', `/v1/real-estates/${owner.realEstateId}/users`, {
      body: { email: invitee, role: 'agent' },
      headers: { host: LANDING },
    });
    expect(invite.statusCode).toBe(404);
    expect(invite.headers['set-cookie']).toBeUndefined();
    const created = await ctx.database.db
      .select({ id: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.realEstateId, owner.realEstateId), eq(users.email, invitee)));
    expect(created).toEqual([]);

    for (const [method, url] of [
      ['GET', '/v1/me'],
      ['GET', '/sanctum/csrf-cookie'],
      ['POST', '/v1/logout'],
      ['GET', `/v1/real-estates/${owner.realEstateId}/leads`],
      ['GET', '/docs/json'],
    ] as const) {
      const res = await c.request(method, url, { headers: { host: LANDING } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['set-cookie'], `${method} ${url}`).toBeUndefined();
    }
    // The session is still alive on the console (the landing host's logout did nothing).
    expect((await c.get('/v1/me', { host: CONSOLE })).statusCode).toBe(200);

    // The same call on the console's host is what the console does: it works (the test is not vacuous).
    const ok = await c.request('POST', `/v1/real-estates/${owner.realEstateId}/users`, {
      body: { email: invitee, role: 'agent' },
      headers: { host: CONSOLE },
    });
    expect(ok.statusCode).toBe(201);
  });

  it("the console's cookies are host-only (no Domain attribute): a browser never sends them to another host", async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    const csrf = await c.get('/sanctum/csrf-cookie');
    const login = await c.login(owner.email);
    const setCookie = [csrf, login].flatMap((r) => ([] as string[]).concat(r.headers['set-cookie'] ?? []));
    expect(setCookie.map((h) => h.split('=')[0]).sort()).toEqual(
      expect.arrayContaining(['XSRF-TOKEN', 'vitrine_session']),
    );
    for (const h of setCookie) expect(h, h).not.toMatch(/;\s*domain=/i);
  });

  it('a landing page asked for with console cookies: the route sees no cookie and no session, and sets none', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    expect(c.cookies.has('vitrine_session')).toBe(true);
    seen.length = 0;
    const res = await c.get(`/imoveis/${page.slug}`, { host: LANDING });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const lead = await c.request('POST', `/v1/public/pages/${page.slug}/leads`, {
      body: { name: 'Visitante', email: 'visitante@exemplo.com.br', consent: true },
      headers: { host: LANDING, origin: `http://${LANDING}` },
      csrf: false,
    });
    expect(lead.statusCode).toBe(201);
    expect(lead.headers['set-cookie']).toBeUndefined();
    expect(seen.map((s) => s.url)).toEqual([`/imoveis/${page.slug}`, `/v1/public/pages/${page.slug}/leads`]);
    for (const s of seen) {
      expect(s.cookies).toEqual({});
      expect(s.session).toBeNull();
    }
  });
});

describe('routing by Host', () => {
  it('the console host sends /imoveis/* to LANDING_URL (308, query kept)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/imoveis/casa-em-moema?utm_source=whatsapp',
      headers: { host: CONSOLE },
    });
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('http://127.0.0.1:3000/imoveis/casa-em-moema?utm_source=whatsapp');
  });

  it("the landing host sends the console's pages to APP_URL and answers 404 to the API", async () => {
    for (const url of ['/', '/dashboard', '/entrar', '/leads?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { host: LANDING } });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(`http://localhost:3000${url}`);
    }
    for (const [method, url] of [
      ['POST', '/v1/login'],
      ['POST', '/v1/register'],
      ['PUT', '/v1/preferences/1'],
      ['GET', '/v1/public/config'],
      ['POST', '/v1/webhooks/asaas'],
      ['GET', '/metrics'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { host: LANDING } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // What the landing side does answer: robots.txt (naming the sitemap) and the health probes.
    const robots = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: LANDING } });
    expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { host: LANDING } })).statusCode,
    ).toBe(200);
  });

  it('any other host gets a plain 421, except the health probes, the TLS question and /metrics', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    for (const host of ['203.0.113.7:3000', 'outro-nome.example.com', '[::1]:3000']) {
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/dashboard'],
        ['GET', '/entrar'],
        ['GET', '/sanctum/csrf-cookie'],
        ['GET', '/v1/me'],
        ['POST', '/v1/login'],
        ['GET', `/imoveis/${page.slug}`],
        ['GET', '/sitemap.xml'],
        ['GET', '/docs'],
      ] as const) {
        const res = await ctx.app.inject({ method, url, headers: { host } });
        expect(res.statusCode, `${host} ${method} ${url}`).toBe(421);
        expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
        expect(res.headers['set-cookie'], url).toBeUndefined();
        expect(res.body).not.toContain('<div id="root">');
      }
      for (const url of ['/healthz', '/health/live', '/health/ready']) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${host} ${url}`).toBe(200);
      }
      const ask = await ctx.app.inject({
        method: 'GET',
        url: '/internal/tls/ask?domain=127.0.0.1',
        headers: { host },
      });
      expect(ask.statusCode, `${host} tls ask`).toBe(200);
      // No METRICS_TOKEN in the tests: the route's own 404, not the host's 421.
      expect((await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { host } })).statusCode).toBe(
        404,
      );
    }
    // The console's own host, whatever the port, is still the console.
    const csrf = await ctx.app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: { host: CONSOLE },
    });
    expect(csrf.statusCode).toBe(204);
  });

  it('links point to LANDING_URL: canonical, Open Graph, WhatsApp, the console\'s "ver página", the sitemap', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const html = (await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).body;
    const url = `http://127.0.0.1:3000/imoveis/${page.slug}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(encodeURIComponent(url));
    expect(html).not.toContain(`localhost:3000/imoveis`);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const view = await c.get(`/v1/pages/${page.id}`);
    expect(view.json().data.public_url).toBe(url);
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`<loc>${url}</loc>`);
  });

  it("photos served from the console's http origin are allowed by the landing page's CSP", async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*http:\/\/localhost:3000/);
    expect(csp).toContain("connect-src 'self'");
  });
});
