/**
 * The response contract of leads, deliveries and integrations (docs/product.md#api-client): every answer of
 * these routes, taken from a running app with real data (captured, repeat and quarantined leads, delivered
 * and dead deliveries with their ledger, a halted integration, a failed test), is valid against the schema of
 * @vitrine/contracts that the console types come from, and the serializer (which encodes through that
 * schema and strips unknown keys) dropped nothing the handler sent. /docs/json documents each of them.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiErrorSchema,
  deliveryDetailResponse,
  deliveryListResponse,
  deliveryReplayResponse,
  integrationsListResponse,
  integrationsTestResponse,
  leadDetailResponse,
  leadListResponse,
  leadReleaseResponse,
  leadResponse,
  saveIntegrationResponse,
  testLeadResponse,
  webhookSecretResponse,
  DELIVERY_STATUSES,
} from '@vitrine/contracts';
import { deliveries, integrations } from '../db/schema.ts';
import { fakeReply } from '../modules/integrations/adapters/testing/fake-server.ts';
import { startFakeWebhook, type FakeWebhook } from '../modules/integrations/adapters/testing/fake-webhook.ts';
import { captureLead } from '../modules/leads/index.ts';
import {
  TestClient,
  createOwner,
  createTestContext,
  insertPage,
  waitFor,
  type TestContext,
} from './test-app.ts';

/** Route (as Fastify names it) → status → the contract's schema of the body. */
const CONTRACT: Record<string, Record<number, z.ZodType>> = {
  'GET /v1/real-estates/:id/leads': { 200: leadListResponse },
  'GET /v1/leads/:id': { 200: leadDetailResponse },
  'PATCH /v1/leads/:id': { 200: leadResponse },
  'PUT /v1/leads/:id/assignee': { 200: leadResponse },
  'POST /v1/leads/:id/release': { 200: leadReleaseResponse, 409: apiErrorSchema },
  'GET /v1/real-estates/:id/deliveries': { 200: deliveryListResponse },
  'GET /v1/deliveries/:id': { 200: deliveryDetailResponse },
  'POST /v1/deliveries/:id/replay': { 202: deliveryReplayResponse, 409: apiErrorSchema },
  'GET /v1/real-estates/:id/integrations': { 200: integrationsListResponse },
  'PUT /v1/real-estates/:id/integrations': { 200: saveIntegrationResponse },
  'GET /v1/real-estates/:id/integrations/test': {
    200: integrationsTestResponse,
    422: integrationsTestResponse,
  },
  'GET /v1/real-estates/:id/integrations/webhook/secret': { 200: webhookSecretResponse },
  'POST /v1/real-estates/:id/integrations/webhook/secret/rotate': { 200: webhookSecretResponse },
  'POST /v1/real-estates/:id/integrations/test-lead': { 201: testLeadResponse },
};
/** The CSV export: documented, not JSON. */
const EXPORT = 'GET /v1/real-estates/:id/leads/export';
const TAGS = ['leads', 'deliveries', 'integrations'];

interface Captured {
  key: string;
  status: number;
  /** What the handler (or the error handler) passed to reply.send, before serialization. */
  payload: unknown;
}

let ctx: TestContext;
let receiver: FakeWebhook;
const captured: Captured[] = [];
/** Every checked answer, `${key} ${status}`. */
const checked = new Set<string>();

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { ALLOW_PRIVATE_NETWORK_TARGETS: '1', DELIVERY_RETRY_SCHEDULE: '0.2,0.2' },
    undefined,
    (app) => {
      app.addHook('preSerialization', async (request, reply, payload) => {
        captured.push({
          key: `${request.method} ${request.routeOptions.url}`,
          status: reply.statusCode,
          payload,
        });
        return payload;
      });
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});

/** One call: its answer is checked against the contract, and against what the handler sent. */
async function call(
  c: TestClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: Record<string, unknown>,
) {
  const from = captured.length;
  const res: LightMyRequestResponse = await c.request(method, url, body ? { body } : {});
  const mine = captured.slice(from).filter((x) => x.key in CONTRACT);
  expect(mine, `${method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`).toHaveLength(1);
  const { key, status, payload } = mine[0]!;
  expect(status).toBe(res.statusCode);
  const schema = CONTRACT[key]![status];
  expect(
    schema,
    `${key} answered ${status} ${res.body.slice(0, 200)}, a status the contract does not name`,
  ).toBeDefined();
  const answer = res.json();
  // Nothing dropped: the serializer strips keys its schema does not name.
  expect(answer, `${key} ${status}: the answer keeps every field the handler sent`).toEqual(
    JSON.parse(JSON.stringify(payload)),
  );
  const parsed = schema!.safeParse(answer);
  expect(parsed.error?.issues ?? [], `${key} ${status} against the contract`).toEqual([]);
  checked.add(`${key} ${status}`);
  return answer;
}

type DeliveryView = z.infer<typeof deliveryDetailResponse>['data'];

async function settled(c: TestClient, deliveryId: string, status: string): Promise<DeliveryView> {
  return waitFor(
    async () => {
      const d = (await call(c, 'GET', `/v1/deliveries/${deliveryId}`)).data as DeliveryView;
      return d.status === status ? d : undefined;
    },
    { what: `delivery ${deliveryId} ${status}` },
  );
}

describe('answers of leads, deliveries and integrations against @vitrine/contracts', () => {
  it('every route, on real data, answers what its contract says, and nothing is lost on the way out', async () => {
    const owner = await createOwner(ctx, 'Contrato');
    const id = owner.realEstateId;
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const base = `/v1/real-estates/${id}`;

    // Integrations: the secret, a rotation, a webhook to a local receiver, an inactive CRM that the system halted.
    await call(c, 'GET', `${base}/integrations/webhook/secret`);
    const secret = (await call(c, 'POST', `${base}/integrations/webhook/secret/rotate`)).data
      .secret as string;
    receiver = await startFakeWebhook({ secret });
    await call(c, 'PUT', `${base}/integrations`, {
      name: 'webhook',
      payload: {
        url: receiver.endpoint,
        authentication: { type: 'header', key: 'X-Token', value: 'segredo' },
      },
    });
    await call(c, 'PUT', `${base}/integrations`, { name: 'arbo', payload: { api_key: '' } });
    await ctx.database.db
      .update(integrations)
      .set({ haltedKind: 'paused', haltedReason: 'O Arbo recusou a chave (HTTP 401).', haltedAt: new Date() })
      .where(and(eq(integrations.realEstateId, id), eq(integrations.name, 'arbo')));
    await call(c, 'GET', `${base}/integrations/test`);
    receiver.enqueue('event', fakeReply(500, 'erro'));
    const failedTest = await call(c, 'GET', `${base}/integrations/test`);
    expect(failedTest.data.results.find((r: { name: string }) => r.name === 'webhook')).toMatchObject({
      ok: false,
    });
    const list = (await call(c, 'GET', `${base}/integrations`)).data.integrations;
    expect(list.find((i: { name: string }) => i.name === 'arbo').halted).toMatchObject({ kind: 'paused' });
    expect(list.find((i: { name: string }) => i.name === 'webhook').last_test_ok).toBe(false);

    // Deliveries: one delivered, one dead after its retries (then replayed), with their ledgers.
    const delivered = (await call(c, 'POST', `${base}/integrations/test-lead`)).data.deliveries[0]
      .id as string;
    const done = await settled(c, delivered, 'delivered');
    expect(done.ledger).toHaveLength(1);
    receiver.enqueue('event', fakeReply(500), fakeReply(502), fakeReply(504, 'fora do ar'));
    const failing = (await call(c, 'POST', `${base}/integrations/test-lead`)).data.deliveries[0].id as string;
    const dead = await settled(c, failing, 'dead');
    expect(dead.ledger.map((a) => a.outcome)).toEqual(['retry', 'retry', 'dead']);
    await call(c, 'POST', `/v1/deliveries/${dead.id}/replay`);
    await call(c, 'POST', `/v1/deliveries/${done.id}/replay`);
    await call(c, 'GET', `${base}/deliveries`);
    await call(c, 'GET', `${base}/deliveries?status=dead&integration=webhook`);

    // Leads: from a page, the same person again, a quarantined one; status change and release.
    const page = await insertPage(ctx, id, { title: 'Casa no Batel' });
    const person = {
      realEstateId: id,
      pageId: page.id,
      name: 'Maria Souza',
      phone: '11988887777',
      email: 'maria@exemplo.com.br',
      consent: true,
    };
    await captureLead(ctx.app.deps, {
      ...person,
      message: 'Quero visitar',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'verao',
      gclid: 'g-1',
    });
    const { lead: again } = await captureLead(ctx.app.deps, { ...person, message: 'Ainda disponível?' });
    const { lead: spam } = await captureLead(ctx.app.deps, {
      realEstateId: id,
      pageId: page.id,
      name: 'Oferta imperdível',
      email: 'spam@exemplo.com',
      consent: true,
      quarantined: true,
      quarantineReason: 'Link na mensagem.',
    });
    const leads = await call(c, 'GET', `${base}/leads`);
    expect(leads.meta.quarantined).toBe(1);
    await call(c, 'GET', `${base}/leads?quarantined=1`);
    await call(c, 'GET', `${base}/leads?include_tests=1&per_page=2&page=2`);
    const detail = (await call(c, 'GET', `/v1/leads/${again.id}`)).data;
    expect(detail.contact_leads).toHaveLength(1);
    expect(detail.deliveries).toHaveLength(1);
    await call(c, 'PATCH', `/v1/leads/${again.id}`, { status: 'visita_agendada' });
    await call(c, 'PUT', `/v1/leads/${again.id}/assignee`, { user_id: owner.userId });
    await call(c, 'POST', `/v1/leads/${spam.id}/release`);
    await call(c, 'POST', `/v1/leads/${spam.id}/release`);

    // The export is a CSV file, documented as such.
    const csv = await c.get(`${base}/leads/export`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');

    const expected = Object.entries(CONTRACT).flatMap(([key, byStatus]) =>
      Object.keys(byStatus).map((s) => `${key} ${s}`),
    );
    expect([...checked].sort()).toEqual(expected.sort());
  });

  it('stores the delivery statuses the contract names', () => {
    expect([...deliveries.status.enumValues]).toEqual([...DELIVERY_STATUSES]);
  });
});

describe('/docs/json', () => {
  it('documents a response schema for every route of leads, deliveries and integrations', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            tags?: string[];
            responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
          }
        >
      >;
    };
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        if (!op.tags?.some((t) => TAGS.includes(t))) continue;
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        documented.push(key);
        const success = Object.entries(op.responses ?? {}).filter(([code]) => code.startsWith('2'));
        expect(success.length, `${key} documents its success answer`).toBeGreaterThan(0);
        for (const [code, response] of success) {
          const media = key === EXPORT ? 'text/csv' : 'application/json';
          const schema = response.content?.[media]?.schema;
          expect(schema, `${key} ${code} has a ${media} schema`).toBeDefined();
          if (media === 'application/json')
            expect(Object.keys((schema!.properties ?? {}) as object), `${key} ${code}`).toContain('data');
        }
        // The codes the contract names are the ones documented (a route's 409 or 422 included).
        if (key !== EXPORT)
          expect(Object.keys(op.responses ?? {}).sort(), key).toEqual(
            Object.keys(CONTRACT[key] ?? {}).sort(),
          );
      }
    }
    expect(documented.sort()).toEqual([...Object.keys(CONTRACT), EXPORT].sort());
  });

  it('describes the lead list’s quarantine count and each integration’s payload', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const leads =
      doc.paths['/v1/real-estates/{id}/leads'].get.responses['200'].content['application/json'].schema;
    expect(leads.properties.meta.required).toContain('quarantined');
    const list =
      doc.paths['/v1/real-estates/{id}/integrations'].get.responses['200'].content['application/json'].schema;
    const variants: { properties: { name: { enum: string[] }; payload: { properties: object } } }[] =
      list.properties.data.properties.integrations.items.oneOf;
    expect(
      Object.fromEntries(
        variants.map((v) => [v.properties.name.enum[0], Object.keys(v.properties.payload.properties)]),
      ),
    ).toEqual({
      webhook: ['url', 'authentication'],
      arbo: ['api_key'],
      jetimob: ['public_key', 'private_key'],
      go_harry: ['username', 'password'],
    });
  });
});
