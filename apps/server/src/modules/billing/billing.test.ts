/**
 * Assinatura (docs/product.md#subscription): the trial, the usage meters, the limits the server enforces
 * (published pages refused with a 422 and nothing written; leads never refused, only flagged), plan changes
 * and cancellation through the fake payment provider, and the owner-only rule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, TRIAL_DAYS } from '@vitrine/contracts';
import { leads, pages, realEstates, subscriptions } from '../../db/schema.ts';
import { recountLeadMonths } from './subscription.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function ownerClient() {
  const owner = await createOwner(ctx, 'Imobiliária Assinante');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { owner, c, url: `/v1/real-estates/${owner.realEstateId}/subscription` };
}

let ipSeq = 0;
const postLead = (slug: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: { name: 'Lead do Mês', phone: '(11) 98888-7777', consent: true },
    remoteAddress: `192.0.2.${(ipSeq++ % 250) + 1}`,
  });

describe('GET /v1/real-estates/{id}/subscription', () => {
  it('starts a 14-day trial with the Profissional limits, usage meters and the fake provider’s note', async () => {
    const { owner, c, url } = await ownerClient();
    await insertPage(ctx, owner.realEstateId);
    await insertPage(ctx, owner.realEstateId, { status: 'draft' });
    const res = await c.get(url);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.status).toBe('trialing');
    expect(data.plan.id).toBe('profissional');
    const [agency] = await ctx.database.db
      .select()
      .from(realEstates)
      .where(eq(realEstates.id, owner.realEstateId));
    expect(new Date(data.trial_ends_at).getTime() - agency!.createdAt.getTime()).toBe(
      TRIAL_DAYS * 24 * 60 * 60 * 1000,
    );
    expect(data.usage).toEqual({
      published_pages: { used: 1, limit: 50 },
      users: { used: 1, limit: 5 },
      leads_per_month: { used: 0, limit: 1000 },
    });
    expect(data.plans.map((p: { name: string }) => p.name)).toEqual([
      'Essencial',
      'Profissional',
      'Imobiliária',
    ]);
    expect(data.payments).toMatchObject({ provider: 'fake', live: false });
    expect(data.payments.message).toMatch(/modo de demonstração/);
  });

  it('is the owner’s: admins and agents get 403 on every call, and nothing changes', async () => {
    const { owner, c, url } = await ownerClient();
    for (const role of ['admin', 'agent'] as const) {
      const member = await addMember(ctx, owner.realEstateId, role);
      const m = new TestClient(ctx.app);
      await m.login(member.email);
      expect((await m.get(url)).statusCode).toBe(403);
      expect((await m.put(url, { plan: 'imobiliaria' })).statusCode).toBe(403);
      expect((await m.post(`${url}/cancel`)).statusCode).toBe(403);
    }
    expect((await c.get(url)).json().data.status).toBe('trialing');
  });
});

describe('plan changes and limits', () => {
  it('upgrades through the fake provider; validates the plan in Portuguese', async () => {
    const { c, url } = await ownerClient();
    const bad = await c.put(url, { plan: 'ouro' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.plan[0]).toMatch(/O plano deve ser um de: essencial, profissional, imobiliaria/);
    const res = await c.put(url, { plan: 'imobiliaria', billing_type: 'BOLETO' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Plano Imobiliária ativado.');
    expect(res.json().data).toMatchObject({
      status: 'active',
      billing_type: 'BOLETO',
      plan: { id: 'imobiliaria' },
    });
    expect(res.json().data.usage.published_pages.limit).toBe(300);
    const again = await c.put(url, { plan: 'imobiliaria' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.plan[0]).toMatch(/já está no plano Imobiliária/);
  });

  it('refuses publishing past the plan’s pages with a clear 422, writing nothing; refuses a downgrade that does not fit', async () => {
    const { owner, c, url } = await ownerClient();
    expect((await c.put(url, { plan: 'essencial' })).statusCode).toBe(200);
    for (let i = 0; i < PLANS.essencial.limits.published_pages; i++)
      await insertPage(ctx, owner.realEstateId);
    const draft = await insertPage(ctx, owner.realEstateId, { status: 'draft', title: 'Casa rascunho' });
    const publish = await c.put(`/v1/pages/${draft.id}`, { status: 'published' });
    expect(publish.statusCode).toBe(422);
    expect(publish.json().errors.status[0]).toBe(
      'Seu plano Essencial permite 10 páginas publicadas. Despublique uma página ou mude de plano em Assinatura.',
    );
    const [still] = await ctx.database.db.select().from(pages).where(eq(pages.id, draft.id));
    expect(still!.status).toBe('draft');
    const created = await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, {
      page: { title: 'Nova publicada', status: 'published' },
    });
    expect(created.statusCode).toBe(422);
    // A draft is always fine.
    expect(
      (await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, { page: { title: 'Outro rascunho' } }))
        .statusCode,
    ).toBe(201);

    expect((await c.put(url, { plan: 'profissional' })).statusCode).toBe(200);
    expect((await c.put(`/v1/pages/${draft.id}`, { status: 'published' })).statusCode).toBe(200);
    const down = await c.put(url, { plan: 'essencial' });
    expect(down.statusCode).toBe(422);
    expect(down.json().errors.plan[0]).toBe(
      'O plano Essencial não comporta o que você tem hoje: 11 páginas publicadas (o plano permite 10).',
    );
    expect((await c.get(url)).json().data.plan.id).toBe('profissional');
  });

  it('never refuses a lead for the plan: past the month’s leads it is stored and flagged', async () => {
    const { owner, c, url } = await ownerClient();
    await c.put(url, { plan: 'essencial' });
    const page = await insertPage(ctx, owner.realEstateId);
    const limit = PLANS.essencial.limits.leads_per_month;
    await ctx.database.db.insert(leads).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        realEstateId: owner.realEstateId,
        pageId: page.id,
        name: `Antigo ${i}`,
        phone: '11988887777',
      })),
    );
    // Written directly, as the demo seed does: the month's usage counted again from the leads.
    await recountLeadMonths(ctx.database.db, owner.realEstateId);
    const within = await postLead(page.slug);
    expect(within.statusCode).toBe(201);
    const over = await postLead(page.slug);
    expect(over.statusCode).toBe(201);
    const flags = async (id: string) =>
      (await ctx.database.db.select().from(leads).where(eq(leads.id, id)))[0]!.overPlanLimit;
    expect(await flags(within.json().data.id)).toBe(false);
    expect(await flags(over.json().data.id)).toBe(true);
    const listed = (await c.get(`/v1/real-estates/${owner.realEstateId}/leads?per_page=1`)).json().data[0];
    expect(listed).toMatchObject({ id: over.json().data.id, over_plan_limit: true });
    expect((await c.get(url)).json().data.usage.leads_per_month).toEqual({ used: limit + 1, limit });
  });

  it('lead capture keeps the month’s count: its rows add up to the leads received', async () => {
    const { owner } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    const posted = await Promise.all(Array.from({ length: 7 }, () => postLead(page.slug)));
    expect(posted.map((r) => r.statusCode)).toEqual(Array(7).fill(201));
    const [row] = await ctx.database.query<{ n: number; shards: number }>(
      'select coalesce(sum(leads), 0)::int as n, count(*)::int as shards from lead_month_usage where real_estate_id = $1',
      [owner.realEstateId],
    );
    expect(row!.n).toBe(7);
    expect(row!.shards).toBeGreaterThanOrEqual(1);
    expect(row!.shards).toBeLessThanOrEqual(7);
  });

  it('a trial past its end is over: nothing new is published, leads still arrive (flagged)', async () => {
    const { owner, c, url } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    await c.get(url);
    await ctx.database.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.realEstateId, owner.realEstateId));
    expect((await c.get(url)).json().data.status).toBe('expired');
    const draft = await insertPage(ctx, owner.realEstateId, { status: 'draft' });
    const res = await c.put(`/v1/pages/${draft.id}`, { status: 'published' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/assinatura não está ativa/);
    const lead = await postLead(page.slug);
    expect(lead.statusCode).toBe(201);
    const [stored] = await ctx.database.db.select().from(leads).where(eq(leads.id, lead.json().data.id));
    expect(stored!.overPlanLimit).toBe(true);
  });

  it('cancel: a trial ends at once; a paid plan runs to the end of its period; twice is a 409', async () => {
    const trial = await ownerClient();
    const res = await trial.c.post(`${trial.url}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('canceled');
    expect((await trial.c.post(`${trial.url}/cancel`)).statusCode).toBe(409);

    const paid = await ownerClient();
    await paid.c.put(paid.url, { plan: 'profissional', billing_type: 'PIX' });
    const canceled = (await paid.c.post(`${paid.url}/cancel`)).json().data;
    expect(canceled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(new Date(canceled.current_period_end).getTime()).toBeGreaterThan(Date.now());
    // Choosing a plan again undoes the cancellation.
    expect((await paid.c.put(paid.url, { plan: 'profissional' })).json().data.cancel_at_period_end).toBe(
      false,
    );
  });
});
