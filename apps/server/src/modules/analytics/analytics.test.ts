/**
 * Analytics end to end through HTTP: beacons in (bots, bad input, size, rate limit, sessions and the
 * 30-minute split on a moved clock, salts), leads linked to their sessions both ways, and the console's
 * reads (contract shape, rollup arithmetic against the raw events, filters, tenancy, roles).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsEventsResponseSchema,
  analyticsResponseSchema,
  type AnalyticsBeacon,
} from '@vitrine/contracts';
import { analyticsEvents, analyticsSessions, deliveries, leads } from '../../db/schema.ts';
import { rowsOf } from '../../lib/throttle.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';
import { captureLead } from '../leads/index.ts';
import { addDays } from './visitor-salts.ts';

let ctx: TestContext;
const RATE_LIMIT = 20;
beforeAll(async () => {
  ctx = await createTestContext({}, { ANALYTICS_IP_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
});
afterAll(async () => {
  await ctx?.close();
});

// The analytics clock: a Tuesday afternoon in São Paulo, moved by the tests (no sleeps).
let clock = new Date('2025-06-10T15:00:00-03:00');
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
beforeEach(() => {
  ctx.app.analytics.now = () => clock;
});

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; moto g84 5G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
let ipSeq = 0;
const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;

interface Visitor {
  ip: string;
  ua: string;
}
const visitor = (ua = PHONE): Visitor => ({ ip: nextIp(), ua });

function send(body: unknown, v: Visitor, opts: { contentType?: string } = {}) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/public/events',
    payload,
    headers: { 'content-type': opts.contentType ?? 'text/plain;charset=UTF-8', 'user-agent': v.ua },
    remoteAddress: v.ip,
  });
}
const beacon = (
  pageId: number,
  events: AnalyticsBeacon['events'],
  extra: Partial<AnalyticsBeacon> = {},
): AnalyticsBeacon => ({
  page_id: pageId,
  url: `http://localhost:3000/imoveis/x`,
  referrer: '',
  events,
  ...extra,
});

async function agency(name = 'Imobiliária Analytics') {
  const owner = await createOwner(ctx, name);
  const page = await insertPage(ctx, owner.realEstateId, { title: 'Casa com piscina' });
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { owner, page, c };
}

/** A lead sent from the landing form with the tracker's session id; its id. */
async function leadFrom(slug: string, sessionId: string, v: Visitor): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: { name: 'Carla Dias', phone: '(21) 98877-6655', consent: true, session_id: sessionId },
    headers: { 'user-agent': v.ua },
    remoteAddress: v.ip,
  });
  expect(res.statusCode).toBe(201);
  // Leads are dated by the real clock; the analytics clock is moved by the tests.
  await ctx.database.db.update(leads).set({ createdAt: clock }).where(eq(leads.id, res.json().data.id));
  return res.json().data.id;
}

const sessionsOf = (realEstateId: number) =>
  ctx.database.db.select().from(analyticsSessions).where(eq(analyticsSessions.realEstateId, realEstateId));
const eventsOf = (sessionId: string) =>
  ctx.database.db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.sessionId, sessionId))
    .orderBy(analyticsEvents.occurredAt, analyticsEvents.id);

describe('POST /v1/public/events', () => {
  it('stores a batch as one session: campaign, referrer host, device; events dated by the server; no IP or user agent kept', async () => {
    const { owner, page } = await agency();
    const v = visitor();
    const res = await send(
      beacon(
        page.id,
        [
          { name: 'pageview', ago: 4000 },
          { name: 'scroll', ago: 1000, props: { depth: 75 } },
          { name: 'engaged', props: { seconds: 99999 } },
        ],
        {
          url: `http://localhost:3000/imoveis/${page.slug}?utm_source=Facebook&utm_medium=cpc&utm_campaign=Lançamento Junho&fbclid=abc123`,
          referrer: 'https://www.instagram.com/',
        },
      ),
      v,
    );
    expect(res.statusCode).toBe(202);
    const sessionId = res.json().session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const [s] = await sessionsOf(owner.realEstateId);
    expect(s).toMatchObject({
      id: sessionId,
      pageId: page.id,
      source: 'facebook',
      utmSource: 'facebook',
      utmMedium: 'cpc',
      utmCampaign: 'Lançamento Junho',
      fbclid: true,
      gclid: false,
      referrer: 'instagram.com',
      device: 'mobile',
      eventsCount: 3,
    });
    expect(s!.startedAt.getTime()).toBe(clock.getTime() - 4000);
    expect(s!.lastSeenAt.getTime()).toBe(clock.getTime());
    const events = await eventsOf(sessionId);
    expect(events.map((e) => [e.name, clock.getTime() - e.occurredAt.getTime(), e.props])).toEqual([
      ['pageview', 4000, null],
      ['scroll', 1000, { depth: 75 }],
      ['engaged', 0, { seconds: 1800 }], // clamped
    ]);
    // Nothing raw: neither the address nor the user agent appears in any stored row.
    const stored = JSON.stringify([s, events]);
    expect(stored).not.toContain(v.ip);
    expect(stored).not.toContain('Android');
    expect(s!.visitorHash).toHaveLength(22);
  });

  it('accepts JSON too; continues the session while the visitor is active and splits it after 30 idle minutes', async () => {
    const { owner, page } = await agency();
    const v = visitor(DESKTOP);
    const first = (
      await send(beacon(page.id, [{ name: 'pageview' }]), v, { contentType: 'application/json' })
    ).json().session_id;
    advance(29);
    const same = (await send(beacon(page.id, [{ name: 'scroll', props: { depth: 50 } }]), v)).json()
      .session_id;
    expect(same).toBe(first);
    advance(29);
    // 29 minutes after the last event: still the same session (idle is measured from the last event).
    expect(
      (await send(beacon(page.id, [{ name: 'engaged', props: { seconds: 12 } }]), v)).json().session_id,
    ).toBe(first);
    advance(31);
    const later = (await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id;
    expect(later).not.toBe(first);
    // Another visitor (other address) on the same page at the same time: a session of their own.
    const other = (await send(beacon(page.id, [{ name: 'pageview' }]), visitor(DESKTOP))).json().session_id;
    expect(other).not.toBe(later);
    const rows = await sessionsOf(owner.realEstateId);
    expect(rows.map((r) => r.eventsCount).sort()).toEqual([1, 1, 3]);
    expect(rows.every((r) => r.device === 'desktop' && r.source === 'direct')).toBe(true);
  });

  it('a session id from the tab continues it across midnight; salts older than yesterday are deleted', async () => {
    const { owner, page } = await agency();
    clock = new Date('2025-06-12T23:50:00-03:00');
    const v = visitor(IPAD);
    const id = (await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id;
    advance(20); // 00:10 of the 13th: a new salt, a new visitor id
    expect(
      (await send(beacon(page.id, [{ name: 'scroll', props: { depth: 25 } }], { session_id: id }), v)).json()
        .session_id,
    ).toBe(id);
    // without the tab's id, the new day's visitor id starts a new session
    expect((await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id).not.toBe(id);
    // someone else's session id is ignored
    const stranger = (
      await send(beacon(page.id, [{ name: 'pageview' }], { session_id: id }), visitor(IPAD))
    ).json().session_id;
    expect(stranger).not.toBe(id);
    expect((await sessionsOf(owner.realEstateId)).find((s) => s.id === id)!.device).toBe('tablet');
    advance(3 * 24 * 60);
    await send(beacon(page.id, [{ name: 'pageview' }]), v);
    // The 12th and 13th are gone. (On PostgreSQL the test files share one database: a file running on
    // the real clock may hold today's salt, which is newer than this test's days and rightly kept.)
    expect((await ctx.app.analytics.salts.days()).filter((day) => day <= '2025-06-16')).toEqual([
      '2025-06-16',
    ]);
    clock = new Date('2025-06-10T15:00:00-03:00');
  });

  it('drops bots quietly (202, nothing stored) and pages that are not public', async () => {
    const { owner, page } = await agency();
    const draft = await insertPage(ctx, owner.realEstateId, { status: 'draft' });
    const bots = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/125.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ];
    for (const ua of bots) {
      const res = await send(beacon(page.id, [{ name: 'pageview' }]), { ip: nextIp(), ua });
      expect(res.statusCode, ua).toBe(202);
      expect(res.json()).toEqual({ session_id: null });
    }
    expect((await send(beacon(draft.id, [{ name: 'pageview' }]), visitor())).json()).toEqual({
      session_id: null,
    });
    expect(await sessionsOf(owner.realEstateId)).toHaveLength(0);
  });

  it('refuses bad beacons with a 4xx naming the problem, never a 5xx, and strips control characters', async () => {
    const { owner, page } = await agency();
    const v = visitor();
    const cases: [unknown, number, string?][] = [
      ['{not json', 400],
      ['', 400],
      ['null', 422],
      ['[]', 422],
      [{ page_id: page.id }, 422, 'events'],
      [{ page_id: 'abc', events: [{ name: 'pageview' }] }, 422, 'page_id'],
      [{ page_id: page.id, events: [] }, 422, 'events'],
      [{ page_id: page.id, events: [{ name: 'hack' }] }, 422, 'events.0.name'],
      // Only the server records a lead (docs/product.md#analytics): a beacon cannot add one to the funnel.
      [{ page_id: page.id, events: [{ name: 'lead_submitted' }] }, 422, 'events.0.name'],
      [
        {
          page_id: page.id,
          events: [{ name: 'pageview' }, { name: 'lead_submitted', props: { lead_id: 'x' } }],
        },
        422,
        'events.1.name',
      ],
      [{ page_id: page.id, events: [{ name: 'pageview', ago: -5 }] }, 422, 'events.0.ago'],
      [{ page_id: page.id, events: [{ name: 'pageview', props: { a: { b: 1 } } }] }, 422],
      [{ page_id: page.id, events: [{ name: 'pageview', props: { ['x'.repeat(200)]: 1 } }] }, 422],
      [{ page_id: page.id, events: [{ name: 'pageview', props: { 'a\u0000': 1 } }] }, 422],
      [
        { page_id: page.id, events: Array.from({ length: 101 }, () => ({ name: 'pageview' })) },
        422,
        'events',
      ],
      [{ page_id: 2_147_483_647, events: [{ name: 'pageview' }] }, 404],
      [{ page_id: 1e308, events: [{ name: 'pageview' }] }, 422],
      ['{"page_id": 1e999, "events": [{"name": "pageview"}]}', 422],
      [{ page_id: page.id, url: 'x'.repeat(5000), events: [{ name: 'pageview' }] }, 422, 'url'],
    ];
    for (const [body, status, field] of cases) {
      const res = await send(body, v);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(/[a-zà-ú]/i);
      if (field)
        expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/public/events',
          payload: 'x',
          headers: { 'content-type': 'application/xml', 'user-agent': PHONE },
        })
      ).statusCode,
    ).toBe(415);
    // NUL and friends would break PostgreSQL text and jsonb: removed, the beacon kept.
    const dirty = await send(
      beacon(page.id, [{ name: 'pageview', props: { label: 'a\u0000b\u0007c' } }], {
        url: 'http://localhost:3000/imoveis/x?utm_campaign=a%00b',
        referrer: 'https://exa\u0000mple.com/',
      }),
      v,
    );
    expect(dirty.statusCode).toBe(202);
    const [e] = await eventsOf(dirty.json().session_id);
    expect(e!.props).toEqual({ label: 'abc' });
    expect((await sessionsOf(owner.realEstateId))[0]!.utmCampaign).toBe('ab');
  });

  it('answers 413 in Portuguese above 64 KB', async () => {
    const { page } = await agency();
    const big = JSON.stringify(
      beacon(page.id, [{ name: 'pageview', props: { pad: 'x'.repeat(400) } }], {
        url: `http://localhost:3000/?q=${'y'.repeat(4000)}`,
      }),
    ).padEnd(65 * 1024, ' ');
    const res = await send(big, visitor());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('O conteúdo enviado é grande demais.');
  });

  it('limits beacons per IP and minute (shared window in the database): 429 with Retry-After beyond it', async () => {
    const { owner, page } = await agency();
    const v = visitor();
    const results = await Promise.all(
      Array.from({ length: RATE_LIMIT + 5 }, () =>
        send(beacon(page.id, [{ name: 'scroll', props: { depth: 25 } }]), v),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(RATE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Muitos eventos seguidos/);
    // every accepted beacon is stored (one session: same visitor)
    const rows = await sessionsOf(owner.realEstateId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.eventsCount).toBe(RATE_LIMIT);
    // another address is not affected
    expect((await send(beacon(page.id, [{ name: 'pageview' }]), visitor())).statusCode).toBe(202);
  });
});

describe('leads and sessions', () => {
  const validLead = {
    name: 'Maria Souza',
    phone: '(11) 98888-7777',
    email: 'maria@exemplo.com.br',
    message: 'Quero visitar',
    consent: true,
  };
  const postLead = (slug: string, body: Record<string, unknown>, v: Visitor) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${slug}/leads`,
      payload: body,
      headers: { 'user-agent': v.ua },
      remoteAddress: v.ip,
    });

  it('the form names its session: the lead stores it, the session its lead, and a lead_submitted event joins the timeline', async () => {
    const { owner, page, c } = await agency();
    const v = visitor();
    const sessionId = (await send(beacon(page.id, [{ name: 'pageview' }, { name: 'form_start' }]), v)).json()
      .session_id;
    advance(2);
    const res = await postLead(page.slug, { ...validLead, session_id: sessionId }, v);
    expect(res.statusCode).toBe(201);
    const leadId = res.json().data.id;
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.sessionId).toBe(sessionId);
    const [s] = await ctx.database.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, sessionId));
    expect(s).toMatchObject({ leadId, eventsCount: 3, lastSeenAt: clock });
    expect((await eventsOf(sessionId)).map((e) => [e.name, e.props])).toEqual([
      ['pageview', null],
      ['form_start', null],
      ['lead_submitted', { lead_id: leadId }],
    ]);
    // both directions through the API
    expect((await c.get(`/v1/leads/${leadId}`)).json().data.session_id).toBe(sessionId);
    const timeline = (
      await c.get(`/v1/real-estates/${owner.realEstateId}/analytics/events?session_id=${sessionId}`)
    ).json();
    expect(timeline.session.lead_id).toBe(leadId);
  });

  it('without a session id the visitor’s open session is found; a foreign or made-up id is not kept', async () => {
    const { page } = await agency();
    const v = visitor(DESKTOP);
    const sessionId = (await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id;
    const plain = await postLead(page.slug, { ...validLead }, v);
    expect(
      (await ctx.database.db.select().from(leads).where(eq(leads.id, plain.json().data.id)))[0]!.sessionId,
    ).toBe(sessionId);

    const other = await agency('Outra imobiliária');
    const foreignSession = (await send(beacon(other.page.id, [{ name: 'pageview' }]), visitor())).json()
      .session_id;
    const stranger = visitor();
    for (const forged of [foreignSession, 'sess-inventada', '00000000-0000-4000-8000-000000000000']) {
      const res = await postLead(
        page.slug,
        { ...validLead, email: null, phone: '11 97777-6666', session_id: forged },
        stranger,
      );
      expect(res.statusCode).toBe(201);
      expect(
        (await ctx.database.db.select().from(leads).where(eq(leads.id, res.json().data.id)))[0]!.sessionId,
      ).toBeNull();
    }
    const [foreign] = await ctx.database.db
      .select()
      .from(analyticsSessions)
      .where(eq(analyticsSessions.id, foreignSession));
    expect(foreign!.leadId).toBeNull();
  });
});

describe('GET /v1/real-estates/{id}/analytics', () => {
  it('adds up: summary, previous period, series, breakdowns and funnel from the rollups match the raw events', async () => {
    const { owner, page, c } = await agency();
    const page2 = await insertPage(ctx, owner.realEstateId, { title: 'Apartamento no centro' });
    clock = new Date('2025-06-20T10:00:00-03:00');
    // A (phone, Facebook campaign): reads page 1, photos, WhatsApp, then page 2.
    const a = visitor(PHONE);
    const url = `http://localhost:3000/imoveis/${page.slug}?utm_source=facebook&utm_campaign=junho`;
    const aId = (
      await send(
        beacon(
          page.id,
          [
            { name: 'pageview' },
            { name: 'scroll', props: { depth: 75 } },
            { name: 'photo_view', props: { index: 2 } },
          ],
          { url },
        ),
        a,
      )
    ).json().session_id;
    advance(1);
    await send(
      beacon(page.id, [{ name: 'engaged', props: { seconds: 40 } }, { name: 'whatsapp_click' }], {
        url,
        session_id: aId,
      }),
      a,
    );
    await send(beacon(page2.id, [{ name: 'pageview' }], { session_id: aId }), a);
    // B (desktop, from Google): one pageview, gone — a bounce.
    const b = visitor(DESKTOP);
    await send(beacon(page.id, [{ name: 'pageview' }], { referrer: 'https://www.google.com.br/' }), b);
    // C (phone, direct): reads, starts the form, sends a lead (delivered to the CRM).
    const cV = visitor(PHONE);
    const cId = (
      await send(
        beacon(page2.id, [
          { name: 'pageview' },
          { name: 'engaged', props: { seconds: 20 } },
          { name: 'form_start' },
        ]),
        cV,
      )
    ).json().session_id;
    const lead = await leadFrom(page2.slug, cId, cV);
    await ctx.database.db.insert(deliveries).values({
      realEstateId: owner.realEstateId,
      leadId: lead,
      integration: 'webhook',
      status: 'delivered',
    });
    // Yesterday: one session (the previous period when asking for today only).
    advance(-24 * 60);
    await send(beacon(page.id, [{ name: 'pageview' }]), visitor(IPAD));
    advance(24 * 60);

    const res = await c.get(`/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-20&to=2025-06-20`);
    expect(res.statusCode).toBe(200);
    const body = analyticsResponseSchema.parse(res.json());
    expect(body.period).toEqual({
      from: '2025-06-20',
      to: '2025-06-20',
      previous_from: '2025-06-19',
      previous_to: '2025-06-19',
    });
    expect(body.summary).toEqual({
      visitors: 3,
      sessions: 3,
      pageviews: 4,
      leads: 1,
      conversion_rate: 0.3333,
      bounce_rate: 0.3333,
      avg_duration_seconds: 20,
    });
    expect(body.previous_summary).toMatchObject({
      visitors: 1,
      sessions: 1,
      pageviews: 1,
      leads: 0,
      bounce_rate: 1,
    });
    expect(body.series).toEqual([{ date: '2025-06-20', visitors: 3, sessions: 3, pageviews: 4, leads: 1 }]);
    expect(body.meta.total).toBe(3);
    expect(body.data.map((s) => s.id)).toContain(cId);
    const cRow = body.data.find((s) => s.id === cId)!;
    expect(cRow).toMatchObject({
      page: { id: page2.id, title: 'Apartamento no centro' },
      source: 'direct',
      device: 'mobile',
      events_count: 4,
      lead_id: lead,
    });

    const p1 = body.breakdowns.pages.find((p) => p.page.id === page.id)!;
    const p2 = body.breakdowns.pages.find((p) => p.page.id === page2.id)!;
    expect([p1.sessions, p1.visitors, p1.pageviews, p1.leads]).toEqual([2, 2, 2, 0]);
    expect([p2.sessions, p2.visitors, p2.pageviews, p2.leads]).toEqual([2, 2, 2, 1]);
    expect(
      body.breakdowns.sources.map((s) => [s.source, s.utm_campaign, s.sessions, s.label]).sort(),
    ).toEqual([
      ['direct', null, 1, 'Direto'],
      ['facebook', 'junho', 1, 'Facebook · junho'],
      ['google', null, 1, 'Google'],
    ]);
    expect(body.breakdowns.referrers.map((r) => [r.key, r.sessions]).sort()).toEqual([
      ['', 2],
      ['google.com.br', 1],
    ]);
    expect(body.breakdowns.devices.map((d) => [d.device, d.sessions, d.label]).sort()).toEqual([
      ['desktop', 1, 'Computador'],
      ['mobile', 2, 'Celular'],
    ]);
    const f1 = body.funnel.pages.find((p) => p.page.id === page.id)!;
    const f2 = body.funnel.pages.find((p) => p.page.id === page2.id)!;
    expect(f1).toMatchObject({ views: 2, engaged: 1, media: 1, contact: 1, leads: 0, delivered: 0 });
    expect(f2).toMatchObject({ views: 2, engaged: 1, media: 0, contact: 1, leads: 1, delivered: 1 });
    expect(body.funnel.total).toEqual({ views: 4, engaged: 2, media: 1, contact: 2, leads: 1, delivered: 1 });

    // Filters: one page (sessions that saw it), a source, a device.
    const onPage2 = analyticsResponseSchema.parse(
      (
        await c.get(
          `/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-20&to=2025-06-20&page_id=${page2.id}`,
        )
      ).json(),
    );
    expect(onPage2.summary).toMatchObject({
      sessions: 2,
      visitors: 2,
      pageviews: 2,
      leads: 1,
      conversion_rate: 0.5,
    });
    const google = analyticsResponseSchema.parse(
      (
        await c.get(
          `/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-20&to=2025-06-20&source=google`,
        )
      ).json(),
    );
    expect(google.summary).toMatchObject({ sessions: 1, pageviews: 1, leads: 0, bounce_rate: 1 });
    expect(google.data).toHaveLength(1);
    const desktop = analyticsResponseSchema.parse(
      (
        await c.get(
          `/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-20&to=2025-06-20&device=desktop`,
        )
      ).json(),
    );
    expect(desktop.summary.sessions).toBe(1);

    // New events after a read: the day is rebuilt on the next read.
    await send(beacon(page.id, [{ name: 'pageview' }]), visitor(DESKTOP));
    const again = analyticsResponseSchema.parse(
      (await c.get(`/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-20&to=2025-06-20`)).json(),
    );
    expect(again.summary.sessions).toBe(4);
    clock = new Date('2025-06-10T15:00:00-03:00');
  });

  it('one definition of a lead: the summary, its conversion and the funnel count the same leads, tracked visit or not', async () => {
    const { owner, page, c } = await agency('Imobiliária Um Só Número');
    clock = new Date('2025-06-21T10:00:00-03:00');
    const v = visitor(PHONE);
    const sessionId = (await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id;
    await leadFrom(page.slug, sessionId, v);
    await send(beacon(page.id, [{ name: 'pageview' }]), visitor(DESKTOP));
    // A lead whose visit the tracker never saw (an ad blocker): a lead all the same, as on Leads.
    const untracked = await ctx.app.inject({
      method: 'POST',
      url: `/v1/public/pages/${page.slug}/leads`,
      payload: { name: 'Sem Rastreio', phone: '(21) 97766-5544', consent: true },
      headers: { 'user-agent': DESKTOP },
      remoteAddress: nextIp(),
    });
    expect(untracked.statusCode).toBe(201);
    await ctx.database.db
      .update(leads)
      .set({ createdAt: clock })
      .where(eq(leads.id, untracked.json().data.id));
    const body = analyticsResponseSchema.parse(
      (await c.get(`/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-21&to=2025-06-21`)).json(),
    );
    expect(body.summary).toMatchObject({ sessions: 2, leads: 2, conversion_rate: 1 });
    expect(body.funnel.total.leads).toBe(body.summary.leads);
    expect(body.funnel.pages.find((p) => p.page.id === page.id)!.leads).toBe(2);
    // The Leads screen counts the same (this agency has no other lead).
    const listed = (await c.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json();
    expect(listed.meta.total).toBe(body.summary.leads);
  });

  it('breaks the period’s leads down by source, and by listing and source, with the summary’s count', async () => {
    const { owner, page, c } = await agency('Imobiliária Portais');
    const flat = await insertPage(ctx, owner.realEstateId, { title: 'Apartamento no portal' });
    clock = new Date('2025-06-22T10:00:00-03:00');
    let phone = 0;
    const lead = async (
      source: 'landing_page' | 'portal_zap' | 'portal_olx' | 'instagram',
      pageId: number | null,
      extra: { quarantined?: boolean; isTest?: boolean; at?: Date; listingCode?: string } = {},
    ) => {
      const { lead: row } = await captureLead(ctx.app.deps, {
        realEstateId: owner.realEstateId,
        source,
        pageId,
        name: `Lead ${source}`,
        phone: `1198877${String(++phone).padStart(4, '0')}`,
        consent: true,
        listingCode: extra.listingCode ?? null,
        quarantined: extra.quarantined ?? false,
        quarantineReason: extra.quarantined ? 'teste' : null,
        isTest: extra.isTest ?? false,
      });
      await ctx.database.db
        .update(leads)
        .set({ createdAt: extra.at ?? clock })
        .where(eq(leads.id, row.id));
    };
    await lead('landing_page', page.id);
    await lead('landing_page', page.id);
    await lead('portal_zap', page.id);
    await lead('portal_zap', flat.id);
    await lead('portal_zap', flat.id);
    await lead('portal_olx', flat.id);
    await lead('portal_olx', null, { listingCode: 'NAO-EXISTE' });
    await lead('instagram', null);
    // Not leads of the period: quarantined, a test, the day before.
    await lead('portal_zap', flat.id, { quarantined: true });
    await lead('portal_zap', flat.id, { isTest: true });
    await lead('portal_zap', flat.id, { at: new Date('2025-06-21T10:00:00-03:00') });

    const body = analyticsResponseSchema.parse(
      (await c.get(`/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-22&to=2025-06-22`)).json(),
    );
    expect(body.lead_sources.total).toEqual([
      { source: 'portal_zap', leads: 3 },
      { source: 'landing_page', leads: 2 },
      { source: 'portal_olx', leads: 2 },
      { source: 'instagram', leads: 1 },
    ]);
    expect(body.lead_sources.total.reduce((n, s) => n + s.leads, 0)).toBe(body.summary.leads);
    // A tie by page id; the leads without a page (no listing, or a code that matched none) last.
    expect(body.lead_sources.pages).toEqual([
      {
        page: { id: page.id, title: 'Casa com piscina' },
        leads: 3,
        by_source: [
          { source: 'landing_page', leads: 2 },
          { source: 'portal_zap', leads: 1 },
        ],
      },
      {
        page: { id: flat.id, title: 'Apartamento no portal' },
        leads: 3,
        by_source: [
          { source: 'portal_zap', leads: 2 },
          { source: 'portal_olx', leads: 1 },
        ],
      },
      {
        page: null,
        leads: 2,
        by_source: [
          { source: 'portal_olx', leads: 1 },
          { source: 'instagram', leads: 1 },
        ],
      },
    ]);
    // The page filter keeps that listing's leads alone.
    const one = analyticsResponseSchema.parse(
      (
        await c.get(
          `/v1/real-estates/${owner.realEstateId}/analytics?from=2025-06-22&to=2025-06-22&page_id=${flat.id}`,
        )
      ).json(),
    );
    expect(one.lead_sources.total).toEqual([
      { source: 'portal_zap', leads: 2 },
      { source: 'portal_olx', leads: 1 },
    ]);
    clock = new Date('2025-06-10T15:00:00-03:00');
  });

  it('rollups equal a direct count over random traffic (30 days, many visitors)', async () => {
    const { owner, page, c } = await agency();
    const pages = [
      page,
      await insertPage(ctx, owner.realEstateId),
      await insertPage(ctx, owner.realEstateId),
    ];
    const start = new Date('2025-05-01T08:00:00-03:00');
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const names = ['pageview', 'scroll', 'engaged', 'photo_view', 'whatsapp_click', 'form_start'] as const;
    for (let i = 0; i < 60; i++) {
      clock = new Date(start.getTime() + rnd(30) * 86_400_000 + rnd(600) * 60_000);
      const v = { ip: `198.18.${rnd(4)}.${rnd(6)}`, ua: [PHONE, DESKTOP, IPAD][rnd(3)]! };
      const p = pages[rnd(3)]!;
      const events: AnalyticsBeacon['events'] = [{ name: 'pageview' }];
      for (let k = rnd(4); k > 0; k--) {
        const name = names[rnd(names.length)]!;
        events.push({
          name,
          props:
            name === 'scroll'
              ? { depth: 25 * (1 + rnd(4)) }
              : name === 'engaged'
                ? { seconds: rnd(60) }
                : undefined,
        });
      }
      const ref = ['', 'https://www.google.com/', 'https://l.facebook.com/'][rnd(3)];
      expect(
        (
          await send(
            beacon(p.id, events, {
              referrer: ref,
              url: rnd(4) ? undefined : 'http://localhost:3000/x?utm_source=newsletter&utm_campaign=maio',
            }),
            v,
          )
        ).statusCode,
      ).toBe(202);
    }
    clock = new Date('2025-05-30T23:00:00-03:00');
    // Rebuilders racing for the same days (the worker's timer, a dashboard, another replica) take turns.
    const { rollups } = ctx.app.analytics;
    await Promise.all([
      rollups.refreshAll(),
      rollups.refreshAll(),
      rollups.refresh(owner.realEstateId, '2025-05-01', '2025-05-30'),
    ]);
    const body = analyticsResponseSchema.parse(
      (
        await c.get(
          `/v1/real-estates/${owner.realEstateId}/analytics?from=2025-05-01&to=2025-05-30&per_page=5`,
        )
      ).json(),
    );
    const [direct] = rowsOf<Record<string, unknown>>(
      await ctx.database.db.execute(sql`
        select count(*)::int as sessions,
          count(distinct (visitor_hash, (started_at at time zone 'America/Sao_Paulo')::date))::int as visitors,
          (select count(*)::int from analytics_events e join analytics_sessions s2 on s2.id = e.session_id where s2.real_estate_id = ${owner.realEstateId} and e.name = 'pageview') as pageviews,
          (select coalesce(sum((e.props->>'seconds')::int), 0)::int from analytics_events e join analytics_sessions s2 on s2.id = e.session_id where s2.real_estate_id = ${owner.realEstateId} and e.name = 'engaged') as seconds
        from analytics_sessions where real_estate_id = ${owner.realEstateId}`),
    );
    expect(body.summary.sessions).toBe(direct!.sessions);
    expect(body.summary.visitors).toBe(direct!.visitors);
    expect(body.summary.pageviews).toBe(direct!.pageviews);
    expect(body.summary.avg_duration_seconds).toBe(
      Math.round(Number(direct!.seconds) / Number(direct!.sessions)),
    );
    expect(body.series).toHaveLength(30);
    expect(body.series.reduce((n, d) => n + d.sessions, 0)).toBe(direct!.sessions);
    expect(body.breakdowns.devices.reduce((n, d) => n + d.sessions, 0)).toBe(direct!.sessions);
    expect(body.breakdowns.sources.reduce((n, d) => n + d.sessions, 0)).toBe(direct!.sessions);
    expect(body.meta).toMatchObject({ total: direct!.sessions, per_page: 5, current_page: 1 });
    // The dashboard rebuilt every dirty day it covers.
    const dirty = rowsOf(
      await ctx.database.db.execute(
        sql`select 1 from analytics_dirty_days where real_estate_id = ${owner.realEstateId}`,
      ),
    );
    expect(dirty).toHaveLength(0);
    clock = new Date('2025-06-10T15:00:00-03:00');
  });

  it('validates the period and filters (422 in Portuguese); the default is the last 30 days', async () => {
    const { owner, c } = await agency();
    const url = `/v1/real-estates/${owner.realEstateId}/analytics`;
    const body = analyticsResponseSchema.parse((await c.get(url)).json());
    expect(body.period).toEqual({
      from: '2025-05-12',
      to: '2025-06-10',
      previous_from: '2025-04-12',
      previous_to: '2025-05-11',
    });
    expect(body.series).toHaveLength(30);
    expect(body.data).toEqual([]);
    expect(body.summary).toEqual({
      visitors: 0,
      sessions: 0,
      pageviews: 0,
      leads: 0,
      conversion_rate: 0,
      bounce_rate: 0,
      avg_duration_seconds: 0,
    });
    for (const [q, field] of [
      ['from=2025-06-10&to=2025-06-01', 'from'],
      ['from=2020-01-01&to=2025-06-01', 'from'],
      ['from=ontem', 'from'],
      ['device=smart-tv', 'device'],
      ['page_id=abc', 'page_id'],
      ['per_page=1000', 'per_page'],
    ]) {
      const res = await c.get(`${url}?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
    expect(addDays('2025-06-10', -29)).toBe('2025-05-12');
  });

  it('tenancy: another agency’s analytics and sessions answer 404; an agent of the agency reads them', async () => {
    const mine = await agency();
    const theirs = await agency('Concorrente');
    const sessionId = (await send(beacon(theirs.page.id, [{ name: 'pageview' }]), visitor())).json()
      .session_id;
    for (const path of [
      `/v1/real-estates/${theirs.owner.realEstateId}/analytics`,
      `/v1/real-estates/${theirs.owner.realEstateId}/analytics/events`,
      `/v1/real-estates/${mine.owner.realEstateId}/analytics/events?session_id=${sessionId}`,
      `/v1/real-estates/${mine.owner.realEstateId}/analytics/events?session_id=nao-e-uuid`,
    ]) {
      expect((await mine.c.get(path)).statusCode, path).toBe(404);
    }
    const events = (await mine.c.get(`/v1/real-estates/${mine.owner.realEstateId}/analytics/events`)).json();
    expect(events.data).toEqual([]);
    const agent = await addMember(ctx, theirs.owner.realEstateId, 'agent');
    const a = new TestClient(ctx.app);
    await a.login(agent.email);
    expect((await a.get(`/v1/real-estates/${theirs.owner.realEstateId}/analytics`)).statusCode).toBe(200);
    const timeline = await a.get(
      `/v1/real-estates/${theirs.owner.realEstateId}/analytics/events?session_id=${sessionId}`,
    );
    expect(timeline.statusCode).toBe(200);
    expect(analyticsEventsResponseSchema.parse(timeline.json()).session!.pages).toEqual([
      { id: theirs.page.id, title: 'Casa com piscina' },
    ]);
    expect(
      (await new TestClient(ctx.app).get(`/v1/real-estates/${theirs.owner.realEstateId}/analytics`))
        .statusCode,
    ).toBe(401);
  });
});

describe('an agent who sees only their own leads', () => {
  it('reads their own lead figures (summary, previous, series, pages, funnel, sessions’ lead); visits stay the agency’s', async () => {
    const { owner, page, c } = await agency('Imobiliária Escopo');
    const other = await insertPage(ctx, owner.realEstateId, { title: 'Sala comercial' });
    const ana = await addMember(ctx, owner.realEstateId, 'agent');
    const bia = await addMember(ctx, owner.realEstateId, 'agent');
    // three visits, each with a lead: Ana's on the first page, Bia's and nobody's on the other
    const visit = async (pageId: number, slug: string) => {
      const v = visitor();
      const sessionId = (await send(beacon(pageId, [{ name: 'pageview' }]), v)).json().session_id as string;
      advance(1);
      return { sessionId, leadId: await leadFrom(slug, sessionId, v) };
    };
    const mine = await visit(page.id, page.slug);
    const bias = await visit(other.id, other.slug);
    const nobodys = await visit(other.id, other.slug);
    await ctx.database.db.update(leads).set({ assignedUserId: ana.userId }).where(eq(leads.id, mine.leadId));
    await ctx.database.db.update(leads).set({ assignedUserId: bia.userId }).where(eq(leads.id, bias.leadId));

    const url = `/v1/real-estates/${owner.realEstateId}/analytics`;
    const all = analyticsResponseSchema.parse((await c.get(url)).json());
    expect(all.summary).toMatchObject({ sessions: 3, leads: 3 });

    const a = new TestClient(ctx.app);
    await a.login(ana.email);
    const res = await a.get(url);
    expect(res.statusCode).toBe(200);
    const own = analyticsResponseSchema.parse(res.json());
    // visits are the agency's: not per agent
    expect(own.summary).toMatchObject({
      visitors: all.summary.visitors,
      sessions: 3,
      pageviews: all.summary.pageviews,
      leads: 1,
    });
    expect(own.summary.conversion_rate).toBeCloseTo(1 / 3, 3);
    expect(own.series.reduce((n, d) => n + d.leads, 0)).toBe(1);
    const leadsByPage = Object.fromEntries(own.breakdowns.pages.map((p) => [p.page.id, p.leads]));
    expect(leadsByPage).toEqual({ [page.id]: 1, [other.id]: 0 });
    expect(own.breakdowns.devices.reduce((n, d) => n + d.leads, 0)).toBe(1);
    expect(own.funnel.total.leads).toBe(1);
    // a session links only her lead
    const linked = own.data.filter((s) => s.lead_id !== null).map((s) => s.lead_id);
    expect(linked).toEqual([mine.leadId]);
    expect(nobodys.leadId).not.toBe(mine.leadId);

    // once the agency lets agents see every lead, she reads the agency's figures
    await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, { agents_see_all_leads: true });
    const everything = analyticsResponseSchema.parse((await a.get(url)).json());
    expect(everything.summary.leads).toBe(3);
    expect(everything.funnel.total.leads).toBe(3);
  });

  it('the session timeline and the events list hide another member’s lead (lead_id null) from her; her own lead shows', async () => {
    const { owner, page, c } = await agency('Imobiliária Linha do Tempo');
    const ana = await addMember(ctx, owner.realEstateId, 'agent');
    const bia = await addMember(ctx, owner.realEstateId, 'agent');
    const visit = async () => {
      const v = visitor();
      const sessionId = (await send(beacon(page.id, [{ name: 'pageview' }]), v)).json().session_id as string;
      advance(1);
      return { sessionId, leadId: await leadFrom(page.slug, sessionId, v) };
    };
    const mine = await visit();
    const bias = await visit();
    const nobodys = await visit();
    await ctx.database.db.update(leads).set({ assignedUserId: ana.userId }).where(eq(leads.id, mine.leadId));
    await ctx.database.db.update(leads).set({ assignedUserId: bia.userId }).where(eq(leads.id, bias.leadId));
    const base = `/v1/real-estates/${owner.realEstateId}/analytics/events`;
    const timeline = async (client: TestClient, sessionId: string) => {
      const res = await client.get(`${base}?session_id=${sessionId}`);
      expect(res.statusCode).toBe(200);
      const body = analyticsEventsResponseSchema.parse(res.json());
      const submitted = body.data.find((e) => e.name === 'lead_submitted');
      return { lead: body.session?.lead_id, prop: submitted?.props.lead_id ?? null };
    };
    const leadIdsIn = async (client: TestClient) =>
      analyticsEventsResponseSchema
        .parse((await client.get(`${base}?name=lead_submitted`)).json())
        .data.map((e) => e.props.lead_id ?? null);

    // the owner sees every session's lead
    expect(await timeline(c, bias.sessionId)).toEqual({ lead: bias.leadId, prop: bias.leadId });

    const a = new TestClient(ctx.app);
    await a.login(ana.email);
    expect(await timeline(a, mine.sessionId)).toEqual({ lead: mine.leadId, prop: mine.leadId });
    expect(await timeline(a, bias.sessionId)).toEqual({ lead: null, prop: null });
    expect(await timeline(a, nobodys.sessionId)).toEqual({ lead: null, prop: null });
    // nor does the events list name them
    expect((await leadIdsIn(a)).sort()).toEqual([mine.leadId, null, null].sort());

    // once the agency lets agents see every lead, she reads them all
    await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, { agents_see_all_leads: true });
    expect(await timeline(a, bias.sessionId)).toEqual({ lead: bias.leadId, prop: bias.leadId });
    expect(await timeline(a, nobodys.sessionId)).toEqual({ lead: nobodys.leadId, prop: nobodys.leadId });
  });
});

describe('GET /v1/real-estates/{id}/analytics/events', () => {
  it('lists events newest first with filters; with session_id, the timeline oldest first and the session’s facts', async () => {
    const { owner, page, c } = await agency();
    const page2 = await insertPage(ctx, owner.realEstateId, { title: 'Segundo imóvel' });
    const v = visitor();
    const id = (
      await send(
        beacon(page.id, [
          { name: 'pageview', ago: 3000 },
          { name: 'scroll', ago: 2000, props: { depth: 50 } },
          { name: 'engaged', ago: 1000, props: { seconds: 15 } },
        ]),
        v,
      )
    ).json().session_id;
    advance(1);
    await send(beacon(page2.id, [{ name: 'pageview' }, { name: 'phone_click' }], { session_id: id }), v);
    const base = `/v1/real-estates/${owner.realEstateId}/analytics/events`;

    const all = analyticsEventsResponseSchema.parse((await c.get(base)).json());
    expect(all.data.map((e) => e.name)).toEqual(['phone_click', 'pageview', 'engaged', 'scroll', 'pageview']);
    expect(all.session).toBeUndefined();
    const pageviews = analyticsEventsResponseSchema.parse(
      (await c.get(`${base}?name=pageview&page_id=${page2.id}`)).json(),
    );
    expect(pageviews.data).toHaveLength(1);

    const timeline = analyticsEventsResponseSchema.parse(
      (await c.get(`${base}?session_id=${id}&per_page=2`)).json(),
    );
    expect(timeline.data.map((e) => e.name)).toEqual(['pageview', 'scroll']);
    expect(timeline.meta).toMatchObject({ total: 5, last_page: 3 });
    expect(timeline.data[1]!.props).toEqual({ depth: 50 });
    expect(timeline.session).toMatchObject({
      id,
      page: { id: page.id, title: 'Casa com piscina' },
      pages: [
        { id: page.id, title: 'Casa com piscina' },
        { id: page2.id, title: 'Segundo imóvel' },
      ],
      pageviews: 2,
      engaged_seconds: 15,
      max_scroll: 50,
      events_count: 5,
      duration_seconds: 63,
      device: 'mobile',
    });
    expect((await c.get(`${base}?name=qualquer`)).statusCode).toBe(422);
  });
});
