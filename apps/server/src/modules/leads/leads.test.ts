import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, leads } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';
import { captureLead, LOOKUP_SQL, releaseLead } from './capture-lead.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function agencyWithLeads() {
  const owner = await createOwner(ctx, 'Leads S.A.');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  const page = await insertPage(ctx, owner.realEstateId, { title: 'Casa no Lago' });
  const other = await insertPage(ctx, owner.realEstateId, { title: 'Sala comercial' });
  const base = { realEstateId: owner.realEstateId, source: 'landing_page' as const, consent: true };
  const a = await captureLead(ctx.app.deps, {
    ...base,
    pageId: page.id,
    name: 'Ana Lima',
    phone: '11988887777',
    email: 'ana@x.com.br',
    message: 'Quero visitar sábado',
    utmSource: 'facebook',
  });
  const b = await captureLead(ctx.app.deps, {
    ...base,
    pageId: other.id,
    name: 'Bruno Reis',
    phone: '21977776666',
    message: '=HYPERLINK("http://mal.example")',
  });
  const q = await captureLead(ctx.app.deps, {
    ...base,
    pageId: page.id,
    name: 'Robô',
    email: 'bot@spam.example',
    quarantined: true,
    quarantineReason: 'campo oculto preenchido (robô)',
  });
  const t = await captureLead(ctx.app.deps, {
    ...base,
    name: 'Teste',
    phone: '11999999999',
    isTest: true,
    source: 'teste',
  });
  return { owner, c, page, other, a: a.lead, b: b.lead, q: q.lead, t: t.lead };
}

/** Leads from the portals and a form: one on a page found by its code, one whose code matched no page. */
async function portalLeads(owner: { realEstateId: number }, pageId: number) {
  const base = { realEstateId: owner.realEstateId, consent: true };
  const zap = await captureLead(ctx.app.deps, {
    ...base,
    source: 'portal_zap',
    pageId,
    listingCode: 'CASA-1',
    sourceDetails: { temperature: 'Alta', transaction_type: 'SELL', lead_origin: 'ZAP' },
    name: 'Carla Portal',
    phone: '11966665555',
  });
  const lost = await captureLead(ctx.app.deps, {
    ...base,
    source: 'portal_olx',
    pageId: null,
    listingCode: 'XYZ-999',
    sourceDetails: { temperature: 'Média', transaction_type: 'RENT' },
    name: 'Diego Sem Imóvel',
    phone: '11955554433',
  });
  const insta = await captureLead(ctx.app.deps, {
    ...base,
    source: 'instagram',
    pageId: null,
    sourceDetails: { answers: [{ question: 'Quantos quartos?', answer: '3' }], campaign_name: 'Verão' },
    name: 'Eva Insta',
    email: 'eva@x.com.br',
  });
  return { zap: zap.lead, lost: lost.lead, insta: insta.lead };
}

describe('GET /v1/real-estates/{id}/leads', () => {
  it('lists newest first with page 1 and per_page 25 by default, without quarantined and test leads', async () => {
    const { c, owner, a, b } = await agencyWithLeads();
    const res = await c.get(`/v1/real-estates/${owner.realEstateId}/leads`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 25, total: 2, last_page: 1 });
    expect(body.data.map((l: { id: string }) => l.id)).toEqual([b.id, a.id]);
    expect(body.data[1]).toMatchObject({
      name: 'Ana Lima',
      status: 'novo',
      page: { title: 'Casa no Lago' },
      utm: { source: 'facebook' },
    });
  });

  it('filters by page, status, search, dates, quarantine and tests', async () => {
    const { c, owner, page, a, b, q, t } = await agencyWithLeads();
    const ids = async (query: string) =>
      (await c.get(`/v1/real-estates/${owner.realEstateId}/leads?${query}`))
        .json()
        .data.map((l: { id: string }) => l.id);
    expect(await ids(`page_id=${page.id}`)).toEqual([a.id]);
    expect(await ids('search=bruno')).toEqual([b.id]);
    expect(await ids('search=98888')).toEqual([a.id]);
    expect(await ids('search=sábado')).toEqual([a.id]);
    expect(await ids('quarantined=1')).toEqual([q.id]);
    expect(await ids('include_tests=1')).toContain(t.id);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(2);
    expect(await ids('from=2000-01-01&to=2000-01-31')).toEqual([]);
    await c.request('PATCH', `/v1/leads/${a.id}`, { body: { status: 'proposta' } });
    expect(await ids('status=proposta')).toEqual([a.id]);
    const bad = await c.get(
      `/v1/real-estates/${owner.realEstateId}/leads?status=quente&per_page=0&from=31/12/2024`,
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'per_page', 'status']);
  });

  it('answers source, source_details and listing_code, and filters by source and by listing not found', async () => {
    const { c, owner, page, a } = await agencyWithLeads();
    const { zap, lost, insta } = await portalLeads(owner, page.id);
    const list = async (query: string) =>
      (await c.get(`/v1/real-estates/${owner.realEstateId}/leads?${query}`)).json();
    const ids = async (query: string) => (await list(query)).data.map((l: { id: string }) => l.id);
    expect(await ids('source=portal_zap')).toEqual([zap.id]);
    expect(await ids('source=landing_page&page_id=' + page.id)).toEqual([a.id]);
    expect(await ids('listing_not_found=1')).toEqual([lost.id]);
    expect(await ids('listing_not_found=1&source=portal_zap')).toEqual([]);
    expect((await ids('listing_not_found=0')).sort()).toEqual((await ids('')).sort());
    const byId = Object.fromEntries((await list('')).data.map((l: { id: string }) => [l.id, l]));
    expect(byId[zap.id]).toMatchObject({
      source: 'portal_zap',
      listing_code: 'CASA-1',
      source_details: { temperature: 'Alta', transaction_type: 'SELL' },
      page: { id: page.id },
    });
    expect(byId[lost.id]).toMatchObject({ listing_code: 'XYZ-999', page: null });
    expect(byId[insta.id].source_details.answers).toEqual([{ question: 'Quantos quartos?', answer: '3' }]);
    expect(byId[a.id]).toMatchObject({ source: 'landing_page', source_details: null, listing_code: null });
    const detail = (await c.get(`/v1/leads/${lost.id}`)).json().data;
    expect(detail).toMatchObject({ source: 'portal_olx', listing_code: 'XYZ-999', page: null });

    const bad = await c.get(`/v1/real-estates/${owner.realEstateId}/leads?source=orkut&listing_not_found=2`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['listing_not_found', 'source']);
  });

  it("answers 404 for another agency's leads, and agents can work leads", async () => {
    const { c, owner, a } = await agencyWithLeads();
    const stranger = await createOwner(ctx);
    const s = new TestClient(ctx.app);
    await s.login(stranger.email);
    expect((await s.get(`/v1/real-estates/${owner.realEstateId}/leads`)).statusCode).toBe(404);
    expect((await s.get(`/v1/leads/${a.id}`)).statusCode).toBe(404);
    expect((await s.request('PATCH', `/v1/leads/${a.id}`, { body: { status: 'ganho' } })).statusCode).toBe(
      404,
    );
    expect((await s.get(`/v1/real-estates/${owner.realEstateId}/leads/export`)).statusCode).toBe(404);
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const g = new TestClient(ctx.app);
    await g.login(agent.email);
    // An agent sees the leads assigned to them; all of them once the agency allows it
    // (docs/product.md#lead-assignment).
    expect((await g.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().meta.total).toBe(0);
    await c.put(`/v1/real-estates/${owner.realEstateId}/team-settings`, { agents_see_all_leads: true });
    expect((await g.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().meta.total).toBe(2);
    expect(
      (await g.request('PATCH', `/v1/leads/${a.id}`, { body: { status: 'em_atendimento' } })).statusCode,
    ).toBe(200);
    // the CSV of every lead is for owners and admins (docs/product.md#roles)
    expect((await g.get(`/v1/real-estates/${owner.realEstateId}/leads/export`)).statusCode).toBe(403);
    expect((await c.get(`/v1/real-estates/${owner.realEstateId}/leads/export`)).statusCode).toBe(200);
  });
});

describe('capture', () => {
  it('a message cut in the middle of an emoji is stored (half a surrogate pair becomes U+FFFD), with its group', async () => {
    const owner = await createOwner(ctx, 'Emoji Imóveis');
    const base = { realEstateId: owner.realEstateId, consent: true };
    const [cut, whole] = await Promise.all([
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Meio emoji',
        phone: '11977770001',
        message: 'Oi 😀'.slice(0, 4),
      }),
      captureLead(ctx.app.deps, { ...base, name: 'Emoji inteiro', phone: '11977770002', message: 'Oi 😀' }),
    ]);
    const stored = await ctx.database.db
      .select()
      .from(leads)
      .where(eq(leads.realEstateId, owner.realEstateId));
    const byId = new Map(stored.map((l) => [l.id, l]));
    expect(byId.get(cut.lead.id)!.message).toBe('Oi \uFFFD');
    expect(byId.get(whole.lead.id)!.message).toBe('Oi 😀');
  });
});

describe('one lead', () => {
  it('shows contact history and the delivery ledger; status changes are recorded', async () => {
    const { c, owner, a, page } = await agencyWithLeads();
    const again = await captureLead(ctx.app.deps, {
      realEstateId: owner.realEstateId,
      pageId: page.id,
      name: 'Ana L.',
      phone: '11988887777',
      consent: true,
    });
    const res = await c.get(`/v1/leads/${again.lead.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ is_repeat: true, contact_id: a.contactId, deliveries: [] });
    expect(data.contact_leads.map((l: { id: string }) => l.id)).toEqual([a.id]);

    const patched = await c.request('PATCH', `/v1/leads/${a.id}`, { body: { status: 'visita_agendada' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.status).toBe('visita_agendada');
    const audit = await ctx.database.db.select().from(auditLog).where(eq(auditLog.subject, a.id));
    expect(audit[0]).toMatchObject({
      action: 'lead.status_changed',
      details: { from: 'novo', to: 'visita_agendada' },
    });
    const bad = await c.request('PATCH', `/v1/leads/${a.id}`, { body: { status: 'quente' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status[0]).toContain('novo, em_atendimento');
    expect((await c.get('/v1/leads/123')).statusCode).toBe(422);
    expect((await c.get('/v1/leads/7d3f1c52-3a1e-4d5b-9a43-1f6c2b1d0a99')).statusCode).toBe(404);
  });

  it('an agent who sees only their own leads sees only their own among the contact’s other leads', async () => {
    const { owner, a, page } = await agencyWithLeads();
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const colleague = await addMember(ctx, owner.realEstateId, 'agent');
    const more = async () =>
      (
        await captureLead(ctx.app.deps, {
          realEstateId: owner.realEstateId,
          pageId: page.id,
          name: 'Ana L.',
          phone: '11988887777',
          consent: true,
        })
      ).lead;
    const mine = await more();
    const alsoMine = await more();
    // Ana's first lead goes to the colleague; the other two to the agent.
    await ctx.database.db.update(leads).set({ assignedUserId: colleague.userId }).where(eq(leads.id, a.id));
    for (const l of [mine, alsoMine])
      await ctx.database.db.update(leads).set({ assignedUserId: agent.userId }).where(eq(leads.id, l.id));
    const g = new TestClient(ctx.app);
    await g.login(agent.email);
    const res = await g.get(`/v1/leads/${mine.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.contact_leads.map((l: { id: string }) => l.id)).toEqual([alsoMine.id]);
    expect((await g.get(`/v1/leads/${a.id}`)).statusCode).toBe(404);
    // The owner sees all of the contact's leads.
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    expect(
      (await c.get(`/v1/leads/${mine.id}`)).json().data.contact_leads.map((l: { id: string }) => l.id),
    ).toEqual([a.id, alsoMine.id]);
  });

  it('releases a quarantined lead once', async () => {
    const { c, q } = await agencyWithLeads();
    const res = await c.post(`/v1/leads/${q.id}/release`);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, q.id));
    expect(row!.quarantined).toBe(false);
    expect((await c.post(`/v1/leads/${q.id}/release`)).statusCode).toBe(409);
  });

  it('two releases at once release the lead once: one alert and auto-reply job, one audit row', async () => {
    const { c, q } = await agencyWithLeads();
    const answers = await Promise.all([0, 1].map(() => c.post(`/v1/leads/${q.id}/release`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const jobs = await ctx.database.query<{ name: string }>(
      `select name from pgboss.job where name in ('lead-alert', 'lead-auto-reply') and data->>'leadId' = $1 order by name`,
      [q.id],
    );
    expect(jobs.map((j) => j.name)).toEqual(['lead-alert', 'lead-auto-reply']);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, q.id), eq(auditLog.action, 'lead.released')));
    expect(audit).toHaveLength(1);
  });

  it('releaseLead twice at once with the same loaded lead: one release, the other null', async () => {
    const { owner, q } = await agencyWithLeads();
    const [lead] = await ctx.database.db.select().from(leads).where(eq(leads.id, q.id));
    const results = await Promise.all(
      [0, 1].map(() => releaseLead(ctx.app.deps, { lead: lead!, userId: owner.userId })),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, q.id), eq(auditLog.action, 'lead.released')));
    expect(audit).toHaveLength(1);
  });
});

describe('counts agree: Leads list, its quarantine and the pages', () => {
  it('answers meta.quarantined with the list (same filters) and pages count leads the same way', async () => {
    const { c, owner, page, other, q } = await agencyWithLeads();
    const list = async (query = '') =>
      (await c.get(`/v1/real-estates/${owner.realEstateId}/leads?${query}`)).json();
    // Casa no Lago: Ana (lead) and Robô (quarantined); Sala comercial: Bruno; the test lead has no page.
    expect((await list()).meta).toMatchObject({ total: 2, quarantined: 1 });
    expect((await list(`page_id=${page.id}`)).meta).toMatchObject({ total: 1, quarantined: 1 });
    expect((await list(`page_id=${other.id}`)).meta).toMatchObject({ total: 1, quarantined: 0 });
    expect((await list('quarantined=1')).meta).toMatchObject({ total: 1, quarantined: 1 });
    expect((await list('search=ninguém')).meta).toMatchObject({ total: 0, quarantined: 0 });

    const pagesList = (await c.get(`/v1/real-estates/${owner.realEstateId}/pages`)).json().data as {
      id: number;
      leads_count: number;
      quarantined_leads_count: number;
    }[];
    const counts = Object.fromEntries(
      pagesList.map((p) => [p.id, [p.leads_count, p.quarantined_leads_count]]),
    );
    expect(counts).toEqual({ [page.id]: [1, 1], [other.id]: [1, 0] });
    const one = (await c.get(`/v1/pages/${page.id}`)).json().data;
    expect([one.leads_count, one.quarantined_leads_count]).toEqual([1, 1]);

    // Released, it moves from one count to the other everywhere.
    expect((await c.post(`/v1/leads/${q.id}/release`)).statusCode).toBe(200);
    expect((await list(`page_id=${page.id}`)).meta).toMatchObject({ total: 2, quarantined: 0 });
    const after = (await c.get(`/v1/pages/${page.id}`)).json().data;
    expect([after.leads_count, after.quarantined_leads_count]).toEqual([2, 0]);
  });
});

describe('CSV export', () => {
  it('exports the filtered set, with a BOM for Excel and formulas neutralised', async () => {
    const { c, owner, page } = await agencyWithLeads();
    const res = await c.get(`/v1/real-estates/${owner.realEstateId}/leads/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Data";"Nome";"Telefone";"E-mail";"Mensagem";"Status";"Imóvel";"Origem";"Código do imóvel";"Temperatura";"utm_source";"utm_medium";"utm_campaign";"utm_term";"utm_content";"gclid";"fbclid";"Repetido"',
    );
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://mal.example"")"`);
    const filtered = await c.get(`/v1/real-estates/${owner.realEstateId}/leads/export?page_id=${page.id}`);
    const rows = filtered.body.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"Ana Lima"');
    expect(rows[1]).toContain('"Página"');
  });

  it('exports the source, the listing code and a portal temperature, and the listing-not-found filter', async () => {
    const { c, owner, page } = await agencyWithLeads();
    await portalLeads(owner, page.id);
    const csv = async (query: string) =>
      (await c.get(`/v1/real-estates/${owner.realEstateId}/leads/export?${query}`)).body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')));
    const [lost, ...rest] = await csv('listing_not_found=1');
    expect(rest).toEqual([]);
    expect(lost!.slice(6, 10)).toEqual(['imóvel não encontrado (código XYZ-999)', 'OLX', 'XYZ-999', 'Média']);
    const [zap] = await csv('source=portal_zap');
    expect(zap!.slice(6, 10)).toEqual(['Casa no Lago', 'Portal ZAP', 'CASA-1', 'Alta']);
    const [insta] = await csv('source=instagram');
    expect(insta!.slice(6, 10)).toEqual(['', 'Instagram', '', '']);
  });

  it('streams every lead exactly once across batches, newest first, ties on the same instant broken by id', async () => {
    const owner = await createOwner(ctx, 'Exportação grande');
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    // One statement: every row gets the same created_at (now(), with microseconds), more than two batches.
    const count = 2345;
    await ctx.database.db
      .insert(leads)
      .values(
        Array.from({ length: count }, (_, i) => ({ realEstateId: owner.realEstateId, name: `Lead ${i}` })),
      );
    const [older] = await ctx.database.db
      .insert(leads)
      .values({
        realEstateId: owner.realEstateId,
        name: 'O mais antigo',
        createdAt: new Date(Date.now() - 86_400_000),
      })
      .returning();
    const res = await c.get(`/v1/real-estates/${owner.realEstateId}/leads/export`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(count + 2);
    const names = lines.slice(1).map((l) => l.split(';')[1]);
    expect(new Set(names).size).toBe(count + 1);
    expect(names.at(-1)).toBe(`"${older!.name}"`);
  });
});

describe('group commit of concurrent leads', () => {
  it('leads arriving together share a transaction, link one new contact once, and a bad one fails alone', async () => {
    const owner = await createOwner(ctx, 'Rajada');
    const base = { realEstateId: owner.realEstateId, source: 'landing_page' as const, consent: true };
    const results = await Promise.allSettled([
      captureLead(ctx.app.deps, { ...base, name: 'Primeira vez', phone: '11955554444' }),
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Mesma pessoa',
        phone: '11955554444',
        email: 'mesma@x.com.br',
      }),
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Página inexistente',
        phone: '11944443333',
        pageId: 2_000_000_000,
      }),
      captureLead(ctx.app.deps, { ...base, name: 'Outra pessoa', email: 'outra@x.com.br' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = await ctx.database.db.select().from(leads).where(eq(leads.realEstateId, owner.realEstateId));
    expect(rows.map((r) => r.name).sort()).toEqual(['Mesma pessoa', 'Outra pessoa', 'Primeira vez']);
    const first = rows.find((r) => r.name === 'Primeira vez')!;
    const same = rows.find((r) => r.name === 'Mesma pessoa')!;
    expect(first.isRepeat).toBe(false);
    expect(same.isRepeat).toBe(true);
    expect(same.contactId).toBe(first.contactId);
    expect(rows.find((r) => r.name === 'Outra pessoa')!.contactId).not.toBe(first.contactId);
  });
});

describe('a submission key repeated within one group', () => {
  it('stores one lead and answers the repeat with it, without failing the group into one-by-one retries', async () => {
    const owner = await createOwner(ctx, 'Reenvio na rajada');
    const base = { realEstateId: owner.realEstateId, source: 'landing_page' as const, consent: true };
    const sid = 'k'.repeat(16) + Date.now();
    // Arriving in one tick, the three share a group; the second repeats the first's key.
    const [first, repeat, other] = await Promise.all([
      captureLead(ctx.app.deps, { ...base, name: 'Mesmo envio', phone: '11933332222', submissionKey: sid }),
      captureLead(ctx.app.deps, { ...base, name: 'Mesmo envio', phone: '11933332222', submissionKey: sid }),
      captureLead(ctx.app.deps, {
        ...base,
        name: 'Outro envio',
        phone: '11922221111',
        submissionKey: `${sid}b`,
      }),
    ]);
    expect(repeat.lead.id).toBe(first.lead.id);
    expect(repeat.deliveries).toEqual([]);
    const rows = await ctx.database.db.select().from(leads).where(eq(leads.realEstateId, owner.realEstateId));
    expect(rows.map((r) => r.id).sort()).toEqual([first.lead.id, other.lead.id].sort());
    // One transaction stored the group: both leads carry its one timestamp. A group that failed and
    // was retried lead by lead would have stored each in a transaction of its own, later.
    expect(rows.find((r) => r.id === other.lead.id)!.createdAt).toEqual(
      rows.find((r) => r.id === first.lead.id)!.createdAt,
    );
  });
});

describe('a lead costs the same whatever the agency’s size', () => {
  type PlanNode = {
    'Relation Name'?: string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Index Recheck'?: number;
    Plans?: PlanNode[];
  };
  /** Rows of `table` the plan read, kept or thrown away, over all its loops. */
  const rowsRead = (node: PlanNode, table: string): number =>
    (node['Relation Name'] === table
      ? ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
        (node['Actual Loops'] ?? 1)
      : 0) + (node.Plans ?? []).reduce((n, child) => n + rowsRead(child, table), 0);

  it('the lookup reads the contacts and sessions it matches, not every one of the agency', async () => {
    const owner = await createOwner(ctx, 'Muitos contatos');
    const id = owner.realEstateId;
    const page = await insertPage(ctx, id, { title: 'Casa com código', listingCode: 'LK-1' });
    // Many contacts and open sessions, and no ANALYZE since: the plan must not depend on statistics.
    await ctx.database.query(
      `insert into contacts (real_estate_id, name, phone, email)
       select $1::int, 'Pessoa ' || i, '119' || lpad(i::text, 8, '0'), 'p' || i || '@x.com.br' from generate_series(1, 2000) i`,
      [id],
    );
    await ctx.database.query(
      `insert into analytics_sessions (id, real_estate_id, visitor_hash, started_at, last_seen_at, source, device)
       select gen_random_uuid(), $1::int, 'v' || i, now(), now(), 'direct', 'mobile' from generate_series(1, 2000) i`,
      [id],
    );
    const params = [
      [id, id],
      ['11900000007', null],
      [null, 'nova@x.com.br'],
      [id],
      [id, id],
      ['v7', 'v-nunca-visto'],
      [],
      new Date(Date.now() - 30 * 60_000).toISOString(),
      [id],
      '2026-11-01',
      [id],
      ['COD-SEM-PAGINA'],
      [page.id],
      [id],
    ];
    const [found] = await ctx.database.query<{
      contacts: { phone: string }[];
      sessions: { visitor_hash: string }[];
      listing_pages: unknown[];
      pages: { id: number; title: string; listing_code: string | null }[];
      agencies: { id: number; name: string; rotating: boolean }[];
    }>(LOOKUP_SQL, params);
    expect(found!.contacts.map((c) => c.phone)).toEqual(['11900000007']);
    expect(found!.sessions.map((s) => s.visitor_hash)).toEqual(['v7']);
    expect(found!.listing_pages).toEqual([]);
    // The page a handed-over attempt carries (deliveries/hand-over.ts).
    expect(found!.pages).toEqual([
      expect.objectContaining({ id: page.id, title: 'Casa com código', listing_code: 'LK-1' }),
    ]);
    // What a handed-over alert shows of its agency (alert-hand-over.ts).
    expect(found!.agencies).toEqual([{ id, name: expect.any(String), rotating: false }]);
    const [plan] = await ctx.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${LOOKUP_SQL}`,
      params,
    );
    // (PostgreSQL rounds a node's rows per loop: one match over two loops shows as 0.) A scan of the
    // agency's rows reads 2,000.
    const root = plan!['QUERY PLAN'][0].Plan;
    expect(rowsRead(root, 'contacts')).toBeLessThanOrEqual(2);
    expect(rowsRead(root, 'analytics_sessions')).toBeLessThanOrEqual(2);
  });
});
