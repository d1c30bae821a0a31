/**
 * Issue 16: with a trusted proxy, a rotating X-Forwarded-For must not bypass the sign-in throttle, and
 * guesses spread over many addresses lock the account (1 min, doubling up to 15 min; reset on success).
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, rateLimits } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { accountLockSeconds } from '../../lib/throttle.ts';
import {
  TEST_PASSWORD,
  TestClient,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';

const rotating = () =>
  `${1 + (randomBytes(1)[0]! % 200)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

describe('TRUST_PROXY', () => {
  const parse = (TRUST_PROXY: string | undefined) =>
    loadConfig({ NODE_ENV: 'test', TRUST_PROXY }, { appKey: randomBytes(32), dataDir: '/tmp' });
  it('is a hop count or a list of addresses/CIDRs; "true" reads as 1 hop with a warning', () => {
    expect(parse(undefined).TRUST_PROXY).toBe(false);
    expect(parse('false').TRUST_PROXY).toBe(false);
    expect(parse('1').TRUST_PROXY).toBe(1);
    expect(parse('2').TRUST_PROXY).toBe(2);
    expect(parse('10.0.0.0/8, 127.0.0.1').TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    const t = parse('true');
    expect(t.TRUST_PROXY).toBe(1);
    expect(t.warnings[0]).toMatch(/TRUST_PROXY=true/);
    expect(() => parse('10.0.0.0/99,proxy')).toThrow(
      /TRUST_PROXY: endereço ou CIDR inválido: 10.0.0.0\/99, proxy/,
    );
  });
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  // The load balancer (127.0.0.1 here) appends the address it saw; what the client wrote comes before.
  const viaProxy = (client: string) => ({ 'x-forwarded-for': `${rotating()}, ${rotating()}, ${client}` });

  it('8 wrong passwords with a rotating X-Forwarded-For get 429', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app, '127.0.0.1');
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push(
        (await c.post('/v1/login', { email: owner.email, password: 'errada-123' }, viaProxy('198.51.100.9')))
          .statusCode,
      );
    expect(codes.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(codes.slice(5)).toEqual([429, 429, 429]);
  });

  it('the client address is the one the proxy saw, not what the client wrote', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v1/public/pages/${page.slug}/leads`,
        payload: { name: 'Maria Souza', phone: '11988887777', consent: true },
        headers: viaProxy('198.51.100.77'),
        remoteAddress: '127.0.0.1',
      });
      expect(res.statusCode).toBe(201);
    }
    const rows = await ctx.database.db
      .select({ ipHash: leads.ipHash })
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    expect(new Set(rows.map((r) => r.ipHash)).size).toBe(1);
  });
});

describe('per-account lock', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { LOGIN_ACCOUNT_MAX_FAILURES: '6' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('grows from 1 minute, doubling, up to 15 minutes', () => {
    expect([10, 11, 12, 13, 14, 15, 40].map((n) => accountLockSeconds(n, 10))).toEqual([
      60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('locks the account after repeated failures from different addresses, even for the right password; success resets it', async () => {
    const owner = await createOwner(ctx);
    let ip = 1;
    const fromNewIp = () => new TestClient(ctx.app, `192.0.2.${ip++}`);
    for (let i = 0; i < 6; i++) {
      expect(
        (await fromNewIp().post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode,
      ).toBe(422);
    }
    const locked = await fromNewIp().post('/v1/login', { email: owner.email, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Muitas tentativas\. Tente novamente em \d+ segundos?\.$/);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(50);
    expect(retry).toBeLessThanOrEqual(60);
    // Another account is not affected.
    const other = await createOwner(ctx);
    expect(
      (await fromNewIp().post('/v1/login', { email: other.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);

    // The lock ends (moved into the past here); the next failure locks again, for twice as long.
    await ctx.database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `login-lock:${owner.email}`));
    expect(
      (await fromNewIp().post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode,
    ).toBe(422);
    const again = await fromNewIp().post('/v1/login', { email: owner.email, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(100);

    // After it, a right password signs in and clears the account's failures.
    await ctx.database.db
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `login-lock:${owner.email}`));
    expect(
      (await fromNewIp().post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const left = await ctx.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `login-failures:${owner.email}%`));
    expect(left).toEqual([]);
    expect(
      (await fromNewIp().post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode,
    ).toBe(422);
    expect(
      (await fromNewIp().post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });
});
