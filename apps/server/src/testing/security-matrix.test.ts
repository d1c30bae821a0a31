/**
 * The trust matrix (docs/product.md#targets) over every route of the OpenAPI document, so a new route is
 * covered (or makes this test fail until it is): another agency's ids answer 404 and change nothing; a state-
 * changing console call without the CSRF token answers 419; an agent gets 403 where the role is not allowed
 * (docs/product.md#roles).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  catalogImports,
  customDomains,
  deliveries,
  inboundRequests,
  leadSources,
  leads,
  memberships,
  pages,
  users,
  videos,
} from '../db/schema.ts';
import { captureLead } from '../modules/leads/index.ts';
import { listPreferences } from '../modules/preferences/testing/index.ts';
import {
  PNG_1X1,
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  multipart,
  type TestContext,
} from './test-app.ts';

let ctx: TestContext;
let routes: [method: string, path: string][];
const ids: Record<string, string> = {};
let victim: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => [m.toUpperCase(), p] as [string, string]),
  );

  victim = await createOwner(ctx, 'Vítima');
  const page = await insertPage(ctx, victim.realEstateId, { title: 'Página da vítima' });
  const { lead } = await captureLead(ctx.app.deps, {
    realEstateId: victim.realEstateId,
    pageId: page.id,
    name: 'Lead da vítima',
    phone: '11988887777',
    consent: true,
  });
  const [delivery] = await ctx.database.db
    .insert(deliveries)
    .values({ realEstateId: victim.realEstateId, leadId: lead.id, integration: 'webhook', status: 'failed' })
    .returning();
  const [imp] = await ctx.database.db
    .insert(catalogImports)
    .values({ realEstateId: victim.realEstateId, status: 'done' })
    .returning();
  const [video] = await ctx.database.db
    .insert(videos)
    .values({
      realEstateId: victim.realEstateId,
      pageId: page.id,
      source: 'upload',
      status: 'pending_upload',
    })
    .returning();
  const victimPrefs = await listPreferences(ctx.app.deps, victim.realEstateId);
  const [domain] = await ctx.database.db
    .insert(customDomains)
    .values({ realEstateId: victim.realEstateId, hostname: 'imoveis.vitima.com.br', verificationToken: 'x' })
    .returning();
  // Team (docs/product.md#team): a member of the victim's agency and a pending invitation.
  const [invitee] = await ctx.database.db
    .insert(users)
    .values({ name: '', email: 'convidado.vitima@teste.com.br', passwordHash: '' })
    .returning();
  // The team API names a pending invitation by its own id, never the invited account's (decision 018).
  const [invitation] = await ctx.database.db
    .insert(memberships)
    .values({
      realEstateId: victim.realEstateId,
      userId: invitee!.id,
      role: 'agent',
      status: 'invited',
      invitedAt: new Date(),
      joinedAt: null,
      inviteTokenHash: 'hash-da-vitima',
      inviteExpiresAt: new Date(Date.now() + 86_400_000),
      inviteId: invitee!.id + 1_000_000,
    })
    .returning({ inviteId: memberships.inviteId });
  // The lead API's key of the victim (docs/lead-api.md).
  const [apiKey] = await ctx.database.db
    .insert(apiKeys)
    .values({ realEstateId: victim.realEstateId, name: 'Site', prefix: 'vk_live_abcd', tokenHash: 'x' })
    .returning();
  // Lead sources (docs/product.md#lead-sources): the victim's Grupo OLX source and a refused push.
  await ctx.database.db
    .insert(leadSources)
    .values({ realEstateId: victim.realEstateId, channel: 'grupo_zap', publicId: 'vitima-zap' });
  const [inbound] = await ctx.database.db
    .insert(inboundRequests)
    .values({
      realEstateId: victim.realEstateId,
      channel: 'grupo_zap',
      outcome: 'refused',
      httpStatus: 422,
      reason: 'clientListingId ausente.',
      body: { name: 'Lead recusado da vítima', phone: '11988887777' },
    })
    .returning();
  Object.assign(ids, {
    '/v1/inbound-requests/{id}': inbound!.id,
    '/v1/users/{id}': String(invitation!.inviteId),
    userId: String(invitation!.inviteId),
    '/v1/preferences/{id}': String(victimPrefs[0]!.id),
    '/v1/videos/{id}': video!.id,
    '/v1/real-estates/{id}': String(victim.realEstateId),
    '/v1/pages/{id}': String(page.id),
    '/v1/leads/{id}': lead.id,
    '/v1/deliveries/{id}': delivery!.id,
    '/v1/imports/{id}': imp!.id,
    photoId: 'p1',
    domainId: String(domain!.id),
    keyId: String(apiKey!.id),
  });
});
afterAll(async () => {
  await ctx?.close();
});

/** The concrete URL of a route, with the victim's ids. */
function urlFor(path: string): string {
  const prefix = Object.keys(ids).find((k) => k.startsWith('/') && path.startsWith(k));
  let url = path;
  if (prefix) url = url.replace('{id}', ids[prefix]!);
  return url
    .replace('{photoId}', ids.photoId!)
    .replace('{userId}', ids.userId!)
    .replace('{domainId}', ids.domainId!)
    .replace('{keyId}', ids.keyId!)
    .replace('{channel}', 'grupo_zap')
    .replace('{publicId}', 'vitima-zap');
}

/** Bodies that pass validation, so that what answers is the tenancy check, not the schema. */
function bodyFor(
  method: string,
  path: string,
): { body?: string | Buffer | Record<string, unknown>; headers?: Record<string, string> } {
  const key = `${method} ${path}`;
  const photo = multipart({}, [{ name: 'photo', filename: 'f.png', type: 'image/png', content: PNG_1X1 }]);
  const table: Record<string, ReturnType<typeof bodyFor>> = {
    'PUT /v1/real-estates/{id}': { body: { name: 'Invadida' } },
    'POST /v1/real-estates/{id}': { body: { _method: 'PUT', name: 'Invadida' } },
    'PUT /v1/real-estates/{id}/integrations': { body: { name: 'arbo', payload: { api_key: 'invasor' } } },
    'POST /v1/real-estates/{id}/pages': { body: { page: { title: 'Invasora' } } },
    'PUT /v1/pages/{id}': { body: { title: 'Invadida' } },
    'POST /v1/pages/{id}/preview': { body: { title: 'Espiada' } },
    'POST /v1/pages/{id}/photos': { body: photo.body, headers: photo.headers },
    'PUT /v1/pages/{id}/photos': { body: { order: ['p1'] } },
    'PATCH /v1/leads/{id}': { body: { status: 'perdido' } },
    'POST /v1/real-estates/{id}/users': { body: { email: 'invasor@teste.com.br', role: 'agent' } },
    'PUT /v1/real-estates/{id}/users/{userId}': { body: { role: 'admin' } },
    'PUT /v1/real-estates/{id}/team-settings': { body: { rotation_enabled: true } },
    'PUT /v1/leads/{id}/assignee': { body: { user_id: null } },
    'PUT /v1/preferences/{id}': { body: { value: ['invasor@exemplo.com.br'] } },
    'PUT /v1/real-estates/{id}/subscription': { body: { plan: 'imobiliaria' } },
    'POST /v1/pages/{id}/videos/generate-upload-url': { body: { file_type: 'video/mp4' } },
    'POST /v1/pages/{id}/videos/from-url': { body: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    'POST /v1/real-estates/{id}/privacy/search': { body: { phone: '11988887777' } },
    'POST /v1/real-estates/{id}/privacy/export': { body: { phone: '11988887777' } },
    'POST /v1/real-estates/{id}/privacy/erase': { body: { phone: '11988887777' } },
    'PUT /v1/real-estates/{id}/privacy/retention': {
      body: { analytics_months: 1, delivery_bodies_months: 1 },
    },
    'POST /v1/real-estates/{id}/domains': { body: { hostname: 'imoveis.invasor.com.br' } },
    'PUT /v1/real-estates/{id}/lead-sources/meta': {
      body: { page_id: '104738291234567', page_access_token: 'EAAGinvasor0123456789abcdef' },
    },
    'PUT /v1/real-estates/{id}/lead-sources/meta/forms': { body: { forms: [] } },
    'POST /v1/real-estates/{id}/lead-sources/meta/oauth/page': { body: { page_id: '104738291234567' } },
    'POST /v1/real-estates/{id}/api-keys': { body: { name: 'Invasora' } },
    'PUT /v1/real-estates/{id}/conversions': { body: { notice_confirmed: true } },
    'PUT /v1/real-estates/{id}/feeds/{channel}': { body: { highlight_quotas: {} } },
    'POST /v1/real-estates/{id}/feeds/listing-codes': { body: {} },
    'PUT /v1/pages/{id}/channels': { body: { channels: {} } },
    'PUT /v1/real-estates/{id}/page-channels': {
      body: { ids: [1], channel: 'grupo_zap', publish: true },
    },
  };
  return table[key] ?? {};
}

const isTenantScoped = (path: string) => path.includes('{id}');
const stateChanging = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

describe('tenancy: another agency’s ids', () => {
  it('every tenant-scoped route answers 404 and nothing of the victim changes', async () => {
    const attacker = await createOwner(ctx, 'Atacante');
    const c = new TestClient(ctx.app);
    await c.login(attacker.email);
    const scoped = routes.filter(([, p]) => isTenantScoped(p));
    expect(scoped.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const [method, path] of scoped) {
      const { body, headers } = bodyFor(method, path);
      const res = await c.request(method as 'GET', urlFor(path), {
        body: body as Record<string, unknown>,
        headers,
      });
      if (res.statusCode !== 404)
        wrong.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);

    // routes without the id in the path: the bulk delete and the import name the victim in the body
    const many = await c.delete('/v1/pages/many', { ids: [Number(ids['/v1/pages/{id}'])] });
    expect(many.statusCode).toBe(200);
    expect(many.json().data.deleted).toBe(0);
    const form = multipart({ real_estate_id: ids['/v1/real-estates/{id}']! }, [
      {
        name: 'catalog',
        filename: 'c.csv',
        type: 'text/csv',
        content: Buffer.from('home_listing_id,name\n1,Casa\n'),
      },
    ]);
    expect((await c.post('/v1/pages/import/facebook-catalog', form.body, form.headers)).statusCode).toBe(404);

    const [page] = await ctx.database.db
      .select()
      .from(pages)
      .where(eq(pages.id, Number(ids['/v1/pages/{id}'])));
    expect(page).toMatchObject({ title: 'Página da vítima', status: 'published' });
    expect(page!.photos).toHaveLength(1);
    const [video] = await ctx.database.db.select().from(videos).where(eq(videos.id, ids['/v1/videos/{id}']!));
    expect(video!.status).toBe('pending_upload');
    expect(await ctx.database.db.select().from(videos).where(eq(videos.pageId, page!.id))).toHaveLength(1);
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, ids['/v1/leads/{id}']!));
    expect(lead).toMatchObject({ status: 'novo', name: 'Lead da vítima', phone: '11988887777' });
    const [d] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, ids['/v1/deliveries/{id}']!));
    expect(d!.status).toBe('failed');
    const [key] = await ctx.database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, Number(ids.keyId)));
    expect(key!.revokedAt).toBeNull();
    const victimClient = new TestClient(ctx.app);
    await victimClient.login(victim.email);
    const integrations = (
      await victimClient.get(`/v1/real-estates/${victim.realEstateId}/integrations`)
    ).json().data.integrations;
    expect(integrations.every((i: { is_active: boolean }) => !i.is_active)).toBe(true);
    expect((await victimClient.get(`/v1/real-estates/${victim.realEstateId}`)).json().data.name).toBe(
      'Vítima',
    );
  });
});

describe('CSRF: every state-changing console call without the token', () => {
  it('answers 419', async () => {
    const c = new TestClient(ctx.app);
    await c.login(victim.email);
    const calls = routes.filter(
      ([m, p]) =>
        stateChanging(m) &&
        p.startsWith('/v1/') &&
        !p.startsWith('/v1/public/') &&
        !TOKEN_AUTH.includes(`${m} ${p}`),
    );
    expect(calls.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const [method, path] of calls) {
      const { body, headers } = bodyFor(method, path);
      const res = await c.request(method as 'POST', urlFor(path), {
        body: body as Record<string, unknown>,
        headers,
        csrf: false,
      });
      if (res.statusCode !== 419) wrong.push(`${method} ${path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Roles (docs/product.md#roles): an agent (corretor) works dashboard, pages and videos, leads and analytics;
 * not users, integrations, preferences, subscription or the agency profile. Decided as well: the
 * CSV export of every lead and the replay of a delivery to the CRM are manager-only too (the agent
 * sees leads and their delivery status in the console, but neither bulk-exports them nor resends).
 * Every route of the document is in one list or the other, so a new route fails here until classified.
 */
const MANAGER_ONLY = [
  // Ad conversions (docs/product.md#ad-conversions): the platforms' tokens and what is sent to them.
  'GET /v1/real-estates/{id}/conversions',
  'PUT /v1/real-estates/{id}/conversions',
  'POST /v1/real-estates/{id}/conversions/meta/test',
  'POST /v1/real-estates/{id}/conversions/google-ads/test',
  'POST /v1/real-estates/{id}/conversions/google/rotate',
  'GET /v1/real-estates/{id}/conversions/sends',
  // Listing feeds (docs/product.md#feeds): the feed addresses, their tokens and the highlight quotas.
  'GET /v1/real-estates/{id}/feeds',
  'PUT /v1/real-estates/{id}/feeds/{channel}',
  'POST /v1/real-estates/{id}/feeds/{channel}/rotate-token',
  'POST /v1/real-estates/{id}/feeds/listing-codes',
  // Lead sources hold the portal's secret and replay requests into leads (docs/product.md#lead-sources).
  'GET /v1/real-estates/{id}/lead-sources',
  'POST /v1/real-estates/{id}/lead-sources/{channel}',
  'DELETE /v1/real-estates/{id}/lead-sources/{channel}',
  'POST /v1/real-estates/{id}/lead-sources/{channel}/rotate-secret',
  'POST /v1/real-estates/{id}/lead-sources/{channel}/test-lead',
  'GET /v1/real-estates/{id}/inbound-requests',
  'GET /v1/inbound-requests/{id}',
  'POST /v1/inbound-requests/{id}/replay',
  'GET /v1/real-estates/{id}/lead-sources/meta',
  'PUT /v1/real-estates/{id}/lead-sources/meta',
  'DELETE /v1/real-estates/{id}/lead-sources/meta',
  'GET /v1/real-estates/{id}/lead-sources/meta/forms',
  'PUT /v1/real-estates/{id}/lead-sources/meta/forms',
  'POST /v1/real-estates/{id}/lead-sources/meta/oauth',
  'DELETE /v1/real-estates/{id}/lead-sources/meta/oauth',
  'POST /v1/real-estates/{id}/lead-sources/meta/oauth/page',
  'GET /v1/real-estates/{id}/integrations',
  'PUT /v1/real-estates/{id}/integrations',
  'GET /v1/real-estates/{id}/integrations/test',
  'POST /v1/real-estates/{id}/integrations/test-lead',
  'GET /v1/real-estates/{id}/integrations/webhook/secret',
  'POST /v1/real-estates/{id}/integrations/webhook/secret/rotate',
  'PUT /v1/real-estates/{id}',
  'POST /v1/real-estates/{id}',
  'GET /v1/real-estates/{id}/leads/export',
  'POST /v1/deliveries/{id}/replay',
  // Team (docs/product.md#team): users, invitations, lead distribution, the audit log and assigning leads.
  'GET /v1/real-estates/{id}/users',
  'POST /v1/real-estates/{id}/users',
  'PUT /v1/real-estates/{id}/users/{userId}',
  'DELETE /v1/real-estates/{id}/users/{userId}',
  'POST /v1/users/{id}/resend-invite',
  'GET /v1/real-estates/{id}/team-settings',
  'PUT /v1/real-estates/{id}/team-settings',
  'GET /v1/real-estates/{id}/audit-log',
  'PUT /v1/leads/{id}/assignee',
  'GET /v1/real-estates/{id}/preferences',
  'PUT /v1/preferences/{id}',
  'GET /v1/real-estates/{id}/subscription',
  'PUT /v1/real-estates/{id}/subscription',
  'POST /v1/real-estates/{id}/subscription/cancel',
  // Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): a person's
  // data, its export and erasure, the log, retention.
  'POST /v1/real-estates/{id}/privacy/search',
  'POST /v1/real-estates/{id}/privacy/export',
  'POST /v1/real-estates/{id}/privacy/erase',
  'GET /v1/real-estates/{id}/privacy/requests',
  'GET /v1/real-estates/{id}/privacy/retention',
  'PUT /v1/real-estates/{id}/privacy/retention',
  // An agency's own domain for its landing pages (docs/decisions/017-landing-origin.md).
  'GET /v1/real-estates/{id}/domains',
  'POST /v1/real-estates/{id}/domains',
  'POST /v1/real-estates/{id}/domains/{domainId}/verify',
  'DELETE /v1/real-estates/{id}/domains/{domainId}',
  // The lead API's keys (docs/lead-api.md): they send leads into the agency's CRMs.
  'GET /v1/real-estates/{id}/api-keys',
  'POST /v1/real-estates/{id}/api-keys',
  'DELETE /v1/real-estates/{id}/api-keys/{keyId}',
];

/** Open to every member, agents included (or not tied to an agency at all). */
const AGENT_ALLOWED = [
  // A lead's line "Enviado ao Meta e ao Google" (its own lead, for an agent) and a page's channels.
  'GET /v1/leads/{id}/conversions',
  // Google Ads' scheduled import: public, the unguessable token in the path is the permission (a wrong
  // or rotated one answers 404; docs/product.md#ad-conversions).
  'GET /v1/public/conversions/google/{token}.csv',
  'GET /v1/pages/{id}/channels',
  'PUT /v1/pages/{id}/channels',
  'PUT /v1/real-estates/{id}/page-channels',
  'GET /healthz',
  'GET /health/live',
  'GET /health/ready',
  'GET /v1/public/demo',
  'POST /v1/demo/login',
  'GET /v1/public/config',
  'POST /v1/login',
  'POST /v1/logout',
  'GET /v1/me',
  'POST /v1/register',
  'POST /v1/forgot-password',
  'POST /v1/reset-password',
  'POST /v1/real-estates',
  'GET /v1/real-estates/{id}',
  'GET /v1/real-estates/{id}/deliveries',
  'GET /v1/deliveries/{id}',
  'GET /v1/real-estates/{id}/pages',
  'POST /v1/real-estates/{id}/pages',
  'DELETE /v1/pages/many',
  'GET /v1/pages/{id}',
  'PUT /v1/pages/{id}',
  'DELETE /v1/pages/{id}',
  'PATCH /v1/pages/{id}/get-title',
  'POST /v1/pages/{id}/preview',
  'POST /v1/pages/{id}/photos',
  'PUT /v1/pages/{id}/photos',
  'DELETE /v1/pages/{id}/photos/{photoId}',
  'POST /v1/pages/import/facebook-catalog',
  'GET /v1/imports/{id}',
  'GET /v1/real-estates/{id}/imports',
  'GET /v1/real-estates/{id}/leads',
  'GET /v1/leads/{id}',
  'PATCH /v1/leads/{id}',
  'POST /v1/leads/{id}/release',
  'POST /v1/public/events',
  'POST /v1/public/pages/{slug}/leads',
  'GET /v1/real-estates/{id}/analytics',
  'GET /v1/real-estates/{id}/analytics/events',
  // An invitation is looked up by its token and accepted by the invited account (docs/product.md#team).
  'POST /v1/invitations/lookup',
  'POST /v1/invitations/accept',
  'GET /v1/real-estates/{id}/videos',
  'POST /v1/pages/{id}/videos/generate-upload-url',
  'PATCH /v1/videos/{id}/upload-finished',
  'POST /v1/pages/{id}/videos/from-url',
  'PATCH /v1/videos/change-sequence',
  'DELETE /v1/videos/{id}',
  // The local driver's signed upload URL: the signature is the permission (no session, as with S3).
  'PUT /uploads/{*}',
];

/**
 * Public, authenticated by a provider's token instead of a session (no CSRF, no role): a session,
 * whatever its role, does not stand in for the token.
 */
const TOKEN_AUTH = [
  // Asaas webhooks: the `asaas-access-token` header equal to ASAAS_WEBHOOK_TOKEN
  // (docs/decisions/015-payment-adapter.md).
  'POST /v1/webhooks/asaas',
  // The lead API: `Authorization: Bearer vk_live_…`, an agency's key (docs/lead-api.md).
  'POST /v1/leads',
  // The Grupo OLX lead push: Basic `vivareal:` + the agency's secret (docs/lead-sources.md#grupo-olx).
  'POST /v1/inbound/grupo-zap/{publicId}',
  // Meta's webhook: the verification request's `hub.verify_token` equal to META_WEBHOOK_VERIFY_TOKEN,
  // each notification's X-Hub-Signature-256 made with META_APP_SECRET (docs/decisions/020-meta-lead-ads.md).
  'GET /v1/webhooks/meta',
  'POST /v1/webhooks/meta',
];

describe('provider webhooks: the token, not a session', () => {
  it('answer 401 without the token to the owner and to an agent, with or without the CSRF token', async () => {
    const agent = await addMember(ctx, victim.realEstateId, 'agent');
    const wrong: string[] = [];
    for (const email of [victim.email, agent.email]) {
      const c = new TestClient(ctx.app);
      await c.login(email);
      for (const route of TOKEN_AUTH) {
        const [method, path] = route.split(' ') as [string, string];
        for (const csrf of [true, false]) {
          const res = await c.request(method as 'POST', urlFor(path), {
            body: { id: 'evt_x', event: 'X' },
            csrf,
          });
          if (res.statusCode !== 401) wrong.push(`${route} (csrf ${csrf}) → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('roles: what an agent may not do', () => {
  it('every route is classified as manager-only, open to agents or token-authenticated', () => {
    const known = new Set([...MANAGER_ONLY, ...AGENT_ALLOWED, ...TOKEN_AUTH]);
    const unclassified = routes.map(([m, p]) => `${m} ${p}`).filter((r) => !known.has(r));
    expect(unclassified).toEqual([]);
    const listed = new Set(routes.map(([m, p]) => `${m} ${p}`));
    expect(MANAGER_ONLY.filter((r) => !listed.has(r))).toEqual([]);
  });

  it('owner/admin-only routes answer 403 to an agent of the same agency, and change nothing', async () => {
    const agent = await addMember(ctx, victim.realEstateId, 'agent');
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    const wrong: string[] = [];
    for (const route of MANAGER_ONLY) {
      const [method, path] = route.split(' ') as [string, string];
      const { body, headers } = bodyFor(method, path);
      const res = await c.request(method as 'GET', urlFor(path), {
        body: body as Record<string, unknown>,
        headers,
      });
      if (res.statusCode !== 403) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    const [d] = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, ids['/v1/deliveries/{id}']!));
    expect(d!.status).toBe('failed');
  });

  it('what an agent may do answers them (reads of pages, leads, deliveries, imports)', async () => {
    const agent = await addMember(ctx, victim.realEstateId, 'agent');
    // An agent sees the leads assigned to them (docs/product.md#lead-assignment): this one is theirs.
    await ctx.database.db
      .update(leads)
      .set({ assignedUserId: agent.userId })
      .where(eq(leads.id, ids['/v1/leads/{id}']!));
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    const wrong: string[] = [];
    for (const route of AGENT_ALLOWED.filter((r) => r.startsWith('GET ') && r.includes('{id}'))) {
      const path = route.slice(4);
      const res = await c.get(urlFor(path));
      if (res.statusCode !== 200) wrong.push(`${route} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
