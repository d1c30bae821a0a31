/**
 * The alerts' direct hand-over (alert-hand-over.ts): a captured group's alerts are sent from the rows
 * the capture holds, its job waits two minutes as the safety net and is taken back once they are sent.
 * The app runs no workers here: each test starts a hand-over of its own, on its own queue object, with
 * a mailer it watches, so nothing else takes the jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestContext, insertPage, type TestContext } from '../../testing/test-app.ts';
import { ALERT_HAND_OVER_GRACE_SECONDS, alertHandOverOf, startAlertHandOver } from './alert-hand-over.ts';
import { captureLead } from './capture-lead.ts';
import { leadAlertJob } from './jobs/lead-alert.job.ts';
import { readAlertRows } from './send-lead-alert.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { RUN_WORKER: 'false' });
});
afterAll(async () => {
  await ctx?.close();
});

type Sent = { to: string; subject: string; text?: string };

/**
 * A hand-over of its own with a mailer that holds every e-mail until `open()` (so a test sees the
 * group's job before the alerts are sent), and the capture's deps that find it.
 */
function handOverWithGate() {
  const sent: Sent[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const mailer = {
    driver: 'outbox' as const,
    outboxDir: '',
    async send(message: Required<Sent>) {
      await gate;
      sent.push({ to: message.to, subject: message.subject, text: message.text });
    },
  };
  const queue = { ...ctx.app.queue };
  const started = startAlertHandOver({
    ...ctx.app.deps,
    queue,
    mailer,
    signal: new AbortController().signal,
  });
  return { sent, open, queue, stop: () => started.stop(), deps: { ...ctx.app.deps, queue } };
}

const alertJobsOf = async (leadId: string) =>
  ctx.database.query<{ id: string; state: string; wait: number }>(
    `select id, state, extract(epoch from start_after - created_on)::float as wait from pgboss.job
     where name = 'lead-alert' and data->'leadIds' ? $1`,
    [leadId],
  );
const autoRepliesOf = async (leadId: string) =>
  (await ctx.app.queue.boss.findJobs('lead-auto-reply', { data: { leadId } })).length;

async function until(check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function agencyWithAutoReply(name: string) {
  const owner = await createOwner(ctx, name);
  await ctx.database.query(
    `insert into agency_preferences (real_estate_id, key, value) values ($1, 'lead_auto_reply', $2::jsonb)`,
    [owner.realEstateId, JSON.stringify({ v: { enabled: true, message: 'Olá, {nome}!' } })],
  );
  const page = await insertPage(ctx, owner.realEstateId, { title: 'Casa na praia' });
  return { owner, page };
}

describe('alert hand-over', () => {
  it("sends a committed group's alerts from its rows, then takes back its job, which waited as the safety net", async () => {
    const { owner, page } = await agencyWithAutoReply('Imobiliária da entrega direta');
    const h = handOverWithGate();
    try {
      const base = { realEstateId: owner.realEstateId, pageId: page.id, consent: true };
      const captured = await Promise.all([
        captureLead(h.deps, { ...base, name: 'Ana Direta', email: 'ana.direta@exemplo.com.br' }),
        captureLead(h.deps, { ...base, name: 'Beto Direto', phone: '11955554444' }),
      ]);
      const ids = captured.map((c) => c.lead.id);
      // Committed with the leads, to start only after the grace: no worker takes it meanwhile.
      const [job] = await alertJobsOf(ids[0]!);
      expect(job!.state).toBe('created');
      expect(job!.wait).toBeGreaterThan(ALERT_HAND_OVER_GRACE_SECONDS - 5);
      h.open();
      await until(async () => (await alertJobsOf(ids[0]!)).length === 0);
      // One digest to the owner, with the page's title known from the capture's own lookup.
      expect(h.sent).toEqual([
        { to: owner.email, subject: '2 novos leads: Ana Direta e Beto Direto', text: expect.any(String) },
      ]);
      expect(h.sent[0]!.text!.match(/Imóvel: Casa na praia/g)).toHaveLength(2);
      // The auto-reply of the lead that left an e-mail, queued when the job was taken back.
      expect([await autoRepliesOf(ids[0]!), await autoRepliesOf(ids[1]!)]).toEqual([1, 0]);
    } finally {
      await h.stop();
    }
  });

  it('a group whose deliveries get jobs (no delivery hand-over here) still wakes the delivery workers', async () => {
    const { owner } = await agencyWithAutoReply('Imobiliária com webhook e jobs');
    await ctx.database.query(
      `insert into integrations (real_estate_id, name, is_active, payload_encrypted) values ($1, 'webhook', true, 'x')`,
      [owner.realEstateId],
    );
    const h = handOverWithGate();
    const woken: string[] = [];
    h.queue.wake = (job) => void woken.push(job.name);
    try {
      const { deliveries } = await captureLead(h.deps, {
        realEstateId: owner.realEstateId,
        name: 'Edu Entrega',
        phone: '11922221111',
        consent: true,
      });
      expect(deliveries.map((d) => d.status)).toEqual(['pending']);
      expect(woken).toEqual(['lead-delivery']);
      h.open();
    } finally {
      await h.stop();
    }
  });

  it('a job a worker has started meanwhile is left to it: the hand-over queues none of its follow-ups', async () => {
    const { owner } = await agencyWithAutoReply('Imobiliária do envio lento');
    const h = handOverWithGate();
    try {
      const { lead } = await captureLead(h.deps, {
        realEstateId: owner.realEstateId,
        name: 'Carla Lenta',
        email: 'carla.lenta@exemplo.com.br',
        consent: true,
      });
      const [job] = await alertJobsOf(lead.id);
      // The send outlasted the grace: a worker fetched the job (it is active).
      await ctx.database.query(`update pgboss.job set state = 'active' where id = $1`, [job!.id]);
      h.open();
      await until(() => h.sent.length === 1);
      await h.stop();
      expect((await alertJobsOf(lead.id)).map((j) => j.state)).toEqual(['active']);
      // The worker's run queues the auto-reply; the hand-over did not.
      expect(await autoRepliesOf(lead.id)).toBe(0);
    } finally {
      await h.stop();
    }
  });

  it('a process killed before the take-back leaves the job, which sends the alert when it starts', async () => {
    const { owner } = await agencyWithAutoReply('Imobiliária do processo morto');
    const h = handOverWithGate();
    // The gate never opens: the process "dies" with the alert unsent.
    const { lead } = await captureLead(h.deps, {
      realEstateId: owner.realEstateId,
      name: 'Davi Órfão',
      phone: '11944443333',
      consent: true,
    });
    const [job] = await alertJobsOf(lead.id);
    expect(job!.state).toBe('created');
    const [found] = await ctx.app.queue.boss.findJobs(leadAlertJob.name, { id: job!.id });
    const sent: Sent[] = [];
    const mailer = {
      driver: 'outbox' as const,
      outboxDir: '',
      async send(message: Sent) {
        sent.push({ to: message.to, subject: message.subject });
      },
    };
    // Its start come, a worker runs it as any job.
    await leadAlertJob.handle(leadAlertJob.payload.parse(found!.data), {
      ...ctx.app.deps,
      mailer,
      signal: new AbortController().signal,
    });
    expect(sent).toEqual([{ to: owner.email, subject: 'Novo lead: Davi Órfão' }]);
  });

  it('groups committed within the window make one e-mail per recipient, and each job is taken back', async () => {
    const owner = await createOwner(ctx, 'Imobiliária da rajada');
    const h = handOverWithGate();
    try {
      // Two groups with their jobs (captured through the app's own queue: no hand-over there).
      const groups = [];
      for (const [name, phone] of [
        ['Rajada Um', '11933331111'],
        ['Rajada Dois', '11933332222'],
      ] as const) {
        const { lead } = await captureLead(ctx.app.deps, {
          realEstateId: owner.realEstateId,
          name,
          phone,
          consent: true,
        });
        const [job] = await alertJobsOf(lead.id);
        groups.push({ jobId: job!.id, rows: await readAlertRows(ctx.database.db, [lead.id]) });
      }
      const handOver = alertHandOverOf(h.queue)!;
      for (const g of groups) {
        expect(handOver.reserve(1)).toBe(true);
        handOver.run(g);
      }
      h.open();
      await until(() => h.sent.length > 0);
      await h.stop();
      expect(h.sent.map(({ to, subject }) => ({ to, subject }))).toEqual([
        { to: owner.email, subject: '2 novos leads: Rajada Um e Rajada Dois' },
      ]);
      for (const g of groups) expect(await alertJobsOf(g.rows[0]!.lead.id)).toEqual([]);
    } finally {
      await h.stop();
    }
  });

  it('at shutdown it reserves no more room (new groups get jobs that start at once)', async () => {
    const h = handOverWithGate();
    const handOver = alertHandOverOf(h.queue)!;
    expect(handOver.reserve(1)).toBe(true);
    const stopping = h.stop();
    expect(handOver.reserve(1)).toBe(false);
    handOver.release(1);
    await stopping;
  });
});
