import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorker } from '../app.ts';
import {
  TestClient,
  createOwner,
  createTestContext,
  waitFor,
  type TestContext,
} from '../testing/test-app.ts';
import { startFakeWebhook, type FakeWebhook } from '../modules/integrations/adapters/testing/fake-webhook.ts';
import { InvalidJobPayload, toJobInsert, type JobDefinition } from './define-job.ts';
import { DELIVERY_GROUP_MAX, deliveryGroupPayloads, leadDeliveryJob } from '../modules/deliveries/index.ts';
import { captureLead, leadAlertJob } from '../modules/leads/index.ts';
import { createSession, sessionSweepJob } from '../modules/auth/index.ts';
import { rowsOf } from '../lib/throttle.ts';
import { rateLimitSweepJob } from './rate-limit-sweep.job.ts';
import { jobRegistry } from './registry.ts';
import { runJobs } from './workers.ts';

// An API replica that runs no workers, as in a scaled-out install.
let api: TestContext;
beforeAll(async () => {
  api = await createTestContext({}, { RUN_WORKER: 'false' });
});
afterAll(async () => {
  await api?.close();
});

const isJob = (v: unknown): v is JobDefinition =>
  typeof v === 'object' && v !== null && 'name' in v && 'payload' in v && 'handle' in v;

describe('the job registry', () => {
  it("lists every job file (the modules' jobs/ folders and this one), each under a queue name of its own", async () => {
    const src = path.dirname(import.meta.dirname);
    const files = (await readdir(src, { recursive: true })).filter(
      (f) =>
        f.endsWith('.job.ts') && /^(?:jobs|modules\/[^/]+\/jobs)\/[^/]+$/.test(f.split(path.sep).join('/')),
    );
    expect(files.length).toBe(jobRegistry.length);
    for (const file of files) {
      const exported = Object.values(await import(path.join(src, file))).filter(isJob);
      expect(exported, file).toHaveLength(1);
      expect(jobRegistry, `${file} is missing from jobs/registry.ts`).toContain(exported[0]);
    }
    expect(new Set(jobRegistry.map((j) => j.name)).size).toBe(jobRegistry.length);
  });

  it('keeps the queue names of jobs that may be waiting in existing databases', () => {
    expect(jobRegistry.map((j) => j.name).sort()).toEqual([
      'analytics-retention',
      'analytics-rollups',
      'billing-event',
      'catalog-import',
      'demo-reset',
      'domain-recheck',
      'fetch-meta-lead',
      'lead-ad-conversions',
      'lead-alert',
      'lead-api-idempotency-sweep',
      'lead-auto-reply',
      'lead-delivery',
      'meta-oauth-grant-sweep',
      'privacy-retention',
      'rate-limit-sweep',
      'session-sweep',
      'video-cleanup',
      'video-poster',
      'video-upload-orphan',
    ]);
  });

  it('turns a payload and the retry policy into pg-boss options', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const id = '0b8f2a52-5d6e-4b7c-9a1d-2f3e4a5b6c7d';
    expect(toJobInsert(leadDeliveryJob, { deliveryId: id }, { startAfter: at })).toEqual({
      data: { deliveryId: id },
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 60,
      startAfter: at,
    });
    expect(toJobInsert(leadAlertJob, { leadId: id })).toEqual({
      data: { leadId: id },
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      heartbeatSeconds: 60,
    });
  });

  it('refuses a payload that does not match the job schema, naming the field', () => {
    expect(() => toJobInsert(leadAlertJob, { leadId: 'não-é-uuid' })).toThrow(InvalidJobPayload);
    expect(() => toJobInsert(leadAlertJob, { leadId: 'não-é-uuid' })).toThrow(/lead-alert: leadId/);
    // @ts-expect-error a payload of another job does not type-check either
    expect(() => toJobInsert(leadAlertJob, { deliveryId: '0b8f2a52-5d6e-4b7c-9a1d-2f3e4a5b6c7d' })).toThrow(
      InvalidJobPayload,
    );
  });
});

describe('sweeps (periodic work as jobs, in the processes that run workers)', () => {
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number | string }>(await api.database.db.execute(query))[0]!.n);

  it('session-sweep deletes expired sessions and keeps live ones', async () => {
    const deps = { ...api.app.deps, signal: new AbortController().signal };
    const base = { userId: null, ip: '127.0.0.1', userAgent: null };
    const expired = await createSession(deps, { ...base, ttlMs: -60_000 });
    const live = await createSession(deps, { ...base, ttlMs: 60_000 });
    await sessionSweepJob.handle({}, deps);
    const left = (idHash: string) => count(sql`select count(*) as n from sessions where id_hash = ${idHash}`);
    expect(await left(expired.state.idHash)).toBe(0);
    expect(await left(live.state.idHash)).toBe(1);
  });

  it('rate-limit-sweep deletes ended windows and keeps open ones', async () => {
    const deps = { ...api.app.deps, signal: new AbortController().signal };
    const ended = `sweep-ended:${randomUUID()}`;
    const open = `sweep-open:${randomUUID()}`;
    await api.app.throttle.hit(ended, 0);
    await api.app.throttle.hit(open, 3600);
    await rateLimitSweepJob.handle({}, deps);
    const left = (key: string) => count(sql`select count(*) as n from rate_limits where key = ${key}`);
    expect(await left(ended)).toBe(0);
    expect(await left(open)).toBe(1);
  });
});

describe('workers', () => {
  it('declares every queue even without workers, and enqueue in a rolled-back transaction leaves no job', async () => {
    for (const job of jobRegistry) expect(await api.app.queue.boss.getQueue(job.name), job.name).toBeTruthy();
    const leadId = randomUUID();
    const jobsOf = () => api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadId } });
    await expect(
      api.database.db.transaction(async (tx) => {
        await api.app.queue.enqueue(tx, leadAlertJob, { leadId });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await jobsOf()).toEqual([]);
    await api.database.db.transaction((tx) => api.app.queue.enqueue(tx, leadAlertJob, { leadId }));
    expect(await jobsOf()).toHaveLength(1);
    await expect(
      api.database.db.transaction((tx) => api.app.queue.enqueue(tx, leadAlertJob, { leadId: 'x' })),
    ).rejects.toThrow(InvalidJobPayload);
  });

  it('the worker process runs the same registry: the alert a lead enqueued on the API is sent by it', async () => {
    const owner = await createOwner(api, 'Imobiliária do Worker');
    const { lead } = await captureLead(api.app.deps, {
      realEstateId: owner.realEstateId,
      name: 'Lead para o worker',
      phone: '11988887777',
    });
    const outbox = path.join(api.config.dataDir, 'outbox');
    const mailed = async () =>
      (await readdir(outbox).catch(() => [] as string[])).some((f) => f.includes(owner.email));
    const queued = await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadIds: [lead.id] } });
    expect(queued.map((j) => j.state)).toEqual(['created']);
    expect(await mailed()).toBe(false);

    const worker = await buildWorker({
      config: { ...api.config, RUN_WORKER: true },
      database: api.database,
      logger: false,
    });
    try {
      await worker.ready();
      await waitFor(mailed, { what: 'the alert sent by the worker' });
    } finally {
      await worker.close();
    }
  });

  it("a group of captured leads gets one alert job; the leads of an e-mail that fails go back alone, the others' are not resent", async () => {
    const failing = await createOwner(api, 'Imobiliária com SMTP recusado');
    const working = await createOwner(api, 'Imobiliária em grupo');
    const captured = await Promise.all(
      [
        [failing, 'Alerta falha um'],
        [working, 'Alerta enviado'],
        [failing, 'Alerta falha dois'],
      ].map(([owner, name], i) =>
        captureLead(api.app.deps, {
          realEstateId: (owner as typeof failing).realEstateId,
          name: name as string,
          phone: `1191111222${i}`,
          consent: true,
        }),
      ),
    );
    const ids = captured.map((c) => c.lead.id);
    const [job] = await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadIds: ids } });
    expect(job!.data).toEqual({ leadIds: ids });
    // Written with the leads, with its heartbeat: a process killed in the middle of it, and it runs again
    // one to three minutes later.
    expect(job!.heartbeatSeconds).toBe(60);

    const sent: string[] = [];
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: { to: string; subject: string }) {
        if (message.to === failing.email) throw new Error('SMTP fora do ar');
        sent.push(message.subject);
      },
    };
    const deps = { ...api.app.deps, mailer, signal: new AbortController().signal };
    await leadAlertJob.handle(leadAlertJob.payload.parse(job!.data), deps);
    expect(sent).toEqual(['Novo lead: Alerta enviado']);
    const retried = async (id: string) =>
      (await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadId: id } })).map((j) => j.data);
    expect([await retried(ids[0]!), await retried(ids[1]!), await retried(ids[2]!)]).toEqual([
      [{ leadId: ids[0], to: [failing.email] }],
      [],
      [{ leadId: ids[2], to: [failing.email] }],
    ]);
  });

  it("an alert job whose process died is failed by its stale heartbeat and runs again, long before pg-boss's expiry", async () => {
    // A database of its own and no workers: no other test file's worker may take this job, and the
    // heartbeats made stale below are this test's only.
    const alone = await createTestContext({}, { RUN_WORKER: 'false' }, undefined, undefined, true);
    try {
      const owner = await createOwner(alone, 'Imobiliária do processo morto');
      const { lead } = await captureLead(alone.app.deps, {
        realEstateId: owner.realEstateId,
        name: 'Alerta órfão',
        phone: '11911117777',
        consent: true,
      });
      const { boss } = alone.app.queue;
      const mine = async () =>
        (await boss.findJobs(leadAlertJob.name, { data: { leadIds: [lead.id] } })).map((j) => j.state);
      // A worker claims the group's job (it is active, its heartbeat written) and dies: the heartbeat stops.
      const claimed = await boss.fetch(leadAlertJob.name, { batchSize: 10 });
      const job = claimed.find((j) => (j.data as { leadIds?: string[] }).leadIds?.includes(lead.id));
      expect(job).toBeDefined();
      expect(await mine()).toEqual(['active']);
      const { table } = (await boss.getQueue(leadAlertJob.name))!;
      await alone.database.query(
        `update pgboss.${table} set heartbeat_on = heartbeat_on - interval '61 seconds' where id = $1`,
        [job!.id],
      );
      // pg-boss's supervisor, as it runs about every minute (its last pass forgotten, so this one is due).
      await alone.database.query(
        `update pgboss.queue set monitor_on = null, monitor_claim_on = null where name = $1`,
        [leadAlertJob.name],
      );
      await boss.supervise(leadAlertJob.name);
      expect(await mine()).toEqual(['retry']);
    } finally {
      await alone.close();
    }
  });

  it("a group of two agencies' leads: each team gets its own agency's leads", async () => {
    const one = await createOwner(api, 'Imobiliária Um');
    const two = await createOwner(api, 'Imobiliária Dois');
    const captured = await Promise.all(
      [one, two, one, two].map((o, i) =>
        captureLead(api.app.deps, {
          realEstateId: o.realEstateId,
          name: `Grupo ${i}`,
          phone: `1192222000${i}`,
          consent: true,
        }),
      ),
    );
    const ids = captured.map((c) => c.lead.id);
    const [job] = await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadIds: ids } });
    expect(job, 'the four leads shared one capture group').toBeDefined();
    const sent: [string, string][] = [];
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: { to: string; subject: string }) {
        sent.push([message.to, message.subject]);
      },
    };
    await leadAlertJob.handle(
      { leadIds: ids },
      { ...api.app.deps, mailer, signal: new AbortController().signal },
    );
    // One e-mail per team: the digest of its agency's two leads.
    expect(sent).toEqual([
      [one.email, '2 novos leads: Grupo 0 e Grupo 2'],
      [two.email, '2 novos leads: Grupo 1 e Grupo 3'],
    ]);
  });

  it('group alert jobs fetched together make one e-mail per recipient; the others of the batch run, and fail, alone', async () => {
    const owner = await createOwner(api, 'Imobiliária dos jobs em lote');
    const ids: string[] = [];
    for (const [name, phone] of [
      ['Lote Um', '11977771111'],
      ['Lote Dois', '11977772222'],
    ] as const) {
      const { lead } = await captureLead(api.app.deps, { realEstateId: owner.realEstateId, name, phone });
      ids.push(lead.id);
    }
    // Two groups, two jobs, as a poller fetches them together.
    const jobs = await Promise.all(
      ids.map(
        async (id) => (await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadIds: [id] } }))[0]!,
      ),
    );
    const sent: string[] = [];
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: { to: string; subject: string }) {
        // A released lead's own alert fails; the digest goes out.
        if (message.subject === 'Novo lead: Lote Um') throw new Error('SMTP fora do ar');
        sent.push(message.subject);
      },
    };
    const deps = { ...api.app.deps, mailer, signal: new AbortController().signal };
    const attempt = { retryCount: 0, retryLimit: 5, last: false };
    const settled = await runJobs(
      leadAlertJob as JobDefinition,
      [
        { data: jobs[0]!.data, attempt },
        { data: { leadId: ids[0] }, attempt },
        { data: jobs[1]!.data, attempt },
        { data: { leadIds: ['não-é-uuid'] }, attempt },
      ],
      deps,
    );
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(sent).toEqual(['2 novos leads: Lote Um e Lote Dois']);
  });

  it('a group job queues each auto-reply once, with its failed alerts, in the transaction that ends it', async () => {
    const owner = await createOwner(api, 'Imobiliária com resposta automática');
    await api.database.query(
      `insert into agency_preferences (real_estate_id, key, value) values ($1, 'lead_auto_reply', $2::jsonb)`,
      [owner.realEstateId, JSON.stringify({ v: { enabled: true, message: 'Olá, {nome}!' } })],
    );
    const base = { realEstateId: owner.realEstateId, consent: true };
    const captured = await Promise.all([
      captureLead(api.app.deps, { ...base, name: 'Com e-mail', email: 'com.email@exemplo.com.br' }),
      captureLead(api.app.deps, { ...base, name: 'Falha e-mail', email: 'falha@exemplo.com.br' }),
      captureLead(api.app.deps, { ...base, name: 'Só telefone', phone: '11911115555' }),
    ]);
    const ids = captured.map((c) => c.lead.id);
    // Capture itself queues no auto-reply: the group's job does.
    for (const id of ids)
      expect(await api.app.queue.boss.findJobs('lead-auto-reply', { data: { leadId: id } })).toHaveLength(0);
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send() {
        throw new Error('SMTP fora do ar');
      },
    };
    const deps = { ...api.app.deps, mailer, signal: new AbortController().signal };
    await leadAlertJob.handle({ leadIds: ids }, deps);
    const queued = async (id: string) =>
      (await api.app.queue.boss.findJobs('lead-auto-reply', { data: { leadId: id } })).length;
    expect([await queued(ids[0]!), await queued(ids[1]!), await queued(ids[2]!)]).toEqual([1, 1, 0]);
    // The team's digest failed: its three leads' alerts go back, one job each.
    for (const id of ids)
      expect(await api.app.queue.boss.findJobs(leadAlertJob.name, { data: { leadId: id } })).toHaveLength(1);
  });

  it('a delivery job names one delivery or a group of at most DELIVERY_GROUP_MAX', () => {
    const ids = Array.from({ length: DELIVERY_GROUP_MAX + 1 }, () => randomUUID());
    expect(deliveryGroupPayloads(ids)).toEqual([
      { deliveryIds: ids.slice(0, DELIVERY_GROUP_MAX) },
      { deliveryIds: ids.slice(DELIVERY_GROUP_MAX) },
    ]);
    expect(toJobInsert(leadDeliveryJob, { deliveryIds: ids.slice(0, 2) }).data).toEqual({
      deliveryIds: ids.slice(0, 2),
    });
    expect(() => toJobInsert(leadDeliveryJob, { deliveryIds: ids })).toThrow(InvalidJobPayload);
    expect(() => toJobInsert(leadDeliveryJob, { deliveryId: ids[0], deliveryIds: [ids[0]!] })).toThrow(
      InvalidJobPayload,
    );
    expect(() => toJobInsert(leadDeliveryJob, {})).toThrow(InvalidJobPayload);
  });

  it('an alert job names either one lead or a group of them', () => {
    const id = randomUUID();
    expect(toJobInsert(leadAlertJob, { leadIds: [id, randomUUID()] }).data).toMatchObject({
      leadIds: [id, expect.any(String)],
    });
    expect(() => toJobInsert(leadAlertJob, { leadId: id, leadIds: [id] })).toThrow(InvalidJobPayload);
    expect(toJobInsert(leadAlertJob, { leadId: id, to: ['a@exemplo.com.br'] }).data).toEqual({
      leadId: id,
      to: ['a@exemplo.com.br'],
    });
    expect(() => toJobInsert(leadAlertJob, { leadIds: [id], to: ['a@exemplo.com.br'] })).toThrow(
      InvalidJobPayload,
    );
    expect(() => toJobInsert(leadAlertJob, { leadIds: [] })).toThrow(InvalidJobPayload);
  });
});

describe('workers apart (PostgreSQL)', () => {
  it.runIf(process.env.TEST_DATABASE === 'postgres')(
    'a lead captured by an API without workers wakes the worker process at once (NOTIFY), not at its next poll',
    async () => {
      // A database of its own: no other test file's workers may take this delivery first.
      const alone = await createTestContext(
        {},
        { RUN_WORKER: 'false', ALLOW_PRIVATE_NETWORK_TARGETS: '1' },
        undefined,
        undefined,
        true,
      );
      let worker: Awaited<ReturnType<typeof buildWorker>> | null = null;
      let receiver: FakeWebhook | null = null;
      try {
        const owner = await createOwner(alone, 'Imobiliária com worker à parte');
        const c = new TestClient(alone.app);
        await c.login(owner.email);
        const url = `/v1/real-estates/${owner.realEstateId}/integrations`;
        const secret = (await c.get(`${url}/webhook/secret`)).json().data.secret as string;
        receiver = await startFakeWebhook({ secret });
        const saved = await c.put(url, { name: 'webhook', payload: { url: receiver.endpoint } });
        expect(saved.json().data.is_active).toBe(true);
        // The worker polls every 10 minutes: only the API's wake-up can bring the delivery in seconds.
        worker = await buildWorker({
          config: { ...alone.config, RUN_WORKER: true, QUEUE_POLL_SECONDS: 600 },
          database: alone.database,
          logger: false,
        });
        await worker.ready();
        // Its first polls, at start, found nothing: it now sleeps.
        await new Promise((r) => setTimeout(r, 500));
        const sent = await c.post(`${url}/test-lead`);
        expect(sent.statusCode).toBe(201);
        const events = await waitFor(() => (receiver!.events.length ? receiver!.events : null), {
          timeoutMs: 10_000,
          what: 'the webhook delivered by the worker process',
        });
        expect((events[0]!.body as { data: { id: string } }).data.id).toBe(sent.json().data.lead_id);
      } finally {
        await worker?.close();
        await receiver?.close();
        await alone.close();
      }
    },
  );
});
