/**
 * Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): one person
 * found by e-mail or phone across leads, contacts, visits, deliveries and history; the export; the erasure
 * (rows and counts stay, personal fields go, pending deliveries canceled, idempotent); the log with the key
 * hashed; roles and tenancy; the retention settings and the job's service that applies them in bounded
 * batches.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_NAME, PERSON_EXPORT_FORMAT, personExportSchema } from '@vitrine/contracts';
import {
  analyticsEvents,
  analyticsSessions,
  auditLog,
  contacts,
  deliveries,
  deliveryAttempts,
  inboundRequests,
  leads,
  privacyRequests,
  privacySettings,
} from '../../db/schema.ts';
import { acceptGrupoZapPush, recordInbound } from '../inbound/index.ts';
import { attemptDelivery } from '../deliveries/index.ts';
import { captureLead } from '../leads/index.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  signedInOwner,
  type TestContext,
} from '../../testing/test-app.ts';
import { applyRetention } from './apply-retention.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const db = () => ctx.database.db;

async function newSession(realEstateId: number, pageId: number) {
  const id = randomUUID();
  const now = new Date();
  await db().insert(analyticsSessions).values({
    id,
    realEstateId,
    visitorHash: 'visitante-da-maria',
    pageId,
    startedAt: now,
    lastSeenAt: now,
    source: 'google',
    device: 'mobile',
    eventsCount: 1,
  });
  await db()
    .insert(analyticsEvents)
    .values({ realEstateId, sessionId: id, pageId, name: 'pageview', occurredAt: now, props: null });
  return id;
}

/** An agency with Maria's two leads (one by e-mail and phone, one by phone only), someone else's lead, deliveries and a visit. */
async function agencyWithMaria() {
  const owner = await createOwner(ctx, 'Imobiliária Privacidade');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  const page = await insertPage(ctx, owner.realEstateId, { title: 'Apartamento na Vila Mariana' });
  const sessionId = await newSession(owner.realEstateId, page.id);
  const deps = ctx.app.deps;
  const { lead: first } = await captureLead(deps, {
    realEstateId: owner.realEstateId,
    pageId: page.id,
    name: 'Maria da Silva',
    email: 'maria.silva@exemplo.com.br',
    phone: '11987654321',
    message: 'Quero visitar no sábado, meu CPF é 123.456.789-09',
    consent: true,
    userAgent: 'Mozilla/5.0 (Android)',
    ipHash: 'hash-do-ip',
    gclid: 'gclid-da-maria',
    utmSource: 'google',
    utmCampaign: 'outono',
    utmTerm: 'apartamento vila mariana maria silva',
    utmContent: 'anuncio-maria',
    sessionId,
  });
  const { lead: second } = await captureLead(deps, {
    realEstateId: owner.realEstateId,
    pageId: page.id,
    name: 'Maria S.',
    phone: '11987654321',
    consent: false,
  });
  const { lead: other } = await captureLead(deps, {
    realEstateId: owner.realEstateId,
    pageId: page.id,
    name: 'João Souza',
    email: 'joao@exemplo.com.br',
    phone: '21998887777',
    consent: true,
  });
  const [delivered, pending, otherDelivery] = await db()
    .insert(deliveries)
    .values([
      {
        realEstateId: owner.realEstateId,
        leadId: first.id,
        integration: 'webhook',
        status: 'delivered',
        attempts: 1,
      },
      { realEstateId: owner.realEstateId, leadId: second.id, integration: 'webhook', status: 'pending' },
      { realEstateId: owner.realEstateId, leadId: other.id, integration: 'webhook', status: 'pending' },
    ])
    .returning();
  await db()
    .insert(deliveryAttempts)
    .values([
      {
        deliveryId: delivered!.id,
        attempt: 1,
        startedAt: new Date(),
        durationMs: 40,
        statusCode: 200,
        outcome: 'delivered',
        response: '{"ok":true,"nome":"Maria da Silva","email":"maria.silva@exemplo.com.br"}',
      },
      {
        deliveryId: otherDelivery!.id,
        attempt: 1,
        startedAt: new Date(),
        durationMs: 40,
        statusCode: 503,
        outcome: 'retry',
        response: 'João, tente depois',
      },
    ]);
  expect(
    (await c.request('PATCH', `/v1/leads/${first.id}`, { body: { status: 'em_atendimento' } })).statusCode,
  ).toBe(200);
  return {
    owner,
    c,
    page,
    sessionId,
    first,
    second,
    other,
    delivered: delivered!,
    pending: pending!,
    otherDelivery: otherDelivery!,
  };
}

const base = (id: number) => `/v1/real-estates/${id}/privacy`;

describe('POST …/privacy/search', () => {
  it('finds the person by e-mail in any case, and by phone with or without 55 and DDD', async () => {
    const { owner, c, first, second } = await agencyWithMaria();
    const byEmail = await c.post(`${base(owner.realEstateId)}/search`, {
      email: '  Maria.Silva@EXEMPLO.com.br ',
    });
    expect(byEmail.statusCode).toBe(200);
    const summary = byEmail.json().data;
    expect(summary.key).toEqual({ type: 'email', value: 'maria.silva@exemplo.com.br' });
    expect(summary.leads.map((l: { id: string }) => l.id)).toEqual([first.id]);
    // The first lead's contact (shared with the second by phone), its visit with two events (pageview,
    // lead_submitted), its delivery with one attempt, its status change in the history.
    expect(summary.counts).toEqual({
      leads: 1,
      contacts: 1,
      sessions: 1,
      events: 2,
      deliveries: 1,
      delivery_attempts: 1,
      history: 1,
      inbound_requests: 0,
    });
    expect(summary.leads[0]).toMatchObject({
      name: 'Maria da Silva',
      consent: true,
      page: { title: 'Apartamento na Vila Mariana' },
    });

    for (const phone of ['(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '98765-4321']) {
      const res = await c.post(`${base(owner.realEstateId)}/search`, { phone });
      expect(res.statusCode, phone).toBe(200);
      expect(
        res
          .json()
          .data.leads.map((l: { id: string }) => l.id)
          .sort(),
        phone,
      ).toEqual([first.id, second.id].sort());
      expect(res.json().data.counts.deliveries, phone).toBe(2);
    }
    const nobody = await c.post(`${base(owner.realEstateId)}/search`, { email: 'ninguem@exemplo.com.br' });
    expect(nobody.json().data.counts).toMatchObject({ leads: 0, contacts: 0, deliveries: 0 });
  });

  it('answers 422 in Portuguese naming the field for a missing, double or malformed key', async () => {
    const { owner, c } = await agencyWithMaria();
    const url = `${base(owner.realEstateId)}/search`;
    const none = await c.post(url, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.email).toEqual(['Informe o e-mail ou o telefone da pessoa.']);
    const both = await c.post(url, { email: 'a@b.com.br', phone: '11987654321' });
    expect(both.json().errors.phone).toEqual(['Informe só um: o e-mail ou o telefone.']);
    const badEmail = await c.post(url, { email: 'maria@' });
    expect(badEmail.json().errors.email).toEqual(['Informe um e-mail válido.']);
    const badPhone = await c.post(url, { phone: '1234' });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.phone[0]).toMatch(/telefone com DDD/);
    const notText = await c.post(url, { email: 42 });
    expect(notText.statusCode).toBe(422);
    expect(notText.json().errors.email).toEqual(['O e-mail deve ser um texto.']);
  });

  it('exports and erases only by a phone with its DDD (a number alone may be a stranger of another DDD)', async () => {
    const { owner, c } = await agencyWithMaria();
    for (const action of ['export', 'erase']) {
      const res = await c.post(`${base(owner.realEstateId)}/${action}`, { phone: '98765-4321' });
      expect(res.statusCode, action).toBe(422);
      expect(res.json().errors.phone[0], action).toMatch(/com DDD/);
    }
    // Nothing was erased.
    const after = await c.post(`${base(owner.realEstateId)}/search`, { email: 'maria.silva@exemplo.com.br' });
    expect(after.json().data.leads[0].name).toBe('Maria da Silva');
  });

  it('is for owners and admins: an agent gets 403, another agency 404', async () => {
    const { owner } = await agencyWithMaria();
    const admin = await addMember(ctx, owner.realEstateId, 'admin');
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const asAdmin = new TestClient(ctx.app);
    await asAdmin.login(admin.email);
    expect(
      (await asAdmin.post(`${base(owner.realEstateId)}/search`, { email: 'maria.silva@exemplo.com.br' }))
        .statusCode,
    ).toBe(200);
    const asAgent = new TestClient(ctx.app);
    await asAgent.login(agent.email);
    for (const [method, path] of [
      ['POST', 'search'],
      ['POST', 'export'],
      ['POST', 'erase'],
      ['GET', 'requests'],
      ['GET', 'retention'],
    ] as const) {
      const res = await asAgent.request(method, `${base(owner.realEstateId)}/${path}`, {
        body: method === 'POST' ? { email: 'maria.silva@exemplo.com.br' } : undefined,
      });
      expect(res.statusCode, path).toBe(403);
    }
    const stranger = await createOwner(ctx, 'Outra');
    const s = new TestClient(ctx.app);
    await s.login(stranger.email);
    const erase = await s.post(`${base(owner.realEstateId)}/erase`, { email: 'maria.silva@exemplo.com.br' });
    expect(erase.statusCode).toBe(404);
    const [lead] = await db()
      .select()
      .from(leads)
      .where(and(eq(leads.realEstateId, owner.realEstateId), eq(leads.name, 'Maria da Silva')));
    expect(lead!.email).toBe('maria.silva@exemplo.com.br');
  });
});

describe('POST …/privacy/export', () => {
  it('downloads everything found as one JSON document, and logs the request with the key hashed', async () => {
    const { owner, c, first, sessionId, delivered } = await agencyWithMaria();
    const res = await c.post(`${base(owner.realEstateId)}/export`, { phone: '11987654321' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="dados-pessoais-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = personExportSchema.parse(res.json());
    expect(doc.format).toBe(PERSON_EXPORT_FORMAT);
    expect(doc.agency).toMatchObject({ id: owner.realEstateId, name: 'Imobiliária Privacidade' });
    expect(doc.counts).toMatchObject({ leads: 2, contacts: 1, sessions: 1, deliveries: 2 });
    const lead = doc.leads.find((l) => l.id === first.id)!;
    expect(lead).toMatchObject({
      name: 'Maria da Silva',
      email: 'maria.silva@exemplo.com.br',
      message: 'Quero visitar no sábado, meu CPF é 123.456.789-09',
      consent: true,
      user_agent: 'Mozilla/5.0 (Android)',
      gclid: 'gclid-da-maria',
    });
    expect(lead.history).toEqual([
      expect.objectContaining({
        action: 'lead.status_changed',
        details: { from: 'novo', to: 'em_atendimento' },
      }),
    ]);
    expect(lead.deliveries).toEqual([
      expect.objectContaining({
        id: delivered.id,
        status: 'delivered',
        attempts: [
          expect.objectContaining({ status_code: 200, response: expect.stringContaining('Maria da Silva') }),
        ],
      }),
    ]);
    expect(lead.session?.id).toBe(sessionId);
    expect(lead.session?.events.map((e) => e.name)).toEqual(['pageview', 'lead_submitted']);
    expect(doc.contacts[0]).toMatchObject({ phone: '11987654321', leads_count: 2 });

    const log = await c.get(`${base(owner.realEstateId)}/requests`);
    expect(log.statusCode).toBe(200);
    expect(log.json().meta.total).toBe(1);
    const entry = log.json().data[0];
    expect(entry).toMatchObject({ action: 'export', key_type: 'phone', actor: { name: 'Dona Teste' } });
    expect(entry.counts).toMatchObject({ leads: 2, deliveries: 2 });
    expect(entry.key_hash).toMatch(/^[0-9a-f]{12}$/);
    const [stored] = await db()
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.realEstateId, owner.realEstateId));
    expect(JSON.stringify(stored)).not.toContain('987654321');
    expect(stored!.keyHash).toHaveLength(64);
  });
});

describe('POST …/privacy/erase', () => {
  it('anonymises the person in every table, keeps rows and counts, cancels pending deliveries, and is idempotent', async () => {
    const { owner, c, first, second, other, sessionId, delivered, pending, otherDelivery } =
      await agencyWithMaria();
    // The same e-mail in another agency: a different controller's data, untouched.
    const elsewhere = await createOwner(ctx, 'Outra Imobiliária');
    const { lead: foreign } = await captureLead(ctx.app.deps, {
      realEstateId: elsewhere.realEstateId,
      name: 'Maria da Silva',
      email: 'maria.silva@exemplo.com.br',
      phone: '11987654321',
      consent: true,
    });
    const leadsBefore = await db()
      .select({ n: count() })
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));

    const res = await c.post(`${base(owner.realEstateId)}/erase`, { phone: '+55 (11) 98765-4321' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Dados anonimizados.');
    expect(res.json().data.counts).toEqual({
      leads: 2,
      contacts: 1,
      sessions: 1,
      events: 2,
      deliveries: 2,
      delivery_attempts: 1,
      history: 1,
      inbound_requests: 0,
      canceled_deliveries: 1,
    });
    expect(res.json().data.request).toMatchObject({ action: 'erase', key_type: 'phone' });

    const erased = await db()
      .select()
      .from(leads)
      .where(inArray(leads.id, [first.id, second.id]));
    for (const l of erased)
      expect(l).toMatchObject({
        name: ERASED_NAME,
        email: null,
        phone: null,
        message: null,
        ipHash: null,
        userAgent: null,
        gclid: null,
        utmTerm: null,
        utmContent: null,
        sessionId: null,
      });
    // What is not personal stays: status, page, consent, source, the campaign's own tags.
    expect(erased.find((l) => l.id === first.id)).toMatchObject({
      status: 'em_atendimento',
      consent: true,
      utmSource: 'google',
      utmCampaign: 'outono',
    });
    const leadsAfter = await db()
      .select({ n: count() })
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    expect(leadsAfter).toEqual(leadsBefore);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, first.contactId!));
    expect(contact).toMatchObject({ name: ERASED_NAME, email: null, phone: null, leadsCount: 2 });

    const [session] = await db().select().from(analyticsSessions).where(eq(analyticsSessions.id, sessionId));
    expect(session!.leadId).toBeNull();
    expect(session!.visitorHash).not.toBe('visitante-da-maria');
    const events = await db().select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
    expect(events).toHaveLength(2);
    expect(JSON.stringify(events)).not.toContain(first.id);

    const ds = await db()
      .select()
      .from(deliveries)
      .where(inArray(deliveries.id, [delivered.id, pending.id, otherDelivery.id]));
    expect(ds.find((d) => d.id === delivered.id)!.status).toBe('delivered');
    expect(ds.find((d) => d.id === pending.id)!.status).toBe('canceled');
    expect(ds.find((d) => d.id === otherDelivery.id)!.status).toBe('pending');
    const attempts = await db()
      .select()
      .from(deliveryAttempts)
      .where(inArray(deliveryAttempts.deliveryId, [delivered.id, otherDelivery.id]));
    expect(attempts.find((a) => a.deliveryId === delivered.id)).toMatchObject({
      response: null,
      statusCode: 200,
      outcome: 'delivered',
    });
    expect(attempts.find((a) => a.deliveryId === otherDelivery.id)!.response).toBe('João, tente depois');

    // The canceled delivery is never sent: its job finds it no longer pending, and it cannot be replayed.
    await attemptDelivery(ctx.app.deps, { deliveryId: pending.id });
    const [still] = await db().select().from(deliveries).where(eq(deliveries.id, pending.id));
    expect(still).toMatchObject({ status: 'canceled', attempts: 0 });
    const replay = await c.post(`/v1/deliveries/${pending.id}/replay`);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toMatch(/cancelada porque os dados do titular foram anonimizados/);

    // Someone else and another agency: untouched.
    const [john] = await db().select().from(leads).where(eq(leads.id, other.id));
    expect(john).toMatchObject({ name: 'João Souza', email: 'joao@exemplo.com.br' });
    const [theirs] = await db().select().from(leads).where(eq(leads.id, foreign.id));
    expect(theirs).toMatchObject({ name: 'Maria da Silva', email: 'maria.silva@exemplo.com.br' });

    // Again: nothing left to find or change.
    const again = await c.post(`${base(owner.realEstateId)}/erase`, { phone: '11987654321' });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/^Nada a anonimizar/);
    expect(again.json().data.counts).toMatchObject({
      leads: 0,
      contacts: 0,
      deliveries: 0,
      canceled_deliveries: 0,
    });
    const byEmail = await c.post(`${base(owner.realEstateId)}/search`, {
      email: 'maria.silva@exemplo.com.br',
    });
    expect(byEmail.json().data.counts.leads).toBe(0);
    const log = (await c.get(`${base(owner.realEstateId)}/requests`)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(['erase', 'erase']);
    // The same person gives the same hash (with or without 55).
    expect(log.data[0].key_hash).toBe(log.data[1].key_hash);
  });
});

describe('the inbound ledger (lead sources)', () => {
  /** Ana's requests as portals, the API and Meta sent them, and one of Joana's. */
  async function agencyWithInbound() {
    const { client: c, ...owner } = await signedInOwner(ctx, 'Portal LGPD');
    const realEstateId = owner.realEstateId;
    const deps = ctx.app.deps;
    // A push that became Ana's lead.
    const pushed = await acceptGrupoZapPush(deps, {
      realEstateId,
      body: {
        leadOrigin: 'Grupo OLX',
        originLeadId: 'lgpd-1',
        clientListingId: 'AP-1',
        name: 'Ana Lima',
        email: 'Ana.Lima@Exemplo.com.br',
        ddd: '21',
        phone: '987650001',
        message: 'Quero visitar.',
      },
    });
    if (!pushed.ok) throw new Error(pushed.reason);
    // A push refused for its missing listing code: only the DDD and phone name her.
    const refusedPush = await acceptGrupoZapPush(deps, {
      realEstateId,
      body: { originLeadId: 'lgpd-2', name: 'Ana', ddd: 21, phone: '98765-0001' },
    });
    const row = (body: unknown, channel: 'lead_api' | 'meta_lead_ads') =>
      recordInbound(deps, {
        realEstateId,
        channel,
        outcome: 'refused',
        httpStatus: 422,
        reason: 'Recusada.',
        body,
      });
    // An API body refused, its message quoting her e-mail.
    const api = await row({ message: 'Falar com ana.lima@exemplo.com.br, por favor' }, 'lead_api');
    // A Meta lead's answers, her phone as the form took it.
    const meta = await row(
      { lead: { field_data: [{ name: 'phone_number', values: ['+55 21 98765-0001'] }] } },
      'meta_lead_ads',
    );
    // Joana: an address that ends with Ana's, another phone.
    const joana = await row(
      { name: 'Joana', email: 'joana.ana.lima@exemplo.com.br', phone: '21987650002' },
      'lead_api',
    );
    return {
      owner,
      c,
      ids: {
        pushed: pushed.result.requestId,
        refusedPush: refusedPush.ok ? '' : refusedPush.requestId!,
        api,
        meta,
        joana,
      },
      lead: pushed.result.lead,
    };
  }
  const bodyOf = async (id: string) =>
    (
      await db()
        .select({ body: inboundRequests.body })
        .from(inboundRequests)
        .where(eq(inboundRequests.id, id))
    )[0]!.body;

  it('finds and exports the requests of the person: by their leads and by e-mail or phone in the bodies', async () => {
    const { owner, c, ids } = await agencyWithInbound();
    const byPhone = await c.post(`${base(owner.realEstateId)}/search`, { phone: '(21) 98765-0001' });
    expect(byPhone.json().data.counts.inbound_requests).toBe(3);
    const byEmail = await c.post(`${base(owner.realEstateId)}/search`, { email: 'ana.lima@exemplo.com.br' });
    expect(byEmail.json().data.counts.inbound_requests).toBe(2);
    const res = await c.post(`${base(owner.realEstateId)}/export`, { phone: '21987650001' });
    const doc = personExportSchema.parse(res.json());
    expect(doc.inbound_requests.map((r) => r.id).sort()).toEqual(
      [ids.pushed, ids.refusedPush, ids.meta].sort(),
    );
    expect(doc.inbound_requests.find((r) => r.id === ids.pushed)).toMatchObject({
      channel: 'grupo_zap',
      outcome: 'created',
      body: { name: 'Ana Lima', originLeadId: 'lgpd-1' },
    });
  });

  it('erasing the person clears those bodies (rows stay, no longer replayable), not the others', async () => {
    const { owner, c, ids, lead } = await agencyWithInbound();
    const erased = await c.post(`${base(owner.realEstateId)}/erase`, { phone: '21987650001' });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().data.counts).toMatchObject({ leads: 1, inbound_requests: 3 });
    for (const id of [ids.pushed, ids.refusedPush, ids.meta]) expect(await bodyOf(id), id).toBeNull();
    // The e-mail in the API body is another key: erased by it too.
    expect(await bodyOf(ids.api)).not.toBeNull();
    const byEmail = await c.post(`${base(owner.realEstateId)}/erase`, { email: 'ana.lima@exemplo.com.br' });
    expect(byEmail.json().data.counts.inbound_requests).toBe(1);
    expect(await bodyOf(ids.api)).toBeNull();
    // Joana's request is hers.
    expect(await bodyOf(ids.joana)).toMatchObject({ name: 'Joana' });
    // The rows stay, with the lead they brought; none can be replayed any more.
    const rows = await db()
      .select()
      .from(inboundRequests)
      .where(eq(inboundRequests.realEstateId, owner.realEstateId));
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.id === ids.pushed)!.leadId).toBe(lead.id);
    const listed = await c.get(`/v1/real-estates/${owner.realEstateId}/inbound-requests?per_page=50`);
    const replayable = listed.json().data.filter((r: { can_replay: boolean }) => r.can_replay);
    expect(replayable.map((r: { id: string }) => r.id)).toEqual([ids.joana]);
    // Idempotent: nothing left to find.
    const again = await c.post(`${base(owner.realEstateId)}/erase`, { phone: '21987650001' });
    expect(again.json().data.counts.inbound_requests).toBe(0);
  });
});

describe('retention settings', () => {
  it('has defaults, is changed by owners and admins, and refuses values out of bounds in Portuguese', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Retenção');
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const url = `${base(owner.realEstateId)}/retention`;
    const initial = await c.get(url);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toMatchObject({
      analytics_months: 13,
      delivery_bodies_months: 6,
      defaults: { analytics_months: 13, delivery_bodies_months: 6 },
      limits: { analytics_months: { min: 1, max: 13 }, delivery_bodies_months: { min: 1, max: 24 } },
      updated_at: null,
    });
    expect(initial.json().data).toMatchObject({
      inbound_bodies_months: 6,
      defaults: { inbound_bodies_months: 6 },
      limits: { inbound_bodies_months: { min: 1, max: 24 } },
    });
    const changed = await c.put(url, { analytics_months: 3, delivery_bodies_months: 2 });
    expect(changed.statusCode).toBe(200);
    // A client that does not send the inbound period keeps it.
    expect(changed.json().data).toMatchObject({
      analytics_months: 3,
      delivery_bodies_months: 2,
      inbound_bodies_months: 6,
    });
    const inbound = await c.put(url, {
      analytics_months: 3,
      delivery_bodies_months: 2,
      inbound_bodies_months: 1,
    });
    expect(inbound.json().data.inbound_bodies_months).toBe(1);
    expect((await c.get(url)).json().data.delivery_bodies_months).toBe(2);
    const inboundZero = await c.put(url, {
      analytics_months: 3,
      delivery_bodies_months: 2,
      inbound_bodies_months: 0,
    });
    expect(inboundZero.statusCode).toBe(422);
    expect(inboundZero.json().errors.inbound_bodies_months).toEqual([
      'A retenção dos corpos das requisições recebidas deve ser de pelo menos 1 mês.',
    ]);
    expect((await c.get(url)).json().data.analytics_months).toBe(3);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.realEstateId, owner.realEstateId), eq(auditLog.action, 'privacy.retention_changed')),
      );
    expect(audit).toMatchObject({
      userId: owner.userId,
      details: {
        from: { analytics_months: 13, delivery_bodies_months: 6 },
        to: { analytics_months: 3, delivery_bodies_months: 2 },
      },
    });

    const zero = await c.put(url, { analytics_months: 0, delivery_bodies_months: 2 });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.analytics_months).toEqual([
      'A retenção de analytics deve ser de pelo menos 1 mês.',
    ]);
    const tooLong = await c.put(url, { analytics_months: 14, delivery_bodies_months: 2 });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.analytics_months[0]).toMatch(/no máximo 13 meses/);
    const text = await c.put(url, { analytics_months: 3, delivery_bodies_months: 'seis' });
    expect(text.json().errors.delivery_bodies_months).toEqual([
      'A retenção das respostas dos CRMs deve ser um número de meses.',
    ]);
  });
});

describe('applyRetention (the privacy-retention job)', () => {
  const monthsAgo = (now: Date, months: number, days = 0) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - months);
    d.setUTCDate(d.getUTCDate() - days);
    return d;
  };

  it('deletes old raw analytics and blanks old CRM answers per agency, in bounded batches, idempotently', async () => {
    const now = new Date();
    const short = await createOwner(ctx, 'Retém pouco');
    const usual = await createOwner(ctx, 'Retém o padrão');
    await db()
      .insert(privacySettings)
      .values({ realEstateId: short.realEstateId, analyticsMonths: 3, deliveryBodiesMonths: 2 });

    // Analytics: five old events and a new one for each agency; an old and a new session.
    for (const agency of [short, usual]) {
      const oldSession = randomUUID();
      const newSessionId = randomUUID();
      await db()
        .insert(analyticsSessions)
        .values([
          {
            id: oldSession,
            realEstateId: agency.realEstateId,
            visitorHash: 'v',
            startedAt: monthsAgo(now, 4),
            lastSeenAt: monthsAgo(now, 4),
            source: 'direct',
            device: 'desktop',
          },
          {
            id: newSessionId,
            realEstateId: agency.realEstateId,
            visitorHash: 'v',
            startedAt: now,
            lastSeenAt: now,
            source: 'direct',
            device: 'desktop',
          },
        ]);
      await db()
        .insert(analyticsEvents)
        .values([
          ...Array.from({ length: 5 }, (_, i) => ({
            realEstateId: agency.realEstateId,
            sessionId: oldSession,
            name: 'pageview',
            occurredAt: monthsAgo(now, 4, i),
          })),
          { realEstateId: agency.realEstateId, sessionId: newSessionId, name: 'pageview', occurredAt: now },
        ]);
    }
    // Deliveries: answers 7 months, 3 months and 1 day old in each agency.
    const attemptIds: Record<string, Record<string, number>> = {};
    for (const agency of [short, usual]) {
      const { lead } = await captureLead(ctx.app.deps, {
        realEstateId: agency.realEstateId,
        name: 'Lead antigo',
        phone: '11912345678',
        consent: true,
      });
      attemptIds[agency.realEstateId] = {};
      for (const [label, at] of [
        ['7m', monthsAgo(now, 7)],
        ['3m', monthsAgo(now, 3)],
        ['1d', new Date(now.getTime() - 86_400_000)],
      ] as const) {
        const [d] = await db()
          .insert(deliveries)
          .values({
            realEstateId: agency.realEstateId,
            leadId: lead.id,
            integration: (['webhook', 'arbo', 'jetimob'] as const)[
              Object.keys(attemptIds[agency.realEstateId]!).length
            ]!,
            status: 'delivered',
            lastError: `HTTP 422: {"nome":"Lead antigo ${label}"}`,
            createdAt: at,
            updatedAt: at,
          })
          .returning();
        const [a] = await db()
          .insert(deliveryAttempts)
          .values({
            deliveryId: d!.id,
            attempt: 1,
            startedAt: at,
            durationMs: 10,
            statusCode: 200,
            outcome: 'delivered',
            response: `{"nome":"Lead antigo ${label}"}`,
            // Error texts may quote the answer too.
            error: `HTTP 422: {"nome":"Lead antigo ${label}"}`,
          })
          .returning();
        attemptIds[agency.realEstateId]![label] = a!.id;
      }
    }

    const eventsOf = async (id: number) =>
      (
        await db().select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.realEstateId, id))
      )[0]!.n;
    const sessionsOf = async (id: number) =>
      (
        await db()
          .select({ n: count() })
          .from(analyticsSessions)
          .where(eq(analyticsSessions.realEstateId, id))
      )[0]!.n;
    const responseOf = async (id: number) =>
      (await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.id, id)))[0]!;

    // Batches of 2, at most 2 per kind and agency: the first run deletes 4 of the 5 old events.
    const first = await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 2 });
    expect(first.events).toBeGreaterThanOrEqual(4);
    expect(await eventsOf(short.realEstateId)).toBe(2);
    const second = await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 2 });
    expect(second.events).toBeGreaterThanOrEqual(1);
    expect(await eventsOf(short.realEstateId)).toBe(1);
    expect(await sessionsOf(short.realEstateId)).toBe(1);
    // The agency on the defaults (13 months): its 4-month-old analytics stay.
    expect(await eventsOf(usual.realEstateId)).toBe(6);
    expect(await sessionsOf(usual.realEstateId)).toBe(2);

    // Answers: 2 months for the short agency (7m and 3m blanked), 6 by default (only 7m).
    const s = attemptIds[short.realEstateId]!;
    const u = attemptIds[usual.realEstateId]!;
    expect(await responseOf(s['7m']!)).toMatchObject({ response: null, error: null });
    expect(await responseOf(s['3m']!)).toMatchObject({ response: null, error: null });
    expect(await responseOf(s['1d']!)).toMatchObject({
      response: '{"nome":"Lead antigo 1d"}',
      error: 'HTTP 422: {"nome":"Lead antigo 1d"}',
    });
    expect(await responseOf(u['7m']!)).toMatchObject({
      response: null,
      error: null,
      statusCode: 200,
      outcome: 'delivered',
    });
    expect((await responseOf(u['3m']!)).response).toBe('{"nome":"Lead antigo 3m"}');
    const lastErrors = await db()
      .select({ id: deliveryAttempts.id, lastError: deliveries.lastError })
      .from(deliveryAttempts)
      .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
      .where(inArray(deliveryAttempts.id, [s['7m']!, s['1d']!, u['7m']!]));
    expect(lastErrors.find((r) => r.id === s['7m'])!.lastError).toBeNull();
    expect(lastErrors.find((r) => r.id === u['7m'])!.lastError).toBeNull();
    expect(lastErrors.find((r) => r.id === s['1d'])!.lastError).toBe('HTTP 422: {"nome":"Lead antigo 1d"}');

    // Nothing left: a third run changes nothing of these agencies.
    await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 2 });
    expect(await eventsOf(short.realEstateId)).toBe(1);
    expect((await responseOf(u['3m']!)).response).toBe('{"nome":"Lead antigo 3m"}');
  });

  it("blanks the inbound ledger's bodies past the agency's period (default 6 months), keeping the rows", async () => {
    const now = new Date();
    const short = await createOwner(ctx, 'Recebe e esquece');
    const usual = await createOwner(ctx, 'Recebe e guarda');
    await db().insert(privacySettings).values({
      realEstateId: short.realEstateId,
      analyticsMonths: 13,
      deliveryBodiesMonths: 6,
      inboundBodiesMonths: 1,
    });
    const insert = (realEstateId: number, receivedAt: Date, name: string) =>
      db()
        .insert(inboundRequests)
        .values({
          realEstateId,
          channel: 'grupo_zap',
          source: 'portal_zap',
          outcome: 'refused',
          httpStatus: 422,
          body: { name, phone: '11999990000' },
          receivedAt,
        })
        .returning({ id: inboundRequests.id });
    for (const agency of [short, usual]) {
      for (let i = 0; i < 3; i++) await insert(agency.realEstateId, monthsAgo(now, 7), `velho ${i}`);
      await insert(agency.realEstateId, monthsAgo(now, 2), 'de dois meses');
      await insert(agency.realEstateId, monthsAgo(now, 0, 3), 'recente');
    }
    const bodies = async (realEstateId: number) =>
      (
        await db()
          .select({ body: inboundRequests.body })
          .from(inboundRequests)
          .where(eq(inboundRequests.realEstateId, realEstateId))
          .orderBy(inboundRequests.receivedAt)
      ).map((r) => (r.body as { name?: string } | null)?.name ?? null);

    const first = await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 5 });
    expect(first.inboundBodies).toBeGreaterThanOrEqual(7);
    // One month: everything but the recent one; the default six months: the seven-month-old ones.
    expect(await bodies(short.realEstateId)).toEqual([null, null, null, null, 'recente']);
    expect(await bodies(usual.realEstateId)).toEqual([null, null, null, 'de dois meses', 'recente']);
    const second = await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 5 });
    expect(second.inboundBodies).toBe(0);
  });

  it('walks past more old deliveries than one batch holds (keyset)', async () => {
    const now = new Date();
    const agency = await createOwner(ctx, 'Muitas entregas');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { lead } = await captureLead(ctx.app.deps, {
        realEstateId: agency.realEstateId,
        name: `Lead ${i}`,
        phone: `1191234567${i}`,
        consent: true,
      });
      const at = monthsAgo(now, 8, i);
      const [d] = await db()
        .insert(deliveries)
        .values({
          realEstateId: agency.realEstateId,
          leadId: lead.id,
          integration: 'webhook',
          status: 'delivered',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const [a] = await db()
        .insert(deliveryAttempts)
        .values({
          deliveryId: d!.id,
          attempt: 1,
          startedAt: at,
          durationMs: 10,
          statusCode: 200,
          outcome: 'delivered',
          response: `resposta ${i}`,
        })
        .returning();
      ids.push(a!.id);
    }
    await applyRetention(ctx.app.deps, { now, batchSize: 2, maxBatches: 3 });
    const rows = await db().select().from(deliveryAttempts).where(inArray(deliveryAttempts.id, ids));
    expect(rows.map((r) => r.response)).toEqual([null, null, null, null, null]);
  });
});
