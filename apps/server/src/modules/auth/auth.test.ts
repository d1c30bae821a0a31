import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@vitrine/contracts';
import { passwordResetTokens, sessions } from '../../db/schema.ts';
import {
  TEST_PASSWORD,
  TestClient,
  createOwner,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let ipCounter = 1;
const client = () =>
  new TestClient(ctx.app, `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`);

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 with a script-readable XSRF-TOKEN and an HttpOnly session cookie', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const session = res.cookies.find((c) => c.name === 'vitrine_session');
    expect(xsrf).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.value.length).toBeGreaterThanOrEqual(40);
    expect(session).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: true });
    // 256 random bits, base64url
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('keeps the same token for an existing session', async () => {
    const c = client();
    await c.csrf();
    const first = c.xsrf;
    await c.csrf();
    expect(c.xsrf).toBe(first);
  });
});

describe('CSRF on state-changing calls', () => {
  const calls: [string, string][] = [
    ['POST', '/v1/login'],
    ['POST', '/v1/logout'],
    ['POST', '/v1/register'],
    ['POST', '/v1/forgot-password'],
    ['POST', '/v1/reset-password'],
    ['POST', '/v1/real-estates'],
    ['POST', '/v1/real-estates/1'],
    ['PUT', '/v1/real-estates/1'],
  ];
  it.each(calls)('%s %s without X-XSRF-TOKEN answers 419', async (method, url) => {
    const c = client();
    await c.csrf();
    const res = await c.request(method as 'POST', url, { body: {}, csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('answers 419 for a wrong token and for a token without a session', async () => {
    const c = client();
    await c.csrf();
    const wrong = await c.request('POST', '/v1/login', {
      body: {},
      csrf: false,
      headers: { 'x-xsrf-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(419);
    const token = c.xsrf!;
    const noSession = await ctx.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: {},
      headers: { 'x-xsrf-token': token },
    });
    expect(noSession.statusCode).toBe(419);
  });

  it('accepts the URL-encoded cookie value, as browsers send it', async () => {
    const c = client();
    await c.csrf();
    const res = await c.request('POST', '/v1/login', {
      body: { email: 'ninguem@teste.com.br', password: 'x' },
      csrf: false,
      headers: { 'x-xsrf-token': encodeURIComponent(c.xsrf!) },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /v1/login', () => {
  it('signs in, answers {user} with the agencies and roles, and rotates the session', async () => {
    const owner = await createOwner(ctx, 'Alfa Imóveis');
    const c = client();
    await c.csrf();
    const guestSession = c.cookies.get('vitrine_session');
    const res = await c.login(owner.email.toUpperCase());
    const body = res.json();
    expect(body.user).toMatchObject({ email: owner.email, name: 'Dona Teste' });
    expect(body.user.real_estates).toEqual([
      { id: owner.realEstateId, name: 'Alfa Imóveis', logo_url: null, role: 'owner' },
    ]);
    expect(body.user.password_hash).toBeUndefined();
    expect(c.cookies.get('vitrine_session')).not.toBe(guestSession);
    const me = await c.get('/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
    // the guest session is gone
    const old = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      cookies: { vitrine_session: guestSession! },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong password and an unknown e-mail with the same 422', async () => {
    const owner = await createOwner(ctx);
    const wrong = await client().post('/v1/login', { email: owner.email, password: 'errada-123' });
    const unknown = await client().post('/v1/login', { email: uniqueEmail(), password: 'errada-123' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: MESSAGES.invalidCredentials,
        errors: { email: [MESSAGES.invalidCredentials] },
      });
    }
  });

  it('throttles per e-mail and IP after 5 failures, even a right password, with Retry-After', async () => {
    const owner = await createOwner(ctx);
    const c = client();
    for (let i = 0; i < 5; i++) {
      expect((await c.post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode).toBe(
        422,
      );
    }
    const blocked = await c.post('/v1/login', { email: owner.email, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos?\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // another IP is not blocked
    const other = await client().post('/v1/login', { email: owner.email, password: TEST_PASSWORD });
    expect(other.statusCode).toBe(200);
  });

  it('validates the body in Portuguese, naming the fields', async () => {
    const res = await client().post('/v1/login', { email: 'não-é-email', password: 42 });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email).toEqual(['Informe um e-mail válido.']);
    expect(body.errors.password).toEqual(['Informe a senha.']);
    expect(body.message).toBe('Informe um e-mail válido. (e mais 1 erro)');
  });
});

describe('GET /v1/me and POST /v1/logout', () => {
  it('answers 401 Unauthenticated. without a session', async () => {
    const res = await client().get('/v1/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('logs out: 204, the session is destroyed on the server', async () => {
    const owner = await createOwner(ctx);
    const c = client();
    await c.login(owner.email);
    const sessionCookie = c.cookies.get('vitrine_session')!;
    const out = await c.post('/v1/logout');
    expect(out.statusCode).toBe(204);
    const replay = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      cookies: { vitrine_session: sessionCookie },
    });
    expect(replay.statusCode).toBe(401);
  });
});

describe('POST /v1/register', () => {
  it('creates the user and the first agency, signs in and answers 201 {user}', async () => {
    const c = client();
    const email = uniqueEmail('novo');
    const res = await c.post('/v1/register', {
      name: 'Novo Corretor',
      email,
      password: 'senha-boa-1',
      password_confirmation: 'senha-boa-1',
      real_estate_name: 'Casa Nova Imóveis',
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({ name: 'Novo Corretor', email });
    expect(user.real_estates).toHaveLength(1);
    expect(user.real_estates[0]).toMatchObject({ name: 'Casa Nova Imóveis', role: 'owner', logo_url: null });
    expect((await c.get('/v1/me')).statusCode).toBe(200);
  });

  it('registers without an agency (someone invited joins later)', async () => {
    const res = await client().post('/v1/register', {
      name: 'Convidado',
      email: uniqueEmail(),
      password: 'senha-boa-1',
      password_confirmation: 'senha-boa-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.real_estates).toEqual([]);
  });

  it('refuses a taken e-mail (any case), a short password and a wrong confirmation, writing nothing', async () => {
    const owner = await createOwner(ctx);
    const taken = await client().post('/v1/register', {
      name: 'Outro',
      email: owner.email.toUpperCase(),
      password: 'senha-boa-1',
      password_confirmation: 'senha-boa-1',
      real_estate_name: 'Não deve existir',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual([MESSAGES.emailTaken]);

    const email = uniqueEmail();
    const bad = await client().post('/v1/register', {
      name: 'X',
      email,
      password: 'curta',
      password_confirmation: 'outra',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(errors.name).toEqual(['O nome deve ter pelo menos 2 caracteres.']);
    expect(errors.password).toEqual(['A senha deve ter pelo menos 8 caracteres.']);
    expect(errors.password_confirmation).toEqual(['A confirmação da senha não confere.']);
    const login = await client().post('/v1/login', { email, password: 'curta' });
    expect(login.statusCode).toBe(422);
  });
});

describe('password reset', () => {
  async function outboxFor(email: string) {
    const dir = path.join(ctx.config.dataDir, 'outbox');
    const files = await readdir(dir).catch(() => [] as string[]);
    const mine = files.filter((f) => f.includes(email.replace(/[^a-z0-9@._-]+/gi, '_')));
    return Promise.all(mine.map((f) => readFile(path.join(dir, f), 'utf8')));
  }
  const linkIn = (eml: string) => {
    const m = eml
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .match(/https?:\/\/\S+redefinir-senha\?token=([^&\s]+)&email=([^\s"<]+)/);
    if (!m) throw new Error('no reset link in the e-mail');
    return { token: decodeURIComponent(m[1]!), email: decodeURIComponent(m[2]!) };
  };

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const owner = await createOwner(ctx);
    const unknown = uniqueEmail('ninguem');
    const a = await client().post('/v1/forgot-password', { email: owner.email });
    const b = await client().post('/v1/forgot-password', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: MESSAGES.resetLinkSent });
    expect(b.json()).toEqual(a.json());
    expect(await outboxFor(owner.email)).toHaveLength(1);
    expect(await outboxFor(unknown)).toHaveLength(0);
  });

  it('resets with the mailed token once, ends every session, and stores only a hash', async () => {
    const owner = await createOwner(ctx);
    const signedIn = client();
    await signedIn.login(owner.email);
    await client().post('/v1/forgot-password', { email: owner.email });
    const [eml] = await outboxFor(owner.email);
    const { token, email } = linkIn(eml!);
    expect(email).toBe(owner.email);
    const [row] = await ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, owner.userId));
    expect(row?.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const body = { token, email, password: 'nova-senha-99', password_confirmation: 'nova-senha-99' };
    const res = await client().post('/v1/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.passwordReset });
    expect((await signedIn.get('/v1/me')).statusCode).toBe(401);
    const userSessions = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, owner.userId));
    expect(userSessions).toHaveLength(0);
    expect((await client().post('/v1/login', { email, password: TEST_PASSWORD })).statusCode).toBe(422);
    expect((await client().post('/v1/login', { email, password: 'nova-senha-99' })).statusCode).toBe(200);

    const again = await client().post('/v1/reset-password', {
      ...body,
      password: 'outra-senha-1',
      password_confirmation: 'outra-senha-1',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual([MESSAGES.invalidResetToken]);
  });

  it('refuses an expired token and a wrong token', async () => {
    const owner = await createOwner(ctx);
    await client().post('/v1/forgot-password', { email: owner.email });
    const { token } = linkIn((await outboxFor(owner.email))[0]!);
    const body = {
      token: 'x' + token,
      email: owner.email,
      password: 'nova-senha-99',
      password_confirmation: 'nova-senha-99',
    };
    expect((await client().post('/v1/reset-password', body)).statusCode).toBe(422);
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, owner.userId));
    const expired = await client().post('/v1/reset-password', { ...body, token });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.email).toEqual([MESSAGES.invalidResetToken]);
    expect(
      (await client().post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('bad input never answers 5xx', () => {
  const endpoints = [
    '/v1/login',
    '/v1/register',
    '/v1/forgot-password',
    '/v1/reset-password',
    '/v1/real-estates',
  ];

  it.each(endpoints)('%s: broken JSON → 400 in Portuguese', async (url) => {
    const res = await client().post(url, '{"email": ', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.invalidJson);
  });

  it.each(endpoints.filter((u) => u !== '/v1/real-estates'))(
    '%s: an array body, wrong types, huge strings → 422 naming fields',
    async (url) => {
      const arr = await client().post(url, [1, 2]);
      expect(arr.statusCode).toBe(422);
      expect(arr.json().errors).toBeTypeOf('object');
      const huge = 'a'.repeat(100_000);
      const res = await client().post(url, {
        email: huge,
        password: huge,
        name: 7,
        token: ['x'],
        password_confirmation: {},
      });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(Object.keys(body.errors)).toContain('email');
      expect(body.message).toMatch(/[a-zà-ú]/i);
    },
  );

  it('an unsupported content type → 415, a body over 1 MB → 413', async () => {
    const c = client();
    const xml = await c.post('/v1/login', '<a/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toBe(MESSAGES.unsupportedMediaType);
    const big = await c.post('/v1/login', JSON.stringify({ email: 'a'.repeat(1_100_000) }), {
      'content-type': 'application/json',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.payloadTooLarge);
  });

  it('unknown API routes answer a JSON 404', async () => {
    const res = await client().get('/v1/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MESSAGES.routeNotFound });
  });
});
