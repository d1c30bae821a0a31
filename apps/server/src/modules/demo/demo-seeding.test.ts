/**
 * The first start seeds the demo after the server answers (server.ts): meanwhile the demo is offered,
 * its one-click login and a sign-in as the demo user wait for the seed and then succeed, and past the
 * wait they answer a clear 503 with Retry-After. Other sign-ins never wait.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  TestClient,
  createOwner,
  createTestContext,
  type TestContext,
} from '../../testing/test-app.ts';
import { createDemoSeeding, DEMO_PREPARING_MESSAGE } from './demo-seeding.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  // A database of its own on PostgreSQL too: the test needs a database without the demo login.
  ctx = await createTestContext({}, { SEED_DEMO: 'true' }, undefined, undefined, true);
});
afterAll(async () => {
  await ctx?.close();
});

/** A seed held back until `release()`: the test decides when the background seed runs. */
function heldSeed() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seed = async () => {
    await gate;
    return seedDemo(ctx.app.deps, { alongsideExistingAccounts: true });
  };
  return { seed, release };
}

describe('demo seeded in the background', () => {
  it('past the wait: 503 "sendo preparada" with Retry-After, not a 404 or a wrong password', async () => {
    const original = ctx.app.demoSeeding;
    ctx.app.demoSeeding = createDemoSeeding({ waitMs: 50 });
    const { seed, release } = heldSeed();
    try {
      const seeding = ctx.app.demoSeeding.start(async () => false);
      await seeding;
      // Done and seeded nothing: no wait, the demo is simply not there yet.
      expect((await new TestClient(ctx.app).post('/v1/demo/login')).statusCode).toBe(404);

      const running = ctx.app.demoSeeding.start(seed);
      const c = new TestClient(ctx.app);
      const info = await c.get('/v1/public/demo');
      expect(info.json()).toEqual({ data: { enabled: true, email: DEMO_EMAIL, password: DEMO_PASSWORD } });
      const res = await c.post('/v1/demo/login');
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(DEMO_PREPARING_MESSAGE);
      expect(res.headers['retry-after']).toBe('5');
      const login = await c.post('/v1/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(503);
      expect(login.json().message).toBe(DEMO_PREPARING_MESSAGE);
      release();
      expect(await running).toBe(true);
    } finally {
      release();
      ctx.app.demoSeeding = original;
    }
  });

  it('the one-click login and the demo user sign-in wait for the seed, then succeed', async () => {
    // The demo exists from the test above: its users get other addresses (this file's own database),
    // so this seed runs again.
    await ctx.database.query(`update users set email = 'seed-' || id || '@old.test'`);
    const original = ctx.app.demoSeeding;
    // A seed takes seconds (tens on a loaded CI machine): this test waits as long as it takes.
    ctx.app.demoSeeding = createDemoSeeding({ waitMs: 300_000 });
    const { seed, release } = heldSeed();
    const running = ctx.app.demoSeeding.start(seed);
    const oneClick = new TestClient(ctx.app).post('/v1/demo/login');
    const signIn = new TestClient(ctx.app).post('/v1/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    let answered = false;
    void Promise.race([oneClick, signIn]).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 300));
    expect(answered).toBe(false); // still waiting for the seed
    release();
    expect(await running).toBe(true);
    const [a, b] = await Promise.all([oneClick, signIn]);
    expect(a.statusCode).toBe(200);
    expect(a.json().user.email).toBe(DEMO_EMAIL);
    expect(b.statusCode).toBe(200);
    expect(b.json().user.email).toBe(DEMO_EMAIL);
    expect(ctx.app.demoSeeding.running).toBe(false);
    ctx.app.demoSeeding = original;
  });

  it('signing in as anyone else does not wait for the seed', async () => {
    const owner = await createOwner(ctx, 'Outra Imobiliária');
    const original = ctx.app.demoSeeding;
    ctx.app.demoSeeding = createDemoSeeding({ waitMs: 60_000 });
    let release!: () => void;
    const running = ctx.app.demoSeeding.start(
      () => new Promise<boolean>((resolve) => (release = () => resolve(false))),
    );
    try {
      const res = await new TestClient(ctx.app).post('/v1/login', {
        email: owner.email,
        password: TEST_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      release();
      await running;
      ctx.app.demoSeeding = original;
    }
  });
});
