import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, pages } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';
import { withoutScripts } from './render-page-preview.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function agencyWithPage(overrides: Parameters<typeof insertPage>[2] = {}) {
  const owner = await createOwner(ctx, 'Casa & Cia <Imóveis>');
  const page = await insertPage(ctx, owner.realEstateId, overrides);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { owner, page, c };
}

const previewUrl = (id: number) => `/v1/pages/${id}/preview`;
/** The landing as the preview shows it: no scripts, and no form stamp (a new one each render). */
const comparable = (html: string) =>
  withoutScripts(html).replace(/name="_ts" value="[^"]*"/, 'name="_ts" value=""');

const edits = {
  title: 'Cobertura duplex com vista em Pinheiros',
  price_cents: 123_456_700,
  bedrooms: 4,
  description: 'Reformada.\n\nVista para o parque & o rio <sem scripts>.',
  features: ['Terraço', 'Churrasqueira'],
  call_to_action: 'Agende uma visita',
};

describe('POST /v1/pages/{id}/preview', () => {
  it('renders the unsaved fields as /imoveis/{slug} renders them once saved, and saves nothing', async () => {
    const { page, c } = await agencyWithPage();
    const [before] = await ctx.database.db.select().from(pages).where(eq(pages.id, page.id));
    const audits = (
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, String(page.id)))
    ).length;

    const res = await c.post(previewUrl(page.id), { page: edits });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const preview = res.body;
    expect(preview).toContain('<h1>Cobertura duplex com vista em Pinheiros</h1>');
    expect(preview).toMatch(/R\$\s1\.234\.567/);
    expect(preview).toContain('&lt;sem scripts&gt;');
    expect(preview).not.toMatch(/<script/i);

    // Nothing written: the row and the audit log are as they were, and the public page still shows the saved title.
    const [after] = await ctx.database.db.select().from(pages).where(eq(pages.id, page.id));
    expect(after).toEqual(before);
    expect(
      (
        await ctx.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.subject, String(page.id)))
      ).length,
    ).toBe(audits);
    expect((await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).body).toContain(
      `<h1>${page.title}</h1>`,
    );

    expect((await c.put(`/v1/pages/${page.id}`, edits)).statusCode).toBe(200);
    const published = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(published.statusCode).toBe(200);
    expect(published.body).toMatch(/<script/i);
    expect(comparable(published.body)).toBe(comparable(preview));
  });

  it('shows a draft as visitors will get it once published', async () => {
    const { page, c } = await agencyWithPage({ status: 'draft', publishedAt: null });
    const preview = await c.post(previewUrl(page.id), { status: 'draft', title: 'Casa nova no Butantã' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<h1>Casa nova no Butantã</h1>');
    expect((await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).statusCode).toBe(404);

    expect(
      (await c.put(`/v1/pages/${page.id}`, { title: 'Casa nova no Butantã', status: 'published' }))
        .statusCode,
    ).toBe(200);
    const published = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(comparable(published.body)).toBe(comparable(preview.body));
  });

  it('validates with the contract of PUT: the field is named, nothing saved', async () => {
    const { page, c } = await agencyWithPage();
    const res = await c.post(previewUrl(page.id), { price_cents: -5, title: 'Outro' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('price_cents');
    const [row] = await ctx.database.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row!.title).toBe(page.title);
  });

  it('is open to agents of the agency; another agency’s page is a 404', async () => {
    const { owner, page } = await agencyWithPage();
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const asAgent = new TestClient(ctx.app);
    await asAgent.login(agent.email);
    expect((await asAgent.post(previewUrl(page.id), { title: 'Pelo corretor' })).statusCode).toBe(200);

    const other = await createOwner(ctx, 'Outra imobiliária');
    const stranger = new TestClient(ctx.app);
    await stranger.login(other.email);
    const res = await stranger.post(previewUrl(page.id), { title: 'Espiada' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(page.title);
  });
});
