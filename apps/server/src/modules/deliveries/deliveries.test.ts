import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { fakeRedirect, fakeReply } from '../integrations/adapters/testing/fake-server.ts';
import { startFakeWebhook, type FakeWebhook } from '../integrations/adapters/testing/fake-webhook.ts';
import { startFakeJetimob, type FakeJetimob } from '../integrations/adapters/testing/fake-jetimob.ts';
import { startFakeArbo, type FakeArbo } from '../integrations/adapters/testing/fake-arbo.ts';
import { startFakeGoHarry, type FakeGoHarry } from '../integrations/adapters/testing/fake-go-harry.ts';
import { captureLead } from '../leads/index.ts';

let ctx: TestContext;
let jetimob: FakeJetimob;
let arbo: FakeArbo;
let goHarry: FakeGoHarry;
const receivers: FakeWebhook[] = [];

const JETIMOB = { publicKey: 'pubkey-12345678', privateKey: 'privkey-12345678' };
const ARBO_KEY = 'arbo-key-1';
const HARRY = { username: 'harry', password: 'harry-pass' };

beforeAll(async () => {
  jetimob = await startFakeJetimob(JETIMOB);
  arbo = await startFakeArbo({ apiKey: ARBO_KEY });
  goHarry = await startFakeGoHarry(HARRY);
  ctx = await createTestContext(
    {},
    {
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      DELIVERY_RETRY_SCHEDULE: '0.2,0.2',
      JETIMOB_BASE_URL: jetimob.url,
      ARBO_BASE_URL: arbo.baseUrl,
      GO_HARRY_BASE_URL: goHarry.url,
    },
  );
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([jetimob, arbo, goHarry, ...receivers].map((s) => s?.close()));
});

const integrationsUrl = (id: number, s = '') => `/v1/real-estates/${id}/integrations${s}`;

/** An agency whose webhook points at a fresh local receiver. */
async function agencyWithWebhook() {
  const owner = await createOwner(ctx, 'Entregas');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  const secret = (await c.get(integrationsUrl(owner.realEstateId, '/webhook/secret'))).json().data.secret;
  const receiver = await startFakeWebhook({ secret });
  receivers.push(receiver);
  const saved = await c.put(integrationsUrl(owner.realEstateId), {
    name: 'webhook',
    payload: { url: receiver.endpoint },
  });
  expect(saved.json().data.is_active).toBe(true);
  return { c, id: owner.realEstateId, receiver, secret };
}

async function sendTestLead(c: TestClient, id: number) {
  const res = await c.post(integrationsUrl(id, '/test-lead'));
  expect(res.statusCode).toBe(201);
  return res.json().data as {
    lead_id: string;
    deliveries: { id: string; integration: string; status: string }[];
  };
}

async function delivery(c: TestClient, deliveryId: string) {
  const res = await c.get(`/v1/deliveries/${deliveryId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const settled = (c: TestClient, id: string, status: string) =>
  waitFor(
    async () => {
      const d = await delivery(c, id);
      return d.status === status ? d : null;
    },
    { what: `delivery ${id} → ${status}` },
  );

/** Pending deliveries written without a job (no worker takes them meanwhile). */
async function deliveriesWithoutJob(id: number, names: string[]) {
  const { leads, deliveries: deliveriesTable } = await import('../../db/schema.ts');
  const rows = [];
  for (const name of names) {
    const [lead] = await ctx.database.db.insert(leads).values({ realEstateId: id, name }).returning();
    const [d] = await ctx.database.db
      .insert(deliveriesTable)
      .values({ realEstateId: id, leadId: lead!.id, integration: 'webhook', nextAttemptAt: new Date() })
      .returning();
    rows.push(d!);
  }
  return rows;
}

type LedgerEntry = {
  attempt: number;
  outcome: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

describe('delivery engine', () => {
  it('delivers a lead to the webhook, signed, with a ledger entry', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    const { lead_id, deliveries } = await sendTestLead(c, id);
    expect(deliveries).toHaveLength(1);
    const d = await settled(c, deliveries[0]!.id, 'delivered');
    expect(receiver.events).toHaveLength(1);
    const event = receiver.events[0]!;
    expect(event.type).toBe('lead.created');
    expect(event.id).toBe(d.webhook_id);
    expect((event.body as { data: { id: string } }).data.id).toBe(lead_id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 1, last_status_code: 200, last_error: null });
    expect(d.delivered_at).toBeTruthy();
    expect(d.ledger).toHaveLength(1);
    expect(d.ledger[0]).toMatchObject({ attempt: 1, outcome: 'delivered', status_code: 200, error: null });
  });

  it('retries a 5xx on the schedule with the same webhook-id, then delivers', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(503, 'indisponível'), fakeReply(500, 'erro'));
    const { deliveries } = await sendTestLead(c, id);
    const d = await settled(c, deliveries[0]!.id, 'delivered');
    expect(d.attempts).toBe(3);
    expect(d.ledger.map((a: LedgerEntry) => [a.attempt, a.outcome, a.status_code])).toEqual([
      [1, 'retry', 503],
      [2, 'retry', 500],
      [3, 'delivered', 200],
    ]);
    const ids = receiver.requestsTo('event').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toBe(d.webhook_id);
    const timestamps = receiver.requestsTo('event').map((r) => Number(r.headers['webhook-timestamp']));
    expect(timestamps.every((t) => Math.abs(t - Date.now() / 1000) < 60)).toBe(true);
  });

  it('gives up after the schedule: the delivery is dead, and a replay delivers it', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(500), fakeReply(502), fakeReply(504));
    const { deliveries } = await sendTestLead(c, id);
    const dead = await settled(c, deliveries[0]!.id, 'dead');
    expect(dead.ledger.map((a: LedgerEntry) => a.outcome)).toEqual(['retry', 'retry', 'dead']);
    const replay = await c.post(`/v1/deliveries/${dead.id}/replay`);
    expect(replay.statusCode).toBe(202);
    expect(replay.json().data.status).toBe('pending');
    const done = await settled(c, dead.id, 'delivered');
    expect(done.attempts).toBe(4);
    expect(new Set(receiver.requestsTo('event').map((r) => r.headers['webhook-id'])).size).toBe(1);
    const again = await c.post(`/v1/deliveries/${dead.id}/replay`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Esta entrega já foi concluída.');
  });

  it('keeps the CRM response in the ledger with credentials it echoes removed', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue(
      'event',
      fakeReply(400, {
        error: 'payload inválido',
        access_token: 'tok-ecoado-123',
        debug: 'api_key=chave-ecoada-456&x=1',
      }),
    );
    const first = await sendTestLead(c, id);
    const failed = await settled(c, first.deliveries[0]!.id, 'failed');
    const response = failed.ledger[0].response as string;
    expect(response).toContain('payload inválido');
    expect(response).not.toContain('tok-ecoado-123');
    expect(response).not.toContain('chave-ecoada-456');
    expect(response).toContain('[removido]');
  });

  it('does not retry other 4xx nor follow redirects', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(400, 'payload inválido'));
    const first = await sendTestLead(c, id);
    const failed = await settled(c, first.deliveries[0]!.id, 'failed');
    expect(failed.ledger).toHaveLength(1);
    expect(failed.ledger[0]).toMatchObject({ outcome: 'failed', status_code: 400 });

    receiver.enqueue('event', fakeRedirect('http://127.0.0.1:1/elsewhere'));
    const second = await sendTestLead(c, id);
    const redirected = await settled(c, second.deliveries[0]!.id, 'failed');
    expect(redirected.ledger[0]).toMatchObject({ outcome: 'failed', status_code: 302 });
    expect(receiver.requests.filter((r) => r.path === '/elsewhere')).toHaveLength(0);
  });

  it('410 disables the integration and tells the agency', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(410, 'gone'));
    const { deliveries } = await sendTestLead(c, id);
    const d = await settled(c, deliveries[0]!.id, 'failed');
    expect(d.ledger[0]).toMatchObject({ outcome: 'disabled', status_code: 410 });
    const webhook = (await c.get(integrationsUrl(id))).json().data.integrations[0];
    expect(webhook.is_active).toBe(false);
    expect(webhook.halted).toMatchObject({ kind: 'disabled' });
    expect(webhook.halted.reason.length).toBeGreaterThan(5);
    // no more deliveries to a disabled integration
    expect((await sendTestLead(c, id)).deliveries).toHaveLength(0);
  });

  it('401 pauses the integration; new leads wait; fixing the settings sends them', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const secret = (await c.get(integrationsUrl(owner.realEstateId, '/webhook/secret'))).json().data.secret;
    const receiver = await startFakeWebhook({ secret, requireHeader: { name: 'X-Token', value: 'certo' } });
    receivers.push(receiver);
    await c.put(integrationsUrl(owner.realEstateId), {
      name: 'webhook',
      payload: {
        url: receiver.endpoint,
        authentication: { type: 'header', key: 'X-Token', value: 'errado' },
      },
    });
    const first = await sendTestLead(c, owner.realEstateId);
    const paused = await settled(c, first.deliveries[0]!.id, 'paused');
    expect(paused.ledger[0]).toMatchObject({ outcome: 'paused', status_code: 401 });
    const webhook = (await c.get(integrationsUrl(owner.realEstateId))).json().data.integrations[0];
    expect(webhook).toMatchObject({ is_active: true, halted: { kind: 'paused' } });

    const second = await sendTestLead(c, owner.realEstateId);
    expect(second.deliveries[0]!.status).toBe('paused');
    expect(receiver.requestsTo('event')).toHaveLength(1);

    await c.put(integrationsUrl(owner.realEstateId), {
      name: 'webhook',
      payload: { url: receiver.endpoint, authentication: { type: 'header', key: 'X-Token', value: 'certo' } },
    });
    await settled(c, first.deliveries[0]!.id, 'delivered');
    await settled(c, second.deliveries[0]!.id, 'delivered');
    expect(receiver.events).toHaveLength(2);
    const after = (await c.get(integrationsUrl(owner.realEstateId))).json().data.integrations[0];
    expect(after.halted).toBeNull();
  });

  it('delivers to Jetimob, Arbo and GoHarry through their protocols', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    await c.put(integrationsUrl(owner.realEstateId), {
      name: 'jetimob',
      payload: { public_key: JETIMOB.publicKey, private_key: JETIMOB.privateKey },
    });
    await c.put(integrationsUrl(owner.realEstateId), { name: 'arbo', payload: { api_key: ARBO_KEY } });
    await c.put(integrationsUrl(owner.realEstateId), { name: 'go_harry', payload: HARRY });
    const { deliveries } = await sendTestLead(c, owner.realEstateId);
    expect(deliveries.map((d) => d.integration).sort()).toEqual(['arbo', 'go_harry', 'jetimob']);
    for (const d of deliveries) await settled(c, d.id, 'delivered');
    const jet = [...jetimob.leads.values()].at(-1)!;
    expect(jet).toMatchObject({ phone: '11999999999', country_code: '55' });
    expect(arbo.leads.at(-1)).toMatchObject({ phone: '999999999', ddd: '11' });
    expect(goHarry.leads.length).toBeGreaterThan(0);
    const jetDelivery = await delivery(c, deliveries.find((d) => d.integration === 'jetimob')!.id);
    expect(jetDelivery.external_id).toBeTruthy();
  });

  it('enqueues deliveries in the transaction of the lead: a rolled-back lead leaves no delivery', async () => {
    const { c, id } = await agencyWithWebhook();
    const before = (await c.get(`/v1/real-estates/${id}/deliveries`)).json().meta.total;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        const { enqueueLeadDeliveries } = await import('./enqueue-lead-deliveries.ts');
        const { leads } = await import('../../db/schema.ts');
        const [lead] = await tx.insert(leads).values({ realEstateId: id, name: 'Rollback' }).returning();
        await enqueueLeadDeliveries({ db: tx, queue: ctx.app.queue }, [{ id: lead!.id, realEstateId: id }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await new Promise((r) => setTimeout(r, 300));
    expect((await c.get(`/v1/real-estates/${id}/deliveries`)).json().meta.total).toBe(before);
    const { lead, deliveries } = await captureLead(ctx.app.deps, { realEstateId: id, name: 'Commit' });
    expect(deliveries).toHaveLength(1);
    expect(lead.id).toBeTruthy();
    await settled(c, deliveries[0]!.id, 'delivered');
  });
});

describe('overdue deliveries', () => {
  it('a pending delivery whose job was lost is enqueued again by the sweep and delivered once', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    const { leads, deliveries: deliveriesTable } = await import('../../db/schema.ts');
    const { rescueOverdueDeliveries } = await import('./rescue-overdue-deliveries.ts');
    const { eq } = await import('drizzle-orm');
    // A lead and delivery written without a job, as if the process died before the job existed.
    const [lead] = await ctx.database.db
      .insert(leads)
      .values({ realEstateId: id, name: 'Órfão' })
      .returning();
    const [orphan] = await ctx.database.db
      .insert(deliveriesTable)
      .values({
        realEstateId: id,
        leadId: lead!.id,
        integration: 'webhook',
        nextAttemptAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const fresh = await ctx.database.db
      .insert(leads)
      .values({ realEstateId: id, name: 'Recente' })
      .returning()
      .then(
        async ([l]) =>
          (
            await ctx.database.db
              .insert(deliveriesTable)
              .values({ realEstateId: id, leadId: l!.id, integration: 'webhook', nextAttemptAt: new Date() })
              .returning()
          )[0]!,
      );
    expect(await rescueOverdueDeliveries(ctx.app.deps)).toBe(1);
    await settled(c, orphan!.id, 'delivered');
    expect(
      receiver.events.filter((e) => (e.body as { data: { id: string } }).data.id === lead!.id),
    ).toHaveLength(1);
    const [untouched] = await ctx.database.db
      .select()
      .from(deliveriesTable)
      .where(eq(deliveriesTable.id, fresh.id));
    expect(untouched!.status).toBe('pending'); // not overdue: left to its own job
  });
});

describe('attempts recorded in groups', () => {
  it('one statement records a group: a retry with its next job, a delivery, and not a second attempt of one delivery', async () => {
    const { id } = await agencyWithWebhook();
    const { deliveries: deliveriesTable, deliveryAttempts } = await import('../../db/schema.ts');
    const { recordAttempts } = await import('./attempt-delivery.ts');
    const { eq, inArray } = await import('drizzle-orm');
    const [a, b] = (await deliveriesWithoutJob(id, ['Grupo A', 'Grupo B'])) as [
      Awaited<ReturnType<typeof deliveriesWithoutJob>>[number],
      Awaited<ReturnType<typeof deliveriesWithoutJob>>[number],
    ];
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    const base = {
      attempt: 1,
      prev_attempts: 0,
      at: now,
      started_at: now,
      duration_ms: 12,
      external_id: null,
      response: 'ok',
    };
    const retry = {
      ...base,
      id: a.id,
      status: 'pending',
      status_code: 503,
      last_error: 'HTTP 503',
      error: 'HTTP 503',
      delivered_at: null,
      next_attempt_at: later,
      outcome: 'retry' as const,
    };
    const delivered = (deliveryId: string) => ({
      ...base,
      id: deliveryId,
      status: 'delivered',
      status_code: 200,
      last_error: null,
      error: null,
      delivered_at: now,
      next_attempt_at: null,
      outcome: 'delivered' as const,
    });
    // The first attempt of A is recorded; a second one of A in the same group (a job run twice) is not.
    expect(await recordAttempts(ctx.app.deps, [retry, delivered(a.id), delivered(b.id)])).toEqual([
      true,
      false,
      true,
    ]);
    const after = await ctx.database.db
      .select()
      .from(deliveriesTable)
      .where(inArray(deliveriesTable.id, [a.id, b.id]));
    const byId = new Map(after.map((d) => [d.id, d]));
    expect(byId.get(a.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    expect(byId.get(a.id)!.nextAttemptAt?.getTime()).toBe(later.getTime());
    expect(byId.get(b.id)).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    const ledger = await ctx.database.db
      .select()
      .from(deliveryAttempts)
      .where(inArray(deliveryAttempts.deliveryId, [a.id, b.id]));
    expect(ledger.map((l) => [l.deliveryId, l.outcome]).sort()).toEqual(
      [
        [a.id, 'retry'],
        [b.id, 'delivered'],
      ].sort(),
    );
    // The retry's next attempt is a job, committed with the record; the delivered one has none.
    const jobs = async (deliveryId: string) =>
      ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryId } });
    const [next] = await jobs(a.id);
    expect(next!.startAfter.getTime()).toBe(later.getTime());
    expect(await jobs(b.id)).toHaveLength(0);
    // Recorded again with the old count: the delivery moved on, nothing is written.
    expect(await recordAttempts(ctx.app.deps, [delivered(b.id)])).toEqual([false]);
    const [bAfter] = await ctx.database.db.select().from(deliveriesTable).where(eq(deliveriesTable.id, b.id));
    expect(bAfter!.updatedAt.getTime()).toBe(byId.get(b.id)!.updatedAt.getTime());
  });

  it('a stale attempt first in a group does not hide a valid one; a disable wins over a pause; half an emoji is stored', async () => {
    const { id } = await agencyWithWebhook();
    const {
      deliveries: deliveriesTable,
      deliveryAttempts,
      integrations,
    } = await import('../../db/schema.ts');
    const { recordAttempts } = await import('./attempt-delivery.ts');
    const { and, eq } = await import('drizzle-orm');
    const [a, b, c] = await deliveriesWithoutJob(id, ['Antiga', 'Desativa', 'Pausa']);
    const now = new Date();
    const record = (deliveryId: string, outcome: 'failed' | 'paused' | 'disabled', prev = 0) => ({
      id: deliveryId,
      status: outcome === 'paused' ? 'paused' : 'failed',
      attempt: prev + 1,
      status_code: outcome === 'disabled' ? 410 : outcome === 'paused' ? 401 : 422,
      last_error: `HTTP ${outcome}`,
      external_id: null,
      delivered_at: null,
      next_attempt_at: null,
      at: now,
      prev_attempts: prev,
      started_at: now,
      duration_ms: 3,
      outcome,
      // A CRM's answer cut at 1,000 characters in the middle of an emoji: half a surrogate pair.
      response: ('x'.repeat(999) + '😀').slice(0, 1000),
      error: `HTTP ${outcome}`,
    });
    // A's first record is stale (another worker moved it on), the second is valid: the second is
    // recorded. B disables and C pauses the same integration in one group: the disable wins.
    expect(
      await recordAttempts(ctx.app.deps, [
        record(a!.id, 'failed', 5),
        record(a!.id, 'failed'),
        record(b!.id, 'disabled'),
        record(c!.id, 'paused'),
      ]),
    ).toEqual([false, true, true, true]);
    const [ledger] = await ctx.database.db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, a!.id));
    expect(ledger!.response).toBe('x'.repeat(999) + '\uFFFD');
    const [integration] = await ctx.database.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.realEstateId, id), eq(integrations.name, 'webhook')));
    expect(integration).toMatchObject({ isActive: false, haltedKind: 'disabled' });
    const [bAfter] = await ctx.database.db
      .select()
      .from(deliveriesTable)
      .where(eq(deliveriesTable.id, b!.id));
    expect(bAfter).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
  });
});

/** A second app on this file's database, as another process would be, with these settings. */
const secondApp = (env: NodeJS.ProcessEnv) =>
  createTestContext(
    { appKey: ctx.config.appKey },
    { ALLOW_PRIVATE_NETWORK_TARGETS: '1', ...env },
    undefined,
    undefined,
    false,
    ctx.database,
  );

/** `count` leads captured at once (one group), each with a phone of its own. */
let phones = 0;
const captureTogether = (deps: TestContext['app']['deps'], id: number, count: number, name: string) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      captureLead(deps, {
        realEstateId: id,
        name: `${name} ${i}`,
        phone: `1195${String(++phones).padStart(7, '0')}`,
        consent: true,
      }),
    ),
  );

/** Waits until the receiver got one webhook for each of these leads, and checks it got no other. */
async function expectEachDelivered(receiver: FakeWebhook, captured: { lead: { id: string } }[]) {
  await waitFor(() => (receiver.events.length >= captured.length ? true : null), {
    what: `${captured.length} webhooks`,
  });
  const leadIds = receiver.events.map((e) => (e.body as { data: { id: string } }).data.id).sort();
  expect(leadIds).toEqual(captured.map((c) => c.lead.id).sort());
}

describe('group jobs', () => {
  it("with the workers in the process, a captured group's first attempts are handed over: delivered, with no job row", async () => {
    const { id, receiver, c } = await agencyWithWebhook();
    const captured = await captureTogether(ctx.app.deps, id, 3, 'Entregue direto');
    await expectEachDelivered(receiver, captured);
    const ids = captured.map((c) => c.deliveries[0]!.id);
    for (const deliveryId of ids) {
      expect(await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryId } })).toEqual([]);
      expect(
        await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryIds: [deliveryId] } }),
      ).toEqual([]);
    }
    for (const deliveryId of ids) expect((await settled(c, deliveryId, 'delivered')).attempts).toBe(1);
  });

  it('past the room of the hand-over (2 × DELIVERY_CONCURRENCY × 10 attempts), a group writes its jobs, and each is delivered', async () => {
    const { id, receiver } = await agencyWithWebhook();
    // Another app with workers on the same database: room for 20 first attempts in flight.
    const small = await secondApp({ DELIVERY_CONCURRENCY: '1' });
    try {
      const captured = await captureTogether(small.app.deps, id, 25, 'Sem espaço');
      const first = captured[0]!.deliveries[0]!.id;
      const jobs = await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryIds: [first] } });
      expect(jobs).toHaveLength(1);
      await expectEachDelivered(receiver, captured);
    } finally {
      await small.close();
    }
  });

  it('at shutdown the hand-over reserves no more room, and a group that reserved before gets its jobs after its commit', async () => {
    const { id } = await agencyWithWebhook();
    const { startDeliveryHandOver, deliveryHandOverOf } = await import('./hand-over.ts');
    const [d] = await deliveriesWithoutJob(id, ['Na parada']);
    // A hand-over of its own (this app's stays as it is), on the same database and queue.
    const queue = { ...ctx.app.queue };
    const started = startDeliveryHandOver({ ...ctx.app.deps, queue, signal: new AbortController().signal });
    const handOver = deliveryHandOverOf(queue)!;
    expect(handOver.reserve(1)).toBe(true);
    const stopped = started.stop();
    expect(handOver.reserve(1)).toBe(false);
    // The reserved group commits now: its delivery gets a job instead of an attempt.
    handOver.run([d!.id]);
    await stopped;
    const jobs = await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryIds: [d!.id] } });
    expect(jobs).toHaveLength(1);
  });

  it("in a process without the workers (an API replica), a captured group's deliveries share one job, and each is delivered", async () => {
    const { id, receiver } = await agencyWithWebhook();
    // A second app on the same database, as a replica beside this one's workers would be.
    const replica = await secondApp({ RUN_WORKER: 'false' });
    try {
      const captured = await captureTogether(replica.app.deps, id, 3, 'Em grupo');
      const ids = captured.map((c) => c.deliveries[0]!.id);
      const [job] = await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryIds: ids } });
      expect(job!.data).toEqual({ deliveryIds: ids });
      await expectEachDelivered(receiver, captured);
    } finally {
      await replica.close();
    }
  });

  it('a group job run again leaves a delivery already tried to its own job (no attempt ahead of the schedule)', async () => {
    const { id, receiver } = await agencyWithWebhook();
    const { attemptFirstDeliveries, recordAttempts } = await import('./attempt-delivery.ts');
    const [tried, untried] = await deliveriesWithoutJob(id, ['Já tentado', 'Ainda não']);
    const now = new Date();
    // The first attempt of `tried` failed and its retry waits an hour.
    expect(
      await recordAttempts(ctx.app.deps, [
        {
          id: tried!.id,
          status: 'pending',
          attempt: 1,
          status_code: 503,
          last_error: 'HTTP 503',
          external_id: null,
          delivered_at: null,
          next_attempt_at: new Date(now.getTime() + 3_600_000),
          at: now,
          prev_attempts: 0,
          started_at: now,
          duration_ms: 5,
          outcome: 'retry',
          response: null,
          error: 'HTTP 503',
        },
      ]),
    ).toEqual([true]);
    await attemptFirstDeliveries(ctx.app.deps, [tried!.id, untried!.id]);
    const sentFor = receiver.events.map((e) => (e.body as { data: { id: string } }).data.id);
    expect(sentFor).toEqual([untried!.leadId]);
    const { deliveries: deliveriesTable } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [after] = await ctx.database.db
      .select()
      .from(deliveriesTable)
      .where(eq(deliveriesTable.id, tried!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('an attempt that fails unexpectedly goes back as a job of its own; the others are attempted', async () => {
    const { id, receiver } = await agencyWithWebhook();
    const { attemptFirstDeliveries } = await import('./attempt-delivery.ts');
    const [d] = await deliveriesWithoutJob(id, ['Chave errada']);
    // Another APP_KEY: the integration's settings cannot be decrypted, an error that is not the receiver's.
    const { randomBytes } = await import('node:crypto');
    const deps = { ...ctx.app.deps, config: { ...ctx.app.deps.config, appKey: randomBytes(32) } };
    await attemptFirstDeliveries(deps, [d!.id]);
    expect(receiver.events).toHaveLength(0);
    const jobs = await ctx.app.queue.boss.findJobs('lead-delivery', { data: { deliveryId: d!.id } });
    expect(jobs).toHaveLength(1);
    // With the right key the worker takes that job and delivers.
    ctx.app.queue.wake((await import('./jobs/lead-delivery.queue.ts')).leadDeliveryQueue);
    await waitFor(() => (receiver.events.length ? true : null), { what: 'the delivery from its own job' });
  });
});

describe('GET /v1/real-estates/{id}/deliveries', () => {
  it('lists with filters and pagination; other agencies see 404', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(400));
    const a = await sendTestLead(c, id);
    await settled(c, a.deliveries[0]!.id, 'failed');
    const b = await sendTestLead(c, id);
    await settled(c, b.deliveries[0]!.id, 'delivered');

    const all = (await c.get(`/v1/real-estates/${id}/deliveries?per_page=1`)).json();
    expect(all.meta).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2, from: 1, to: 1 });
    expect(all.links.next).toContain('page=2');
    expect(all.data[0].id).toBe(b.deliveries[0]!.id); // newest first
    const failed = (await c.get(`/v1/real-estates/${id}/deliveries?status=failed`)).json();
    expect(failed.data.map((d: { id: string }) => d.id)).toEqual([a.deliveries[0]!.id]);
    expect(failed.data[0]).toMatchObject({ integration: 'webhook', lead: { is_test: true } });
    const byLead = (await c.get(`/v1/real-estates/${id}/deliveries?lead_id=${b.lead_id}`)).json();
    expect(byLead.data).toHaveLength(1);
    const bad = await c.get(`/v1/real-estates/${id}/deliveries?status=perdida&per_page=1000&from=ontem`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'per_page', 'status']);

    const stranger = new TestClient(ctx.app);
    await stranger.login((await createOwner(ctx)).email);
    expect((await stranger.get(`/v1/real-estates/${id}/deliveries`)).statusCode).toBe(404);
    expect((await stranger.get(`/v1/deliveries/${a.deliveries[0]!.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/v1/deliveries/${a.deliveries[0]!.id}/replay`)).statusCode).toBe(404);
    expect((await c.get('/v1/deliveries/nao-e-uuid')).statusCode).toBe(422);
  });

  it('agents of the agency can read the ledger of the leads they see; replaying is for owners and admins', async () => {
    const { c, id, receiver } = await agencyWithWebhook();
    receiver.enqueue('event', fakeReply(400));
    const { deliveries, lead_id } = await sendTestLead(c, id);
    await settled(c, deliveries[0]!.id, 'failed');
    const other = await sendTestLead(c, id);
    await settled(c, other.deliveries[0]!.id, 'delivered');
    const agent = await addMember(ctx, id, 'agent');
    const g = new TestClient(ctx.app);
    await g.login(agent.email);
    const ledger = `/v1/real-estates/${id}/deliveries`;
    // limited to their own leads (the agency's default): none of these is theirs yet
    // (docs/product.md#lead-assignment)
    expect((await g.get(ledger)).json()).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await g.get(`${ledger}?lead_id=${lead_id}`)).json().meta.total).toBe(0);
    expect((await g.get(`/v1/deliveries/${deliveries[0]!.id}`)).statusCode).toBe(404);
    expect((await c.put(`/v1/leads/${lead_id}/assignee`, { user_id: agent.userId })).statusCode).toBe(200);
    const own = (await g.get(ledger)).json();
    expect(own.meta.total).toBe(1);
    expect(own.data.map((d: { id: string }) => d.id)).toEqual([deliveries[0]!.id]);
    expect((await g.get(`/v1/deliveries/${deliveries[0]!.id}`)).statusCode).toBe(200);
    expect((await g.get(`/v1/deliveries/${other.deliveries[0]!.id}`)).statusCode).toBe(404);
    // an agency that lets agents see every lead shows them every delivery
    await c.put(`/v1/real-estates/${id}/team-settings`, { agents_see_all_leads: true });
    expect((await g.get(ledger)).json().meta.total).toBe(2);
    expect((await g.get(`/v1/deliveries/${other.deliveries[0]!.id}`)).statusCode).toBe(200);
    const refused = await g.post(`/v1/deliveries/${deliveries[0]!.id}/replay`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Você não tem permissão para realizar esta ação.');
    expect((await c.post(`/v1/deliveries/${deliveries[0]!.id}/replay`)).statusCode).toBe(202);
    await settled(g, deliveries[0]!.id, 'delivered');
  });
});
