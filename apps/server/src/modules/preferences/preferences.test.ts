/**
 * Configurações (docs/product.md#preferences): the rows of the contract, their validation in Portuguese, the
 * roles, and the visible effect of each key (landing pages, the new-lead alert, the visitor's auto-reply, the
 * SLA flag).
 */
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCE_DEFAULTS, PREFERENCE_KEYS, type Preference } from '@vitrine/contracts';
import { agencyPreferences, leads } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { LANDING_CSP } from '../landing/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

let ipSeq = 0;
async function ownerClient() {
  const owner = await createOwner(ctx, 'Imobiliária Preferências');
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { owner, c };
}

async function prefsOf(c: TestClient, realEstateId: number): Promise<Preference[]> {
  const res = await c.get(`/v1/real-estates/${realEstateId}/preferences`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function setPref(c: TestClient, realEstateId: number, key: string, value: unknown) {
  const row = (await prefsOf(c, realEstateId)).find((p) => p.key === key)!;
  return c.put(`/v1/preferences/${row.id}`, { value });
}

const landing = (slug: string) => ctx.app.inject({ method: 'GET', url: `/imoveis/${slug}` });
const postLead = (slug: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/public/pages/${slug}/leads`,
    payload: body,
    remoteAddress: `203.0.113.${(ipSeq++ % 250) + 1}`,
  });
const outboxFiles = async () => readdir(path.join(ctx.config.dataDir, 'outbox')).catch(() => [] as string[]);

describe('GET /v1/real-estates/{id}/preferences', () => {
  it('answers every key of the contract with its default, label and description', async () => {
    const { owner, c } = await ownerClient();
    const rows = await prefsOf(c, owner.realEstateId);
    expect(rows.map((r) => r.key)).toEqual([...PREFERENCE_KEYS]);
    for (const row of rows) {
      expect(row.value).toEqual(PREFERENCE_DEFAULTS[row.key]);
      expect(row.label.length).toBeGreaterThan(3);
      expect(row.description.length).toBeGreaterThan(10);
      expect(Number.isInteger(row.id)).toBe(true);
    }
    // Reading twice creates nothing new.
    expect((await prefsOf(c, owner.realEstateId)).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('agents get 403 on both calls; another agency’s preference is a 404 and stays as it was', async () => {
    const { owner, c } = await ownerClient();
    const rows = await prefsOf(c, owner.realEstateId);
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const a = new TestClient(ctx.app);
    await a.login(agent.email);
    expect((await a.get(`/v1/real-estates/${owner.realEstateId}/preferences`)).statusCode).toBe(403);
    expect((await a.put(`/v1/preferences/${rows[0]!.id}`, { value: ['x@y.com.br'] })).statusCode).toBe(403);
    const admin = await addMember(ctx, owner.realEstateId, 'admin');
    const b = new TestClient(ctx.app);
    await b.login(admin.email);
    expect((await b.get(`/v1/real-estates/${owner.realEstateId}/preferences`)).statusCode).toBe(200);

    const other = await ownerClient();
    const res = await other.c.put(`/v1/preferences/${rows[0]!.id}`, { value: ['invasor@x.com.br'] });
    expect(res.statusCode).toBe(404);
    expect((await prefsOf(c, owner.realEstateId))[0]!.value).toEqual([]);
  });
});

describe('PUT /v1/preferences/{id}', () => {
  const bad: [key: string, value: unknown, field: string, message: RegExp][] = [
    [
      'lead_alert_emails',
      ['ok@exemplo.com.br', 'nao-e-email'],
      'value.1',
      /^“nao-e-email” não é um e-mail válido\.$/,
    ],
    ['lead_alert_emails', ['ok@exemplo.com.br', 'x@y'], 'value.1', /^“x@y” não é um e-mail válido\.$/],
    ['lead_alert_emails', 'a@b.com', 'value', /lista/],
    ['response_sla_minutes', -5, 'value', /prazo de atendimento não pode ser negativo/],
    ['response_sla_minutes', '30', 'value', /prazo de atendimento deve ser um número/],
    ['lead_auto_reply', { enabled: true, message: '' }, 'value.message', /texto da resposta automática/],
    ['whatsapp_number', '12345', 'value', /número de WhatsApp/],
    ['whatsapp_message', '', 'value', /mensagem do WhatsApp/],
    ['whatsapp_message', 'x'.repeat(501), 'value', /mensagem do WhatsApp deve ter no máximo 500/],
    ['brand_color', 'azul', 'value', /cor da marca: use o formato #RRGGBB/],
    ['brand_color', '#fde047', 'value', /clara demais/],
    ['meta_pixel_id', 'abc123', 'value', /Meta Pixel/],
    ['ga4_measurement_id', 'UA-12345-1', 'value', /Google Analytics 4: use o formato G-/],
    ['gtm_container_id', 'GTM', 'value', /Google Tag Manager: use o formato GTM-/],
  ];

  it('refuses bad values with a Portuguese 422 naming the field, and stores nothing', async () => {
    const { owner, c } = await ownerClient();
    for (const [key, value, field, message] of bad) {
      const res = await setPref(c, owner.realEstateId, key, value);
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(422);
      const body = res.json();
      expect(body.errors[field]?.[0], `${key} → ${JSON.stringify(body)}`).toMatch(message);
      expect(body.message).toMatch(message);
    }
    const rows = await prefsOf(c, owner.realEstateId);
    for (const row of rows) expect(row.value).toEqual(PREFERENCE_DEFAULTS[row.key]);
  });

  it('normalizes good values: e-mails lowercased and deduplicated, phone digits, ids upper-case', async () => {
    const { owner, c } = await ownerClient();
    const emails = await setPref(c, owner.realEstateId, 'lead_alert_emails', [
      'Vendas@Exemplo.com.br',
      'vendas@exemplo.com.br',
    ]);
    expect(emails.statusCode).toBe(200);
    expect(emails.json().data.value).toEqual(['vendas@exemplo.com.br']);
    expect(
      (await setPref(c, owner.realEstateId, 'whatsapp_number', '(11) 97777-6666')).json().data.value,
    ).toBe('11977776666');
    expect(
      (await setPref(c, owner.realEstateId, 'ga4_measurement_id', ' g-abc123xyz ')).json().data.value,
    ).toBe('G-ABC123XYZ');
    expect((await setPref(c, owner.realEstateId, 'brand_color', '#1D4ED8')).json().data.value).toBe(
      '#1d4ed8',
    );
    expect((await setPref(c, owner.realEstateId, 'meta_pixel_id', '')).json().data.value).toBe('');
  });
});

describe('effects on the landing pages', () => {
  it('the WhatsApp number and message of every page, with {titulo} and {link} filled in', async () => {
    const { owner, c } = await ownerClient();
    // A page without a number of its own takes the agency's preference.
    const page = await insertPage(ctx, owner.realEstateId, { whatsapp: null, title: 'Casa com quintal' });
    await setPref(c, owner.realEstateId, 'whatsapp_number', '(21) 98888-1234');
    await setPref(c, owner.realEstateId, 'whatsapp_message', 'Oi! Vi "{titulo}" em {link} e quero visitar.');
    const body = (await landing(page.slug)).body;
    const hrefs = [...body.matchAll(/href="(https:\/\/wa\.me\/[^"]+)"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href.startsWith('https://wa.me/5521988881234?text=')).toBe(true);
      expect(decodeURIComponent(href.split('text=')[1]!)).toBe(
        `Oi! Vi "Casa com quintal" em http://127.0.0.1:3000/imoveis/${page.slug} e quero visitar.`,
      );
    }
  });

  it('Meta Pixel, GA4 and GTM only when set: the loader, its hash and the vendors’ hosts in the CSP', async () => {
    const { owner, c } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    const plain = await landing(page.slug);
    // LANDING_CSP, naming the console's http origin the local driver serves photos from (decision 017).
    expect(plain.headers['content-security-policy']).toBe(
      LANDING_CSP.replace(
        "img-src 'self' https: data:",
        "img-src 'self' https: data: http://localhost:3000",
      ).replace("media-src 'self' https:", "media-src 'self' https: http://localhost:3000"),
    );
    expect(plain.body).not.toMatch(/facebook|googletagmanager|data-fb=/);

    await setPref(c, owner.realEstateId, 'meta_pixel_id', '123456789012345');
    const pixel = await landing(page.slug);
    const loader = pixel.body.match(
      /<script data-fb="123456789012345" data-ga="" data-gtm="">([^<]+)<\/script>/,
    );
    expect(loader).not.toBeNull();
    const hash = createHash('sha256').update(loader![1]!).digest('base64');
    const csp = String(pixel.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`));
    expect(csp).toContain('https://connect.facebook.net');
    expect(csp).not.toContain('googletagmanager');
    expect(csp).toContain("frame-ancestors 'none'");

    await setPref(c, owner.realEstateId, 'meta_pixel_id', '');
    await setPref(c, owner.realEstateId, 'ga4_measurement_id', 'G-TESTE12345');
    await setPref(c, owner.realEstateId, 'gtm_container_id', 'GTM-ABC1234');
    const google = await landing(page.slug);
    expect(google.body).toContain('data-fb="" data-ga="G-TESTE12345" data-gtm="GTM-ABC1234"');
    expect(String(google.headers['content-security-policy'])).toContain('https://www.googletagmanager.com');
    expect(String(google.headers['content-security-policy'])).not.toContain('facebook');
  });

  it('the brand colour on buttons, links and theme-color', async () => {
    const { owner, c } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    expect((await landing(page.slug)).body).toContain('<meta name="theme-color" content="#0f766e">');
    await setPref(c, owner.realEstateId, 'brand_color', '#1d4ed8');
    const body = (await landing(page.slug)).body;
    expect(body).toContain('<meta name="theme-color" content="#1d4ed8">');
    expect(body).toContain('a{color:#1d4ed8}.btn-p{background:#1d4ed8}');
  });
});

describe('effects on leads', () => {
  it('the new-lead alert goes to the listed addresses instead of the owner', async () => {
    const { owner, c } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    await setPref(c, owner.realEstateId, 'lead_alert_emails', ['plantao.alerta@exemplo.com.br']);
    const res = await postLead(page.slug, { name: 'Ana Lima', phone: '(11) 98888-7777', consent: true });
    expect(res.statusCode).toBe(201);
    await waitFor(
      async () => (await outboxFiles()).some((f) => f.includes('plantao.alerta@exemplo.com.br')),
      {
        what: 'the alert to the listed address',
      },
    );
    expect((await outboxFiles()).some((f) => f.includes(owner.email))).toBe(false);
  });

  it('the auto-reply reaches the visitor with {nome} and {titulo} filled in, only when turned on', async () => {
    const { owner, c } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId, { title: 'Cobertura no Leblon' });
    const first = 'visitante.sem.resposta@exemplo.com.br';
    const quiet = (await postLead(page.slug, { name: 'Sem Resposta', email: first, consent: true })).json()
      .data.id as string;
    // Its group's alerts went out with the reply off (the job run, or taken back by this process's
    // hand-over once they were sent): nothing queued an auto-reply for it.
    await waitFor(
      async () => {
        const rows = await ctx.database.query<{ state: string }>(
          `select state from pgboss.job where name = 'lead-alert' and data->'leadIds' ? $1`,
          [quiet],
        );
        return rows.every((r) => r.state === 'completed');
      },
      { what: 'the first lead alert job' },
    );
    const queued = await ctx.database.query(
      `select 1 from pgboss.job where name = 'lead-auto-reply' and data->>'leadId' = $1`,
      [quiet],
    );
    expect(queued).toHaveLength(0);
    const set = await setPref(c, owner.realEstateId, 'lead_auto_reply', {
      enabled: true,
      message: 'Olá, {nome}! Recebemos seu interesse em {titulo}.',
    });
    expect(set.statusCode).toBe(200);
    await postLead(page.slug, { name: 'Bia Costa', email: 'bia.costa@exemplo.com.br', consent: true });
    const file = await waitFor(
      async () => (await outboxFiles()).find((f) => f.includes('bia.costa@exemplo.com.br')),
      { what: 'the auto-reply' },
    );
    const eml = await readFile(path.join(ctx.config.dataDir, 'outbox', file), 'utf8');
    expect(eml).toContain('Bia Costa');
    expect(eml).toContain('Cobertura no Leblon');
    expect((await outboxFiles()).some((f) => f.includes(first))).toBe(false);
  });

  it('leads still "novo" past the SLA are flagged overdue; 0 turns the flag off', async () => {
    const { owner, c } = await ownerClient();
    const page = await insertPage(ctx, owner.realEstateId);
    const id = (
      await postLead(page.slug, { name: 'Carlos Dias', phone: '(11) 98888-7777', consent: true })
    ).json().data.id as string;
    const fresh = (await c.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().data[0];
    expect(fresh.overdue).toBe(false);
    await ctx.database.db
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60_000) })
      .where(eq(leads.id, id));
    expect((await c.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().data[0].overdue).toBe(true);
    expect((await c.get(`/v1/leads/${id}`)).json().data.overdue).toBe(true);
    await setPref(c, owner.realEstateId, 'response_sla_minutes', 180);
    expect((await c.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().data[0].overdue).toBe(false);
    await setPref(c, owner.realEstateId, 'response_sla_minutes', 0);
    expect((await c.get(`/v1/real-estates/${owner.realEstateId}/leads`)).json().data[0].overdue).toBe(false);
    await setPref(c, owner.realEstateId, 'response_sla_minutes', 60);
    const answered = await c.request('PATCH', `/v1/leads/${id}`, { body: { status: 'em_atendimento' } });
    expect(answered.json().data.overdue).toBe(false);
    const stored = await ctx.database.db
      .select()
      .from(agencyPreferences)
      .where(eq(agencyPreferences.realEstateId, owner.realEstateId));
    expect(stored.find((r) => r.key === 'response_sla_minutes')!.value).toEqual({ v: 60 });
  });
});
