/**
 * The nightly reset of the demo: the time it is due, a reset that throws away what visitors changed
 * (a deleted page, the webhook switched off, their sessions) and seeds the demo again in one go, and
 * a second ask the same night that does nothing. Other agencies are never touched.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveries,
  integrations,
  memberships,
  pages,
  realEstates,
  sessions,
  users,
} from '../../db/schema.ts';
import { createUser } from '../auth/index.ts';
import {
  TEST_PASSWORD,
  TestClient,
  createOwner,
  createTestContext,
  insertPage,
  uniqueEmail,
  type TestContext,
} from '../../testing/test-app.ts';
import { prepareDemoPhotos } from './prepare-demo-photos.ts';
import { lastDemoResetTime, resetDemoIfDue } from './reset-demo.ts';
import { DEMO_AGENCY_NAME, DEMO_EMAIL, DEMO_PASSWORD, findDemoUserId, seedDemo } from './seed-demo.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;

beforeAll(async () => {
  // Its own database even on PostgreSQL: a reset replaces the demo other files read.
  ctx = await createTestContext({}, { SEED_DEMO: 'true' }, undefined, undefined, true);
});
afterAll(async () => ctx?.close());

describe('lastDemoResetTime', () => {
  it('is 03:00 in São Paulo (06:00 UTC) of today once past it, of yesterday before', () => {
    expect(lastDemoResetTime(new Date('2026-11-24T06:00:00Z')).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(lastDemoResetTime(new Date('2026-11-24T23:59:00Z')).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
    expect(lastDemoResetTime(new Date('2026-11-24T05:59:59Z')).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(lastDemoResetTime(new Date('2027-01-01T02:00:00Z')).toISOString()).toBe(
      '2026-12-31T06:00:00.000Z',
    );
  });
});

describe('resetDemoIfDue', () => {
  it('without a demo does nothing', async () => {
    expect(await resetDemoIfDue(ctx.app.deps, { now: new Date(Date.now() + 2 * DAY) })).toBe(false);
  });

  // Two seeds of the demo, on a loaded machine.
  it(
    'throws away what visitors changed, seeds the demo again, and leaves other agencies alone',
    { timeout: 120_000 },
    async () => {
      const photos = prepareDemoPhotos();
      const { db } = ctx.database;
      const other = await createOwner(ctx, 'Imobiliária de Verdade');
      await insertPage(ctx, other.realEstateId, { slug: 'imovel-de-verdade-reset' });
      expect(await seedDemo(ctx.app.deps, { alongsideExistingAccounts: true, photos })).toBe(true);
      const oldUserId = (await findDemoUserId({ db }))!;
      const [agency] = await db.select().from(realEstates).where(eq(realEstates.name, DEMO_AGENCY_NAME));
      const seededPages = await db.select().from(pages).where(eq(pages.realEstateId, agency!.id));
      const oldPhoto = seededPages.flatMap((p) => p.photos).find((p) => p.key)!.key!;
      expect(await ctx.app.storage.head(oldPhoto)).not.toBeNull();

      // A visitor signs in with one click, deletes a page and switches the webhook off.
      const visitor = new TestClient(ctx.app);
      expect((await visitor.post('/v1/demo/login')).statusCode).toBe(200);
      expect((await visitor.delete(`/v1/pages/${seededPages[0]!.id}`)).statusCode).toBe(204);
      await db.update(integrations).set({ isActive: false }).where(eq(integrations.realEstateId, agency!.id));
      // The visitor invited a real account (one with no agency of its own), which joined, and an
      // e-mail nobody registered (docs/product.md#demo).
      const realEmail = uniqueEmail('real');
      const realId = await createUser(ctx.app.deps, {
        name: 'Pessoa Real',
        email: realEmail,
        password: TEST_PASSWORD,
      });
      const [pending] = await db
        .insert(users)
        .values({ name: '', email: uniqueEmail('pendente'), passwordHash: '' })
        .returning({ id: users.id });
      const invitedAt = new Date();
      await db.insert(memberships).values([
        {
          realEstateId: agency!.id,
          userId: realId,
          role: 'agent',
          invitedBy: oldUserId,
          invitedAt,
          joinedAt: invitedAt,
        },
        {
          realEstateId: agency!.id,
          userId: pending!.id,
          role: 'agent',
          status: 'invited',
          invitedBy: oldUserId,
          invitedAt,
          joinedAt: null,
        },
      ]);

      const [{ n: oldDeliveries } = { n: 0 }] = await db
        .select({ n: count() })
        .from(deliveries)
        .where(eq(deliveries.realEstateId, agency!.id));
      // Fresh today: not due yet.
      expect(await resetDemoIfDue(ctx.app.deps)).toBe(false);

      // Two days later, past 03:00: reset.
      expect(await resetDemoIfDue(ctx.app.deps, { now: new Date(Date.now() + 2 * DAY), photos })).toBe(true);
      const newUserId = (await findDemoUserId({ db }))!;
      expect(newUserId).not.toBe(oldUserId);
      const agencies = await db.select().from(realEstates).where(eq(realEstates.name, DEMO_AGENCY_NAME));
      expect(agencies).toHaveLength(1);
      const [pageCount] = await db
        .select({ n: count() })
        .from(pages)
        .where(eq(pages.realEstateId, agencies[0]!.id));
      expect(pageCount!.n).toBe(seededPages.length);
      const [webhook] = await db
        .select()
        .from(integrations)
        .where(eq(integrations.realEstateId, agencies[0]!.id));
      expect(webhook!.isActive).toBe(true);
      // The old agency, its sessions and its photo files are gone; the new login works. Its deliveries
      // go with its leads (no foreign key of their own to the agency).
      expect(oldDeliveries).toBeGreaterThan(0);
      expect(await db.select().from(deliveries).where(eq(deliveries.realEstateId, agency!.id))).toEqual([]);
      expect(await db.select().from(realEstates).where(eq(realEstates.id, agency!.id))).toEqual([]);
      expect(await db.select().from(sessions).where(eq(sessions.userId, oldUserId))).toEqual([]);
      expect(await ctx.app.storage.head(oldPhoto)).toBeNull();
      expect((await visitor.get('/v1/me')).statusCode).toBe(401);
      expect((await new TestClient(ctx.app).login(DEMO_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
      // Only the demo's people were replaced: the other agency and its page stand.
      expect(
        await db
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${other.email}`),
      ).toHaveLength(1);
      // The real account stays (without the demo), and still signs in; the never-registered invitation goes.
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, realId))).toHaveLength(1);
      expect(await db.select().from(memberships).where(eq(memberships.userId, realId))).toEqual([]);
      expect((await new TestClient(ctx.app).login(realEmail, TEST_PASSWORD)).statusCode).toBe(200);
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, pending!.id))).toEqual([]);
      const [kept] = await db.select().from(pages).where(eq(pages.slug, 'imovel-de-verdade-reset'));
      expect(kept!.realEstateId).toBe(other.realEstateId);

      // Asked again the same night (the new demo is fresh): nothing.
      expect(await resetDemoIfDue(ctx.app.deps)).toBe(false);
      expect(await findDemoUserId({ db })).toBe(newUserId);
    },
  );
});
