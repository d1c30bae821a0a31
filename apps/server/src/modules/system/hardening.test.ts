/**
 * What every answer carries and how the edges answer: security headers (console, API, landing page,
 * uploaded files, https), the Portuguese 400/413 bodies, no stack or path in an error body, load
 * shedding, liveness/readiness and the metrics endpoint.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@vitrine/contracts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LANDING_CSP } from '../landing/index.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  multipart,
  openTestDatabase,
  PNG_1X1,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';

let consoleDist: string;
let ctx: TestContext;

beforeAll(async () => {
  // A stand-in console build, so these tests do not depend on `npm run build` having run.
  consoleDist = await mkdtemp(path.join(tmpdir(), 'vitrine-console-'));
  await mkdir(path.join(consoleDist, 'assets'));
  await writeFile(
    path.join(consoleDist, 'index.html'),
    '<!doctype html><title>Vitrine</title><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(path.join(consoleDist, 'assets/app.js'), 'console.log(1)');
  ctx = await createTestContext({ CONSOLE_DIST: consoleDist });
});

afterAll(async () => {
  await ctx?.close();
  await rm(consoleDist, { recursive: true, force: true });
});

const csp = (h: unknown) => String(h ?? '');

function expectConsoleHeaders(headers: Record<string, unknown>) {
  const policy = csp(headers['content-security-policy']);
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'self'");
  expect(policy).toContain("connect-src 'self'");
  expect(policy).toMatch(/img-src 'self' data: blob: https:/);
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  // '/' is the server-rendered site (modules/site, its own policy); the console starts at its screens.
  it('the console page (a screen and a deep link) and its assets', async () => {
    for (const url of ['/dashboard', '/paginas/12/editar']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expectConsoleHeaders(res.headers);
      // http APP_URL: no HSTS, no upgrade of subresources to an https port nobody listens on.
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expectConsoleHeaders(asset.headers);
  });

  it('an API answer, an API 404 and a validation error', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/v1/public/config' });
    expect(ok.statusCode).toBe(200);
    expectConsoleHeaders(ok.headers);
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/nada-aqui' });
    expect(missing.statusCode).toBe(404);
    expectConsoleHeaders(missing.headers);
    const invalid = await ctx.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expectConsoleHeaders(invalid.headers);
  });

  it('a landing page keeps its own strict policy (hash-pinned script, no framing)', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(res.statusCode).toBe(200);
    // Photos the local driver serves from the console's http origin are named (decision 017).
    expect(res.headers['content-security-policy']).toBe(
      LANDING_CSP.replace(
        "img-src 'self' https: data:",
        "img-src 'self' https: data: http://localhost:3000",
      ).replace("media-src 'self' https:", "media-src 'self' https: http://localhost:3000"),
    );
    expect(LANDING_CSP).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    const missing = await ctx.app.inject({ method: 'GET', url: '/imoveis/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(LANDING_CSP);
  });

  it('uploaded files keep their sandbox and may be embedded elsewhere', async () => {
    await ctx.app.storage.put(
      'teste/foto.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const res = await ctx.app.inject({ method: 'GET', url: '/files/teste/foto.svg' });
    expect(res.statusCode).toBe(200);
    expect(csp(res.headers['content-security-policy'])).toContain('sandbox');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('with an https APP_URL: HSTS, Secure cookies and upgrade-insecure-requests', async () => {
    const secure = await createTestContext(
      { CONSOLE_DIST: consoleDist },
      { APP_URL: 'https://vitrine.exemplo.com.br', LANDING_URL: 'https://imoveis.vitrinepaginas.com.br' },
    );
    try {
      // The console answers on APP_URL's host only (decision 017).
      const host = 'vitrine.exemplo.com.br';
      const res = await secure.app.inject({ method: 'GET', url: '/', headers: { host } });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const cookie = await secure.app.inject({
        method: 'GET',
        url: '/sanctum/csrf-cookie',
        headers: { host },
      });
      const setCookie = ([] as string[]).concat(cookie.headers['set-cookie'] ?? []);
      expect(setCookie.length).toBeGreaterThan(0);
      for (const c of setCookie) expect(c).toMatch(/;\s*Secure/i);
    } finally {
      await secure.close();
    }
  });

  it('Swagger UI answers with its own policy when enabled, and /docs is 404 when disabled', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    // Swagger UI's own policy (external scripts only), without the https upgrade on an http APP_URL.
    expect(csp(docs.headers['content-security-policy'])).toContain(
      "img-src 'self' data: validator.swagger.io",
    );
    expect(csp(docs.headers['content-security-policy'])).toMatch(/script-src 'self'\s*;/);
    expect(csp(docs.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    const off = await createTestContext({ API_DOCS: false });
    try {
      for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: MESSAGES.routeNotFound });
      }
    } finally {
      await off.close();
    }
  });
});

describe('error bodies', () => {
  const noLeak = (body: string) => {
    expect(body).not.toMatch(/\bat \S+ \(|\/src\/|node_modules|\.ts:\d+|stack/i);
  };

  it('malformed JSON → 400 with a Portuguese message, on the console API and on the public form', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    for (const url of ['/v1/login', `/v1/public/pages/${page.slug}/leads`]) {
      const res = await c.request('POST', url, {
        body: '{"name": "Maria",',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: MESSAGES.invalidJson });
      noLeak(res.body);
    }
  });

  it('an oversized body → 413 with a Portuguese message (JSON over 1 MB, form over 64 KB)', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${page.slug}/leads`,
      payload: JSON.stringify({ name: 'Maria', message: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${page.slug}/leads`,
      payload: `name=Maria&message=${'x'.repeat(65 * 1024)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    noLeak(json.body);
    noLeak(form.body);
  });

  it('malformed or hostile JSON on login, the public form and a signed-in JSON route → 400/422, never 5xx', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const urls: [string, 'POST' | 'PUT'][] = [
      ['/v1/login', 'POST'],
      [`/v1/public/pages/${page.slug}/leads`, 'POST'],
      [`/v1/real-estates/${owner.realEstateId}/integrations`, 'PUT'],
      [`/v1/pages/${page.id}`, 'PUT'],
    ];
    const malformed = [
      '{"name": "Maria",',
      "{'name': 'Maria'}",
      '{"name": "Maria"} lixo',
      '\u0000',
      '{"a":1,}',
      'NaN',
      `${'['.repeat(100_000)}`,
    ];
    const wellFormedButWrong = [
      'null',
      '[]',
      '"texto"',
      '42',
      'true',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ];
    for (const [url, method] of urls) {
      for (const body of malformed) {
        const res = await c.request(method, url, { body, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 20)}`).toBe(400);
        expect(res.json()).toEqual({ message: MESSAGES.invalidJson });
        noLeak(res.body);
      }
      for (const body of wellFormedButWrong) {
        const res = await c.request(method, url, { body, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${body.slice(0, 20)}`).toBeLessThan(500);
        expect(res.json().message).toMatch(/[a-zà-ú]/i);
        noLeak(res.body);
      }
      // A __proto__ key is dropped (the body is what remains): never a 5xx, never a polluted prototype.
      const proto = await c.request(method, url, {
        body: '{"__proto__": {"admin": true}}',
        headers: { 'content-type': 'application/json' },
      });
      expect(proto.statusCode, `${method} ${url} __proto__`).toBeLessThan(500);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    }
  });

  it('a JSON body over 1 MB on a signed-in route → 413 in Portuguese, before anything is saved', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const huge = 'x'.repeat(1024 * 1024 + 10);
    const cases: [string, 'POST' | 'PUT', unknown][] = [
      [
        `/v1/real-estates/${owner.realEstateId}/integrations`,
        'PUT',
        { name: 'arbo', payload: { api_key: huge } },
      ],
      [`/v1/pages/${page.id}`, 'PUT', { title: 'Novo', description: huge }],
      ['/v1/login', 'POST', { email: owner.email, password: huge }],
    ];
    for (const [url, method, body] of cases) {
      const res = await c.request(method, url, {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toEqual({ message: MESSAGES.payloadTooLarge });
      noLeak(res.body);
    }
    const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/integrations`)).json().data
      .integrations;
    expect(list.every((i: { is_active: boolean }) => !i.is_active)).toBe(true);
  });

  it('compressed bodies: a bomb is measured decompressed (413), a broken or unknown compression is a Portuguese 400/415', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const url = `/v1/real-estates/${owner.realEstateId}/integrations`;
    const bomb = gzipSync(
      JSON.stringify({ name: 'arbo', payload: { api_key: 'x'.repeat(20 * 1024 * 1024) } }),
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    const cases: [Buffer | string, string, number, string][] = [
      [bomb, 'gzip', 413, MESSAGES.payloadTooLarge],
      [
        '{"name":"arbo"}',
        'gzip',
        400,
        'O corpo da requisição não pôde ser descompactado (confira o Content-Encoding).',
      ],
      [
        '{"name":"arbo"}',
        'compress',
        415,
        'Compactação do corpo não suportada: envie sem compactar, ou com gzip, br ou deflate.',
      ],
    ];
    for (const [body, encoding, status, message] of cases) {
      const res = await c.request('PUT', url, {
        body,
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect(res.statusCode, `${encoding} ${status}`).toBe(status);
      expect(res.json()).toEqual({ message });
      noLeak(res.body);
    }
    // a well-formed compressed body is read
    const ok = await c.request('PUT', url, {
      body: gzipSync('{"name":"arbo","payload":{"api_key":"k-123456"}}'),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a photo upload with more parts than it takes → 413 in Portuguese', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const fields = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`campo${i}`, 'x']));
    const form = multipart(fields, [
      { name: 'photo', filename: 'f.png', type: 'image/png', content: PNG_1X1 },
    ]);
    const res = await c.post(`/v1/pages/${page.id}/photos`, form.body, form.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^O formulário tem (partes|campos) demais\.$/);
    noLeak(res.body);
  });

  it('a photo over 10 MB → 413 in Portuguese, and no photo is added', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const before = (await c.get(`/v1/pages/${page.id}`)).json().data.photos;
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    PNG_1X1.copy(big);
    const form = multipart({ alt: 'Fachada' }, [
      { name: 'photo', filename: 'grande.png', type: 'image/png', content: big },
    ]);
    const res = await c.post(`/v1/pages/${page.id}/photos`, form.body, form.headers);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/grande demais/);
    noLeak(res.body);
    const after = await c.get(`/v1/pages/${page.id}`);
    expect(after.json().data.photos).toEqual(before);
  });

  it('an unexpected failure → 500 with the generic message, no stack, no file path', async () => {
    const database = await openTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-app-'));
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { dataDir, appKey: randomBytes(32) },
    );
    const app = await buildApp({ config, database });
    app.get('/v1/boom', async () => {
      throw new Error(`falhou em ${import.meta.filename}`);
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: MESSAGES.serverError });
      noLeak(res.body);
    } finally {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and a Portuguese message when the event loop lags; liveness still answers', async () => {
    const busy = await createTestContext({
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: 1,
      PRESSURE_SAMPLE_INTERVAL_MS: 10,
      PRESSURE_RETRY_AFTER_SECONDS: 7,
    });
    try {
      let shed: Awaited<ReturnType<typeof busy.app.inject>> | undefined;
      let live: Awaited<ReturnType<typeof busy.app.inject>> | undefined;
      for (let i = 0; i < 40 && !shed; i++) {
        const until = Date.now() + 120;
        while (Date.now() < until) {
          /* block the event loop */
        }
        await new Promise((r) => setTimeout(r, 0)); // the overdue sampler runs first
        const [config, liveness] = await Promise.all([
          busy.app.inject({ method: 'GET', url: '/v1/public/config' }),
          busy.app.inject({ method: 'GET', url: '/health/live' }),
        ]);
        if (config.statusCode === 503) {
          shed = config;
          live = liveness;
        }
      }
      expect(shed, 'no request was shed').toBeDefined();
      expect(shed!.headers['retry-after']).toBe('7');
      expect(shed!.json()).toEqual({
        message: 'O servidor está sobrecarregado no momento. Tente novamente em 7 segundos.',
      });
      expect(shed!.headers['x-content-type-options']).toBe('nosniff');
      expect(live!.statusCode).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('is on by default (1 s of event-loop delay) and can be turned off', () => {
    expect(loadConfig({}, { appKey: randomBytes(32) }).PRESSURE_MAX_EVENT_LOOP_DELAY_MS).toBe(1000);
    expect(
      loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' }, { appKey: randomBytes(32) })
        .PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    ).toBe(0);
  });
});

describe('health', () => {
  it('/health/live, /health/ready and the original /healthz answer 200', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: ctx.database.kind, queue: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/health/ready is 503 naming what does not answer (database, queue)', async () => {
    const db = vi.spyOn(ctx.app.database, 'query').mockRejectedValueOnce(new Error('connection refused'));
    const res = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    db.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'error',
      message: 'Serviço indisponível: banco de dados não responde.',
    });

    const queue = vi
      .spyOn(ctx.app.queue.boss, 'getDb')
      .mockReturnValueOnce({ executeSql: () => Promise.reject(new Error('pool ended')) });
    const res2 = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    queue.mockRestore();
    expect(res2.statusCode).toBe(503);
    expect(res2.json().message).toBe('Serviço indisponível: fila de jobs não responde.');
    // Liveness does not depend on either.
    expect((await ctx.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('/metrics is 404 without METRICS_TOKEN', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer qualquer-coisa-aqui' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MESSAGES.routeNotFound });
  });

  it('with METRICS_TOKEN: 401 without the bearer, then latency, leads, deliveries and queue depth', async () => {
    const token = randomBytes(16).toString('hex');
    const m = await createTestContext({}, { METRICS_TOKEN: token });
    try {
      expect(m.config.METRICS_TOKEN).toBe(token);
      const anonymous = await m.app.inject({ method: 'GET', url: '/metrics' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['www-authenticate']).toContain('Bearer');
      expect(anonymous.json().message).toContain('METRICS_TOKEN');
      const wrong = await m.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token.slice(1)}x` },
      });
      expect(wrong.statusCode).toBe(401);

      const owner = await createOwner(m);
      const page = await insertPage(m, owner.realEstateId);
      const c = new TestClient(m.app);
      await c.login(owner.email);
      const json = await m.app.inject({
        method: 'POST',
        url: `/v1/public/pages/${page.slug}/leads`,
        payload: { name: 'Maria Souza', phone: '(11) 98888-7777', consent: true },
      });
      expect(json.statusCode).toBe(201);
      const form = await m.app.inject({
        method: 'POST',
        url: `/v1/public/pages/${page.slug}/leads`,
        payload: 'name=Jo%C3%A3o&phone=21+3333-4444&consent=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.statusCode).toBe(303);

      const res = await m.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toContain(
        'vitrine_http_request_duration_seconds_count{method="POST",route="/v1/public/pages/:slug/leads",status_code="201"} 1',
      );
      expect(text).toContain('vitrine_leads_captured_total{channel="json"} 1');
      expect(text).toContain('vitrine_leads_captured_total{channel="form"} 1');
      expect(text).toContain('# TYPE vitrine_deliveries gauge');
      expect(text).toContain('# TYPE vitrine_queue_jobs gauge');
      expect(text).toMatch(/vitrine_queue_jobs\{queue="[^"]+",state="ready"\} \d+/);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      // The raw URL (with the slug) never becomes a label.
      expect(text).not.toContain(page.slug);
    } finally {
      await m.close();
    }
  });
});
