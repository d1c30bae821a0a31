import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundRequests, leads } from '../../db/schema.ts';
import { createOwner, createTestContext, insertPage, type TestContext } from '../../testing/test-app.ts';
import { receiveInboundLead, recordInbound } from './receive-inbound-lead.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('receiveInboundLead', () => {
  it('links the listing code to its page, stores one lead per external id, and keeps the ledger', async () => {
    const owner = await createOwner(ctx, 'Portal S.A.');
    await insertPage(ctx, owner.realEstateId, { title: 'Outro', listingCode: 'CA-9' });
    const page = await insertPage(ctx, owner.realEstateId, { title: 'Apartamento Centro' });
    const push = {
      realEstateId: owner.realEstateId,
      channel: 'grupo_zap' as const,
      source: 'portal_zap' as const,
      externalId: 'zap-lead-1',
      body: { originLeadId: 'zap-lead-1' },
      httpStatus: 200,
      lead: {
        name: 'Bruna Costa',
        phone: '11987654321',
        listingCode: 'AP-123',
        sourceDetails: { temperature: 'Alta' },
      },
    };
    const first = await receiveInboundLead(ctx.app.deps, push);
    const again = await receiveInboundLead(ctx.app.deps, push);
    expect(first.outcome).toBe('created');
    expect(first.listingNotFound).toBe(false);
    expect(first.lead.pageId).toBe(page.id);
    expect(first.lead.source).toBe('portal_zap');
    expect(first.lead.sourceDetails).toEqual({ temperature: 'Alta' });
    expect(again.outcome).toBe('duplicate');
    expect(again.lead.id).toBe(first.lead.id);

    const stored = await ctx.app.deps.db
      .select()
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    expect(stored).toHaveLength(1);
    const ledger = await ctx.app.deps.db
      .select()
      .from(inboundRequests)
      .where(eq(inboundRequests.realEstateId, owner.realEstateId));
    expect(ledger.map((r) => r.outcome).sort()).toEqual(['created', 'duplicate']);
    expect(ledger.every((r) => r.leadId === first.lead.id)).toBe(true);
  });

  it('keeps a lead whose listing code matches no page, with the code', async () => {
    const owner = await createOwner(ctx, 'Sem Código S.A.');
    const result = await receiveInboundLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      channel: 'grupo_zap',
      source: 'portal_vivareal',
      externalId: 'vr-9',
      body: {},
      httpStatus: 200,
      lead: { name: 'Caio', email: 'caio@x.com.br', listingCode: 'NAO-EXISTE' },
    });
    expect(result.outcome).toBe('created');
    expect(result.listingNotFound).toBe(true);
    expect(result.lead.pageId).toBeNull();
    expect(result.lead.listingCode).toBe('NAO-EXISTE');
  });

  it('a NUL from any source (a Meta answer, a key) is dropped, never failing the lead', async () => {
    const owner = await createOwner(ctx, 'Nulo S.A.');
    const result = await receiveInboundLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      channel: 'meta_lead_ads',
      source: 'facebook',
      externalId: 'leadgen-nul',
      body: { field_data: [{ name: 'full_name\u0000', values: ['Ana\u0000 Lima'] }] },
      httpStatus: 200,
      lead: {
        name: 'Ana\u0000 Lima',
        message: 'Quero\u0007 visitar',
        sourceDetails: { answers: { 'qual_bairro\u0000': 'Centro\u0000' } },
      },
    });
    expect(result.outcome).toBe('created');
    expect(result.lead).toMatchObject({
      name: 'Ana Lima',
      message: 'Quero visitar',
      sourceDetails: { answers: { qual_bairro: 'Centro' } },
    });
    const [row] = await ctx.app.deps.db
      .select()
      .from(inboundRequests)
      .where(eq(inboundRequests.id, result.requestId));
    expect(row!.body).toEqual({ field_data: [{ name: 'full_name', values: ['Ana Lima'] }] });
  });

  it('records a refusal without a lead', async () => {
    const owner = await createOwner(ctx, 'Recusa S.A.');
    const id = await recordInbound(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      channel: 'grupo_zap',
      outcome: 'refused',
      httpStatus: 422,
      reason: 'clientListingId ausente.',
      body: { name: 'X' },
    });
    const [row] = await ctx.app.deps.db.select().from(inboundRequests).where(eq(inboundRequests.id, id));
    expect(row).toMatchObject({ outcome: 'refused', httpStatus: 422, leadId: null });
  });
});
