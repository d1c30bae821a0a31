/**
 * A landing form sent again after its answer was lost. Behind a load balancer, a replica that dies
 * between the commit and the answer leaves the visitor with an error (a 502 from the proxy); the page's
 * script then posts the form the classic way, and the other replica gets it. The submission key the
 * script draws once per page view (`_sid`) makes that second send find the stored lead: one lead, one
 * delivery, one webhook. Found by `npm run soak:delivery -- --topology replicas` (docs/benchmarks.md).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, leads } from '../../db/schema.ts';
import {
  TestClient,
  createOwner,
  createTestContext,
  insertPage,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { startFakeWebhook, type FakeWebhook } from '../integrations/adapters/testing/fake-webhook.ts';

let ctx: TestContext;
const receivers: FakeWebhook[] = [];
beforeAll(async () => {
  ctx = await createTestContext({}, { ALLOW_PRIVATE_NETWORK_TARGETS: '1', LEAD_MIN_FILL_MS: '0' });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

let ipSeq = 0;
const nextIp = () => `203.0.113.${(ipSeq++ % 250) + 1}`;
const lead = { name: 'Carla Menezes', phone: '(21) 97777-6666', consent: true };
const key = () => `k${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, '0');

const postJson = (slug: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: body,
    remoteAddress: nextIp(),
  });
const postForm = (slug: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: nextIp(),
  });

/** An agency with a published page and a webhook receiver. */
async function agency() {
  const owner = await createOwner(ctx, 'Imobiliária do Reenvio');
  const page = await insertPage(ctx, owner.realEstateId);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  const secret = (await c.get(`/v1/real-estates/${owner.realEstateId}/integrations/webhook/secret`)).json()
    .data.secret;
  const receiver = await startFakeWebhook({ secret });
  receivers.push(receiver);
  await c.put(`/v1/real-estates/${owner.realEstateId}/integrations`, {
    name: 'webhook',
    payload: { url: receiver.endpoint },
  });
  return { owner, page, receiver };
}

const leadsOf = (realEstateId: number) =>
  ctx.database.db.select().from(leads).where(eq(leads.realEstateId, realEstateId));

describe('a landing form sent again after its answer was lost', () => {
  it('with the same submission key, as JSON or as the classic post, finds the stored lead: one lead, one delivery, one webhook', async () => {
    const { owner, page, receiver } = await agency();
    const sid = key();
    const first = await postJson(page.slug, { ...lead, _sid: sid });
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id as string;

    const again = await postJson(page.slug, { ...lead, _sid: sid });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(id);
    // The script's fallback: the same form, form-encoded, with the same key.
    const classic = await postForm(page.slug, {
      name: lead.name,
      phone: lead.phone,
      consent: 'on',
      _sid: sid,
    });
    expect(classic.statusCode).toBe(303);
    expect(classic.headers.location).toBe(`/imoveis/${page.slug}?enviado=1#contato`);

    const stored = await leadsOf(owner.realEstateId);
    expect(stored.map((l) => [l.id, l.submissionKey])).toEqual([[id, sid]]);
    await waitFor(() => receiver.events.length >= 1, { what: 'the webhook of the lead' });
    // Give a second delivery (there must be none) the time to be sent.
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.events.map((e) => (e.body as { data: { id: string } }).data.id)).toEqual([id]);
    const rows = await ctx.database.db.select().from(deliveries).where(eq(deliveries.leadId, id));
    expect(rows).toHaveLength(1);
  });

  it('two sends of one key at once store one lead, and both get its id', async () => {
    const { owner, page } = await agency();
    const sid = key();
    const answers = await Promise.all([
      postJson(page.slug, { ...lead, _sid: sid }),
      postJson(page.slug, { ...lead, _sid: sid }),
      postJson(page.slug, { ...lead, name: 'Outra Pessoa', _sid: key() }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers[1]!.json().data.id).toBe(answers[0]!.json().data.id);
    const stored = await leadsOf(owner.realEstateId);
    expect(stored).toHaveLength(2);
    const ids = stored.map((l) => l.id);
    expect(
      await ctx.database.db.select().from(deliveries).where(inArray(deliveries.leadId, ids)),
    ).toHaveLength(2);
  });

  it('keys are per agency; without a key, or with one that is not a key, every send is a lead and none is refused', async () => {
    const a = await agency();
    const b = await agency();
    const sid = key();
    const inA = await postJson(a.page.slug, { ...lead, _sid: sid });
    const inB = await postJson(b.page.slug, { ...lead, _sid: sid });
    expect([inA.statusCode, inB.statusCode]).toEqual([201, 201]);
    expect(inB.json().data.id).not.toBe(inA.json().data.id);

    for (const _sid of [undefined, 'curta', 'x'.repeat(65), 'tem espaço e acentuação ç', 42]) {
      const res = await postJson(a.page.slug, { ...lead, _sid });
      expect(res.statusCode, String(_sid)).toBe(201);
    }
    const stored = await ctx.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.realEstateId, a.owner.realEstateId)));
    expect(stored).toHaveLength(6);
    expect(stored.filter((l) => l.submissionKey !== null).map((l) => l.submissionKey)).toEqual([sid]);
  });

  it('the landing page carries the empty key field its script fills once per page view', async () => {
    const { page } = await agency();
    const html = (await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).body;
    expect(html).toContain('<input type="hidden" name="_sid">');
  });
});
