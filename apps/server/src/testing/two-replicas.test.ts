/**
 * Two API replicas on one database, as behind a round-robin load balancer (docs/operations.md,
 * Replicas): RUN_WORKER=false, the same APP_KEY, and one client whose calls alternate between them.
 * Nothing a request relies on may live in one process: the session and its CSRF token, sign-out, the
 * sign-in windows, the analytics visitor id. On PostgreSQL each replica has its own pool, as two
 * processes would; PGlite belongs to one process, so there the second shares the first's database.
 * `npm run soak:delivery -- --topology replicas` runs the same shape as real processes behind Caddy.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { visitorHashes } from '../modules/analytics/index.ts';
import {
  TEST_PASSWORD,
  TestClient,
  createOwner,
  createTestContext,
  openTestDatabase,
  type TestContext,
} from './test-app.ts';

const ENV = { RUN_WORKER: 'false', LOGIN_MAX_ATTEMPTS: '4' };
let a: TestContext;
let b: TestContext;
let secondPool: Database | null = null;

beforeAll(async () => {
  const appKey = randomBytes(32);
  a = await createTestContext({ appKey }, ENV);
  secondPool = process.env.TEST_DATABASE === 'postgres' ? await openTestDatabase() : null;
  b = await createTestContext({ appKey }, ENV, undefined, undefined, false, secondPool ?? a.database);
});
afterAll(async () => {
  await b?.close();
  await secondPool?.close();
  await a?.close();
});

/** One browser (one cookie jar, one address) whose calls go to replica A, B, A, B… */
function roundRobin(ip: string) {
  const viaA = new TestClient(a.app, ip);
  const viaB = new TestClient(b.app, ip);
  viaB.cookies = viaA.cookies;
  let turn = 0;
  return { next: () => (turn++ % 2 ? viaB : viaA), viaA, viaB };
}

let ipSeq = 0;
const uniqueIp = () => `198.18.${process.pid % 256}.${++ipSeq}`;

describe('two API replicas on one database', () => {
  it('a session and its CSRF token made by one replica are honoured by the other, and sign-out on one ends it on both', async () => {
    const owner = await createOwner(a, 'Imobiliária das Réplicas');
    const browser = roundRobin(uniqueIp());
    await browser.viaA.login(owner.email);

    // State-changing calls with A's XSRF-TOKEN, alternating replicas: every one accepted.
    for (let i = 0; i < 4; i++) {
      const res = await browser.next().put(`/v1/real-estates/${owner.realEstateId}/integrations`, {
        name: 'webhook',
        payload: { url: `https://crm.exemplo.com.br/webhook/${i}` },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The secret one replica encrypted is read back by the other (the same APP_KEY).
    const secretA = (
      await browser.viaA.get(`/v1/real-estates/${owner.realEstateId}/integrations/webhook/secret`)
    ).json().data.secret;
    const secretB = (
      await browser.viaB.get(`/v1/real-estates/${owner.realEstateId}/integrations/webhook/secret`)
    ).json().data.secret;
    expect(secretB).toBe(secretA);

    // A wrong token is refused by both.
    const forged = await browser.viaB.request('PUT', `/v1/real-estates/${owner.realEstateId}/integrations`, {
      body: { name: 'webhook', payload: { url: 'https://crm.exemplo.com.br/x' } },
      headers: { 'x-xsrf-token': 'forjado' },
      csrf: false,
    });
    expect(forged.statusCode).toBe(419);

    const session = browser.viaA.cookies.get('vitrine_session')!;
    expect((await browser.viaB.post('/v1/logout')).statusCode).toBe(204);
    // The cookie kept anyway (a copy in another tab) no longer works on the other replica.
    const stale = new TestClient(a.app, uniqueIp());
    stale.cookies.set('vitrine_session', session);
    expect((await stale.get('/v1/me')).statusCode).toBe(401);
  });

  it('sign-in failures from one address count in one window across both replicas', async () => {
    const owner = await createOwner(b, 'Imobiliária do Limite');
    const browser = roundRobin(uniqueIp());
    // LOGIN_MAX_ATTEMPTS is 4: two failures on each replica fill the window…
    for (let i = 0; i < 4; i++) {
      const res = await browser.next().post('/v1/login', { email: owner.email, password: 'senha-errada-1' });
      expect(res.statusCode).toBe(422);
    }
    // …so the fifth is refused whichever replica gets it, even with the right password.
    for (const client of [browser.viaA, browser.viaB]) {
      const res = await client.post('/v1/login', { email: owner.email, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });

  it('gives a visitor the same analytics id on both replicas (one salt per day, in the database)', async () => {
    const now = new Date();
    const [saltsA, saltsB] = [
      await a.app.analytics.salts.forDay(now),
      await b.app.analytics.salts.forDay(now),
    ];
    const ua = 'Mozilla/5.0 (Linux; Android 14) Mobile';
    expect(visitorHashes(saltsB, 7, '200.1.2.3', ua)).toEqual(visitorHashes(saltsA, 7, '200.1.2.3', ua));
  });
});
