/**
 * The demo seed on a fresh test database: what a prospect sees (pages with real photo files and
 * srcset, 30 days of leads in every stage and of visits, a tested webhook and its ledger), that it runs only once,
 * and the one-click demo login (enabled → a session; disabled → 404).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UNAVAILABLE_MESSAGE, LEAD_STATUSES, analyticsResponseSchema } from '@vitrine/contracts';
import {
  analyticsSessions,
  contacts,
  deliveries,
  deliveryAttempts,
  integrations,
  leads,
  pages,
  realEstates,
  users,
} from '../../db/schema.ts';
import { TestClient, createOwner, createTestContext, type TestContext } from '../../testing/test-app.ts';
import {
  DEMO_AGENCY_NAME,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DEMO_WEBHOOK_URL,
  findDemoUserId,
  seedDemo,
} from './seed-demo.ts';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let agencyId: number;
const now = new Date();

beforeAll(async () => {
  ctx = await createTestContext({}, { SEED_DEMO: 'true' });
});
afterAll(async () => {
  await ctx?.close();
});

/** Row counts of everything the seed writes, to compare before and after a second run. */
async function counts() {
  const { db } = ctx.database;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const inAgency = sql`real_estate_id = ${agencyId}`;
  return {
    users: await n(db.select({ n: sql<number>`count(*)` }).from(users)),
    agencies: await n(db.select({ n: sql<number>`count(*)` }).from(realEstates)),
    pages: await n(
      db
        .select({ n: sql<number>`count(*)` })
        .from(pages)
        .where(inAgency),
    ),
    leads: await n(
      db
        .select({ n: sql<number>`count(*)` })
        .from(leads)
        .where(inAgency),
    ),
    contacts: await n(
      db
        .select({ n: sql<number>`count(*)` })
        .from(contacts)
        .where(inAgency),
    ),
    deliveries: await n(
      db
        .select({ n: sql<number>`count(*)` })
        .from(deliveries)
        .where(inAgency),
    ),
  };
}

describe('before the demo exists', () => {
  it('the one-click login answers 404 and the public info says the demo is off', async () => {
    const c = new TestClient(ctx.app);
    const info = await c.get('/v1/public/demo');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ data: { enabled: false, email: null, password: null } });
    const res = await c.post('/v1/demo/login');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DEMO_UNAVAILABLE_MESSAGE);
  });

  it('does not seed a database that already has accounts (only on an empty one)', async () => {
    await createOwner(ctx, 'Cliente de verdade');
    expect(await seedDemo(ctx.app.deps)).toBe(false);
    expect(await findDemoUserId(ctx.app.deps)).toBeNull();
  });
});

describe('seedDemo', () => {
  beforeAll(async () => {
    const started = performance.now();
    expect(await seedDemo(ctx.app.deps, { alongsideExistingAccounts: true, now })).toBe(true);
    // Generous on a loaded CI machine; `npm start` measures the real figure.
    expect(performance.now() - started).toBeLessThan(20_000);
    const [agency] = await ctx.database.db
      .select()
      .from(realEstates)
      .where(eq(realEstates.name, DEMO_AGENCY_NAME));
    agencyId = agency!.id;
  });

  it('publishes twelve pages with photos whose WebP copies are in storage, plus two drafts and one sold', async () => {
    const rows = await ctx.database.db.select().from(pages).where(eq(pages.realEstateId, agencyId));
    const byStatus = (s: string) => rows.filter((p) => p.status === s);
    expect(byStatus('published')).toHaveLength(12);
    expect(byStatus('draft')).toHaveLength(2);
    expect(byStatus('sold')).toHaveLength(1);
    expect(new Set(rows.map((p) => p.city))).toEqual(
      new Set(['São Paulo', 'Rio de Janeiro', 'Florianópolis', 'Curitiba', 'Belo Horizonte']),
    );

    for (const page of [...byStatus('published'), ...byStatus('sold')]) {
      expect(page.photos.length, page.title).toBeGreaterThanOrEqual(3);
      expect(page.priceCents).toBeGreaterThan(0);
      expect(page.listingCode).toMatch(/^[A-Z]{2}\d{4}$/);
      expect(page.description!.length).toBeGreaterThan(100);
      for (const photo of page.photos) {
        expect(photo.key).toMatch(new RegExp(`^pages/${page.id}/.+\\.jpg$`));
        expect(photo.alt).toBeTruthy();
        expect(existsSync(path.join(path.join(ctx.config.dataDir, 'uploads'), photo.key!))).toBe(true);
        expect(photo.variants!.map((v) => v.width)).toEqual([480, 960, 1200]);
        for (const v of photo.variants!)
          expect(existsSync(path.join(path.join(ctx.config.dataDir, 'uploads'), v.key)), v.key).toBe(true);
      }
    }
    // Every listing has a cover of its own (no two pages share a file).
    const keys = rows.flatMap((p) => p.photos.map((ph) => ph.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a landing page serves the photos with srcset, and the files themselves', async () => {
    const [page] = await ctx.database.db
      .select()
      .from(pages)
      .where(and(eq(pages.realEstateId, agencyId), eq(pages.status, 'published')))
      .limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page!.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/srcset="[^"]+-480\.webp 480w, [^"]+-960\.webp 960w, [^"]+-1200\.webp 1200w"/);
    const file = await ctx.app.inject({ method: 'GET', url: `/files/${page!.photos[0]!.variants![0]!.key}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('holds leads in all six stages, spread over at least 20 of the last 30 days, from google/facebook/instagram', async () => {
    const rows = await ctx.database.db.select().from(leads).where(eq(leads.realEstateId, agencyId));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const status of LEAD_STATUSES)
      expect(rows.filter((l) => l.status === status).length, status).toBeGreaterThanOrEqual(1);
    const days = new Set(
      rows.map((l) => l.createdAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })),
    );
    expect(days.size).toBeGreaterThanOrEqual(20);
    for (const l of rows) {
      expect(l.createdAt.getTime()).toBeGreaterThan(now.getTime() - 31 * DAY);
      expect(l.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(new Set(rows.map((l) => l.utmSource))).toEqual(new Set(['google', 'facebook', 'instagram', null]));
    expect(rows.filter((l) => l.utmSource === 'google').every((l) => l.gclid && l.utmMedium === 'cpc')).toBe(
      true,
    );

    const quarantined = rows.filter((l) => l.quarantined);
    expect(quarantined.length).toBeGreaterThanOrEqual(1);
    expect(quarantined.length).toBeLessThanOrEqual(2);
    expect(quarantined.every((l) => l.quarantineReason)).toBe(true);

    // Leads from outside the pages (docs/product.md#lead-sources): portals with a temperature, Meta forms
    // with their answers, the API; two name a listing code that matches no page.
    const bySource = (source: string) => rows.filter((l) => l.source === source);
    for (const source of ['portal_zap', 'portal_vivareal', 'portal_olx', 'facebook', 'instagram', 'api'])
      expect(bySource(source).length, source).toBeGreaterThanOrEqual(1);
    expect(bySource('portal_zap').every((l) => typeof l.sourceDetails?.temperature === 'string')).toBe(true);
    expect(bySource('instagram').every((l) => Array.isArray(l.sourceDetails?.answers))).toBe(true);
    const notFound = rows.filter((l) => l.pageId === null && l.listingCode !== null);
    expect(notFound.map((l) => l.listingCode).sort()).toEqual(['VR-48213', 'ZP-7731']);
    expect(bySource('landing_page').length).toBeGreaterThan(rows.length / 2);

    // Repeat contacts, linked as capture-lead.ts links them.
    const repeats = rows.filter((l) => l.isRepeat);
    expect(repeats.length).toBeGreaterThanOrEqual(2);
    const people = await ctx.database.db.select().from(contacts).where(eq(contacts.realEstateId, agencyId));
    for (const c of people) expect(rows.filter((l) => l.contactId === c.id).length).toBe(c.leadsCount);
    expect(people.some((c) => c.leadsCount > 1)).toBe(true);

    // Through the API, as the Leads screen reads them (the quarantine is listed apart).
    const client = new TestClient(ctx.app);
    await client.login(DEMO_EMAIL, DEMO_PASSWORD);
    const list = await client.get(`/v1/real-estates/${agencyId}/leads?per_page=10`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta.total).toBe(rows.filter((l) => !l.quarantined).length);
  });

  it('has deliveries delivered, retried then delivered, failed and dead, each with its attempts, none left for the worker', async () => {
    const { db } = ctx.database;
    const rows = await db.select().from(deliveries).where(eq(deliveries.realEstateId, agencyId));
    const statuses = new Set(rows.map((d) => d.status));
    expect(statuses).toEqual(new Set(['delivered', 'failed', 'dead']));
    expect(rows.some((d) => d.status === 'delivered' && d.attempts > 1)).toBe(true);
    const attempts = await db
      .select()
      .from(deliveryAttempts)
      .where(
        inArray(
          deliveryAttempts.deliveryId,
          rows.map((d) => d.id),
        ),
      );
    for (const d of rows) {
      const mine = attempts.filter((a) => a.deliveryId === d.id).sort((a, b) => a.attempt - b.attempt);
      expect(mine.map((a) => a.attempt)).toEqual(Array.from({ length: d.attempts }, (_, i) => i + 1));
      expect(mine.at(-1)!.outcome).toBe(
        d.status === 'delivered' ? 'delivered' : d.status === 'dead' ? 'dead' : 'failed',
      );
    }
    expect(rows.filter((d) => d.status === 'dead').every((d) => d.attempts === 8)).toBe(true);
    // Quarantined leads are never forwarded.
    const held = await db
      .select({ id: leads.id })
      .from(leads)
      .where(and(eq(leads.realEstateId, agencyId), eq(leads.quarantined, true)));
    expect(rows.filter((d) => held.some((h) => h.id === d.leadId))).toEqual([]);
    // No job for the delivery worker: nothing seeded is ever sent.
    const ids = rows.map((d) => d.id);
    const jobs = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where data->>'deliveryId' = any($1) or data->'deliveryIds' ?| $1::text[]`,
      [ids],
    );
    expect(Number(jobs[0]?.n)).toBe(0);
  });

  it('shows the webhook active and tested on the Integrações screen, at an obviously fake address', async () => {
    const client = new TestClient(ctx.app);
    await client.login(DEMO_EMAIL, DEMO_PASSWORD);
    const res = await client.get(`/v1/real-estates/${agencyId}/integrations`);
    const webhook = res.json().data.integrations.find((i: { name: string }) => i.name === 'webhook');
    expect(webhook).toMatchObject({
      is_active: true,
      last_test_ok: true,
      halted: null,
      payload: { url: DEMO_WEBHOOK_URL },
    });
    const [row] = await ctx.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.realEstateId, agencyId));
    expect(row!.signingSecretEncrypted).toBeTruthy();
  });

  it('has 30 days of visits on the analytics screen, most leads linked to the visit they came from', async () => {
    const client = new TestClient(ctx.app);
    await client.login(DEMO_EMAIL, DEMO_PASSWORD);
    ctx.app.analytics.now = () => now;
    const res = await client.get(`/v1/real-estates/${agencyId}/analytics`);
    expect(res.statusCode).toBe(200);
    const body = analyticsResponseSchema.parse(res.json());
    expect(body.summary.sessions).toBeGreaterThan(1000);
    expect(body.summary.visitors).toBeGreaterThan(1000);
    expect(body.summary.conversion_rate).toBeGreaterThan(0.01);
    expect(body.summary.conversion_rate).toBeLessThan(0.15);
    expect(body.summary.bounce_rate).toBeGreaterThan(0.2);
    expect(body.summary.bounce_rate).toBeLessThan(0.7);
    expect(body.series.filter((d) => d.sessions > 0).length).toBeGreaterThanOrEqual(28);
    expect(body.breakdowns.sources.map((s) => s.source)).toEqual(
      expect.arrayContaining(['google', 'facebook', 'instagram', 'direct']),
    );
    expect(body.breakdowns.devices[0]!.device).toBe('mobile');
    // The campaign table is honest: campaigns that brought visits and no lead are there with 0, and
    // the ones with leads convert a share of their visits (their visitors are not only the buyers).
    const campaigns = body.breakdowns.sources.filter((s) => s.utm_campaign);
    const losers = campaigns.filter((c) => c.leads === 0 && c.sessions >= 20);
    expect(losers.map((c) => c.utm_campaign)).toEqual(
      expect.arrayContaining(['remarketing-display', 'video-institucional']),
    );
    const winners = campaigns.filter((c) => c.leads > 0);
    expect(winners.length).toBeGreaterThanOrEqual(3);
    for (const c of winners) expect(c.leads / c.sessions, c.label).toBeLessThan(0.5);
    expect(body.funnel.pages.length).toBeGreaterThanOrEqual(10);
    expect(body.funnel.total.delivered).toBeGreaterThan(0);
    const f = body.funnel.total;
    expect(
      f.views >= f.engaged && f.engaged >= f.contact && f.contact >= f.leads && f.leads >= f.delivered,
    ).toBe(true);

    // Both directions: a linked lead names its session, and that session names the lead.
    const linked = await ctx.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.realEstateId, agencyId), sql`${leads.sessionId} is not null`));
    const all = await ctx.database.db
      .select({ n: sql<number>`count(*)` })
      .from(leads)
      .where(and(eq(leads.realEstateId, agencyId), eq(leads.quarantined, false)));
    expect(linked.length / Number(all[0]!.n)).toBeGreaterThan(0.6);
    const [session] = await ctx.database.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, linked[0]!.sessionId!));
    expect(session!.leadId).toBe(linked[0]!.id);
    const timeline = (
      await client.get(`/v1/real-estates/${agencyId}/analytics/events?session_id=${session!.id}`)
    ).json();
    expect(timeline.data.at(-1)).toMatchObject({ name: 'lead_submitted', props: { lead_id: linked[0]!.id } });
    ctx.app.analytics.now = () => new Date();
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await counts();
    expect(await seedDemo(ctx.app.deps, { alongsideExistingAccounts: true })).toBe(false);
    expect(await seedDemo(ctx.app.deps)).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('the one-click login signs in as the demo user, with a session /v1/me accepts', async () => {
    const c = new TestClient(ctx.app);
    const info = await c.get('/v1/public/demo');
    expect(info.json()).toEqual({ data: { enabled: true, email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const res = await c.post('/v1/demo/login');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(DEMO_EMAIL);
    expect(res.json().user.real_estates.map((r: { name: string }) => r.name)).toContain(DEMO_AGENCY_NAME);
    const me = await c.get('/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(DEMO_EMAIL);
  });

  it('the one-click login is off when SEED_DEMO is off, even with the demo data present', async () => {
    ctx.app.config.SEED_DEMO = false;
    try {
      const c = new TestClient(ctx.app);
      expect((await c.get('/v1/public/demo')).json()).toEqual({
        data: { enabled: false, email: null, password: null },
      });
      const res = await c.post('/v1/demo/login');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DEMO_UNAVAILABLE_MESSAGE);
      expect((await c.get('/v1/me')).statusCode).toBe(401);
    } finally {
      ctx.app.config.SEED_DEMO = true;
    }
  });
});
