/**
 * Sign-in limits (docs/operations.md#sign-in-limits): with a trusted proxy, a rotating X-Forwarded-For must
 * not bypass the sign-in throttle, and guesses spread over many addresses lock the account (1 min, doubling
 * up to 15 min; reset on success). The lock holds for devices the account never signed in from, not for a
 * browser it signed in from before (nobody locks the owner out from anywhere); a password reset clears it;
 * one address failing on many accounts is stopped.
 */
import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, passwordResetTokens, rateLimits } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
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
    ctx = await createTestContext({}, { LOGIN_ACCOUNT_MAX_FAILURES: '6', LOGIN_IP_MAX_FAILURES: '20' });
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

  it("a browser that signed in to the account before is not locked out by others' failures", async () => {
    const owner = await createOwner(ctx);
    const usual = new TestClient(ctx.app, '203.0.113.50');
    expect((await usual.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    await usual.post('/v1/logout');
    let ip = 1;
    for (let i = 0; i < 6; i++) {
      const attacker = new TestClient(ctx.app, `192.0.2.${100 + ip++}`);
      expect(
        (await attacker.post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode,
      ).toBe(422);
    }
    // a new device is locked...
    const stranger = new TestClient(ctx.app, `192.0.2.${100 + ip++}`);
    expect(
      (await stranger.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    // ...the owner's usual browser is not, and its device mark is not valid for another account
    expect((await usual.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    const forged = new TestClient(ctx.app, `192.0.2.${100 + ip++}`);
    for (const [k, v] of usual.cookies) if (k.includes('device')) forged.cookies.set(k, v);
    expect(forged.cookies.size).toBe(1);
    const victim = await createOwner(ctx);
    for (let i = 0; i < 6; i++)
      await new TestClient(ctx.app, `192.0.2.${100 + ip++}`).post('/v1/login', {
        email: victim.email,
        password: 'errada-123',
      });
    expect(
      (await forged.post('/v1/login', { email: victim.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('a password reset invalidates the device marks issued before it', async () => {
    const owner = await createOwner(ctx);
    const laptop = new TestClient(ctx.app, '203.0.113.60');
    expect((await laptop.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    await laptop.post('/v1/logout');
    const token = 'token-de-teste-marca-0123456789abcdef';
    await ctx.database.db.insert(passwordResetTokens).values({
      userId: owner.userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
    });
    const reset = await new TestClient(ctx.app, '198.51.100.220').post('/v1/reset-password', {
      email: owner.email,
      token,
      password: 'nova-senha-77',
      password_confirmation: 'nova-senha-77',
    });
    expect(reset.statusCode).toBe(200);
    for (let i = 0; i < 6; i++)
      await new TestClient(ctx.app, `198.51.100.${150 + i}`).post('/v1/login', {
        email: owner.email,
        password: 'errada-123',
      });
    // The laptop's mark predates the reset: it is locked like any other device, even with the new password.
    expect(laptop.cookies.has('vitrine_device')).toBe(true);
    expect(
      (await laptop.post('/v1/login', { email: owner.email, password: 'nova-senha-77' })).statusCode,
    ).toBe(429);
  });

  it('a password reset clears the lock', async () => {
    const owner = await createOwner(ctx);
    for (let i = 0; i < 6; i++)
      await new TestClient(ctx.app, `198.51.100.${i + 1}`).post('/v1/login', {
        email: owner.email,
        password: 'errada-123',
      });
    const fresh = () => new TestClient(ctx.app, '198.51.100.200');
    expect(
      (await fresh().post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    const token = 'token-de-teste-redefinicao-0123456789';
    await ctx.database.db.insert(passwordResetTokens).values({
      userId: owner.userId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
    });
    const reset = await fresh().post('/v1/reset-password', {
      email: owner.email,
      token,
      password: 'nova-senha-99',
      password_confirmation: 'nova-senha-99',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await fresh().post('/v1/login', { email: owner.email, password: 'nova-senha-99' })).statusCode,
    ).toBe(200);
  });

  it('one address failing on many accounts is stopped (20 failures in 15 minutes), whatever the account', async () => {
    const ip = '203.0.113.99';
    const codes: number[] = [];
    for (let i = 0; i < 24; i++) {
      const account = await createOwner(ctx);
      codes.push(
        (
          await new TestClient(ctx.app, ip).post('/v1/login', {
            email: account.email,
            password: 'errada-123',
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 20).every((c) => c === 422)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429]);
    // even the right password of an account waits, from that address only
    const someone = await createOwner(ctx);
    const blocked = await new TestClient(ctx.app, ip).post('/v1/login', {
      email: someone.email,
      password: TEST_PASSWORD,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await new TestClient(ctx.app, '203.0.113.98').post('/v1/login', {
          email: someone.email,
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("behind a shared address (CGNAT), a browser with the account's mark is not stopped by the window across accounts", async () => {
    const ip = '100.64.0.10';
    const owner = await createOwner(ctx);
    const usual = new TestClient(ctx.app, ip);
    expect((await usual.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    await usual.post('/v1/logout');
    // Neighbours on the same carrier address fail on 20 accounts: the address waits.
    for (let i = 0; i < 20; i++) {
      const account = await createOwner(ctx);
      await new TestClient(ctx.app, ip).post('/v1/login', { email: account.email, password: 'errada-123' });
    }
    const someone = await createOwner(ctx);
    expect(
      (await new TestClient(ctx.app, ip).post('/v1/login', { email: someone.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(429);
    // The owner's usual browser: a typo is an ordinary 422 (its own windows count it), then it signs in.
    expect((await usual.post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode).toBe(
      422,
    );
    expect((await usual.post('/v1/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(
      200,
    );
    await usual.post('/v1/logout');
    // Its mark is for that account only: another account from the same browser still waits.
    expect(
      (await usual.post('/v1/login', { email: someone.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(429);
    // And its own per e-mail and address window still stops it after LOGIN_MAX_ATTEMPTS failures.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await usual.post('/v1/login', { email: owner.email, password: 'errada-123' })).statusCode);
    expect(codes).toEqual([422, 422, 422, 422, 422, 429]);
  });
});
