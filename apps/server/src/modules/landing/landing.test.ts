import { gzipSync } from 'node:zlib';
import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, deliveries, leads, preferences } from '../../db/schema.ts';
import {
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { startFakeWebhook, type FakeWebhook } from '../integrations/adapters/testing/fake-webhook.ts';
import { browserScript, browserScriptSource } from '../../lib/browser-scripts.ts';
import { LANDING_SCRIPT } from './landing-assets.ts';

let ctx: TestContext;
const receivers: FakeWebhook[] = [];
beforeAll(async () => {
  ctx = await createTestContext({}, { ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(receivers.map((r) => r.close()));
});

let ipSeq = 0;
const nextIp = () => `198.51.100.${(ipSeq++ % 250) + 1}`;

async function agencyWithPage(overrides: Parameters<typeof insertPage>[2] = {}) {
  const owner = await createOwner(ctx, 'Casa & Cia <Imóveis>');
  const page = await insertPage(ctx, owner.realEstateId, overrides);
  return { owner, page };
}

const leadUrl = (slug: string) => `/v1/public/pages/${slug}/leads`;
const validLead = {
  name: 'Maria Souza',
  phone: '(11) 98888-7777',
  email: 'maria@exemplo.com.br',
  message: 'Quero visitar',
  consent: true,
};
const postLead = (slug: string, body: unknown, headers: Record<string, string> = {}, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: leadUrl(slug), payload: body as object, headers, remoteAddress: ip });
const postForm = (slug: string, fields: Record<string, string>, ip = nextIp()) =>
  ctx.app.inject({
    method: 'POST',
    url: leadUrl(slug),
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: ip,
  });
/** A form stamp as the landing page signs it, for a page rendered at `t`. */
const signedStamp = (t: number) =>
  `${t}.${createHmac('sha256', ctx.config.appKey).update(`form:${t}`).digest('base64url').slice(0, 22)}`;
const leadsOf = (realEstateId: number) =>
  ctx.database.db.select().from(leads).where(eq(leads.realEstateId, realEstateId));

describe('GET /imoveis/{slug}', () => {
  it('renders the listing: price in reais, facts, WhatsApp naming the listing, form, SEO data', async () => {
    const { page } = await agencyWithPage();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/imoveis/${page.slug}?utm_source=facebook&utm_campaign=lancamento`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const body = res.body;
    expect(body).toContain('<h1>Apartamento com 3 quartos em Pinheiros</h1>');
    expect(body).toMatch(/R\$\s850\.000/);
    expect(body).toMatch(/Condomínio R\$\s1\.200,00 · IPTU R\$\s350,00/);
    expect(body).toContain(
      '<li>92 m²</li><li>3 quartos</li><li>1 suíte</li><li>2 banheiros</li><li>1 vaga</li>',
    );
    const wa = body.match(/href="(https:\/\/wa\.me\/[^"]+)"/)![1]!.replace(/&amp;/g, '&');
    expect(wa.startsWith('https://wa.me/5511988887777?text=')).toBe(true);
    expect(decodeURIComponent(wa.split('text=')[1]!)).toBe(
      `Olá! Tenho interesse no imóvel "Apartamento com 3 quartos em Pinheiros": http://127.0.0.1:3000/imoveis/${page.slug}`,
    );
    expect(body).toContain(`<link rel="canonical" href="http://127.0.0.1:3000/imoveis/${page.slug}">`);
    expect(body).toContain('<meta property="og:image" content="https://img.exemplo.com/1.jpg">');
    expect(body).toContain('width="1200" height="900" fetchpriority="high"');
    expect(body).toContain('name="utm_source" value="facebook"');
    expect(body).toContain('name="utm_campaign" value="lancamento"');
    expect(body).toContain(`action="/v1/public/pages/${page.slug}/leads"`);
    const ld = JSON.parse(body.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'RealEstateListing',
      offers: { price: '850000.00', priceCurrency: 'BRL' },
    });
    // the agency name is escaped, not markup
    expect(body).toContain('Casa &amp; Cia &lt;Imóveis&gt;');
    expect(body).not.toContain('<Imóveis>');
  });

  it('is small, cacheable, and only runs its own hashed inline script', async () => {
    const { page } = await agencyWithPage();
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(gzipSync(res.body).length).toBeLessThanOrEqual(25 * 1024);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const hash = createHash('sha256').update(LANDING_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`);
    expect(res.body).toContain(`<script>${LANDING_SCRIPT}</script>`);
    // The inline script is browser/lead-form.ts minified at build, small enough to inline.
    expect(LANDING_SCRIPT).toBe(await browserScript('lead-form'));
    expect(LANDING_SCRIPT.length).toBeLessThan(
      readFileSync(browserScriptSource('lead-form'), 'utf8').length / 2,
    );
    expect(gzipSync(LANDING_SCRIPT).length).toBeLessThanOrEqual(1024);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/imoveis/${page.slug}`,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const gz = await ctx.app.inject({
      method: 'GET',
      url: `/imoveis/${page.slug}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(res.body.length / 2);
  });

  it('hides drafts and unknown slugs (404 page); sold pages say so, show similar listings and keep the form', async () => {
    const { owner, page: draft } = await agencyWithPage({ status: 'draft' });
    expect((await ctx.app.inject({ method: 'GET', url: `/imoveis/${draft.slug}` })).statusCode).toBe(404);
    const missing = await ctx.app.inject({ method: 'GET', url: '/imoveis/nao-existe' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Imóvel não encontrado');
    const sold = await insertPage(ctx, owner.realEstateId, { status: 'sold', title: 'Casa vendida' });
    const similar = await insertPage(ctx, owner.realEstateId, { title: 'Outra casa parecida' });
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${sold.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Este imóvel já foi vendido.');
    expect(res.body).toContain(`href="/imoveis/${similar.slug}"`);
    expect(res.body).toContain('id="lead"');
    const lead = await postLead(sold.slug, validLead);
    expect(lead.statusCode).toBe(201);
  });
});

describe('POST /v1/public/pages/{slug}/leads', () => {
  it('stores the lead with page, UTM and session, answers 201, and the webhook receives it', async () => {
    const { owner, page } = await agencyWithPage();
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

    const res = await postLead(page.slug, {
      ...validLead,
      utm_source: 'google',
      utm_medium: 'cpc',
      gclid: 'abc',
      _fbp: 'fb.1.1795784400123.1098115397',
      session_id: 'sess-1',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    const [row] = await ctx.database.db.select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({
      pageId: page.id,
      name: 'Maria Souza',
      phone: '11988887777',
      utmSource: 'google',
      utmMedium: 'cpc',
      gclid: 'abc',
      fbp: 'fb.1.1795784400123.1098115397',
      sessionId: null,
      consent: true,
      quarantined: false,
      source: 'landing_page',
    });
    const [d] = await ctx.database.db.select().from(deliveries).where(eq(deliveries.leadId, id));
    expect(d).toBeDefined();
    await waitFor(() => receiver.events.find((e) => (e.body as { data: { id: string } }).data.id === id), {
      what: 'webhook event',
    });
  });

  it('a body sent as text/plain (sendBeacon with a string) is read as JSON, or as a form: the lead is stored', async () => {
    const { owner, page } = await agencyWithPage();
    const asJson = await postLead(page.slug, JSON.stringify({ ...validLead, name: 'Bea\u0000con Json' }), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(asJson.statusCode, asJson.body).toBe(201);
    const asForm = await postLead(
      page.slug,
      new URLSearchParams({ name: 'Beacon Form', phone: '11977776666', consent: 'true' }).toString(),
      { 'content-type': 'text/plain' },
    );
    expect(asForm.statusCode, asForm.body).toBe(201);
    const names = (await leadsOf(owner.realEstateId)).map((l) => l.name).sort();
    expect(names).toEqual(['Beacon Form', 'Beacon Json']);
    const nothing = await postLead(page.slug, 'olá', { 'content-type': 'text/plain' });
    expect(nothing.statusCode).toBe(422);
    expect(Object.keys(nothing.json().errors)).toContain('name');
  });

  it('works without JavaScript: a form post redirects to the thank-you state', async () => {
    const { page } = await agencyWithPage();
    const res = await postForm(page.slug, {
      name: 'João',
      phone: '21 3333-4444',
      consent: '1',
      message: 'Olá',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/imoveis/${page.slug}?enviado=1#contato`);
    const thanks = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}?enviado=1` });
    expect(thanks.body).toContain('<div id="ok" class="ok" tabindex="-1" role="status">');
    expect(thanks.headers['cache-control']).toBe('no-store');
  });

  it('a bad form post re-renders the page with the errors and the values, storing nothing', async () => {
    const { owner, page } = await agencyWithPage();
    const res = await postForm(page.slug, { name: 'Ana', phone: '123', email: 'ana@', message: 'Oi' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Informe um telefone com DDD, como (11) 98888-7777.');
    expect(res.body).toContain('Informe um e-mail válido.');
    expect(res.body).toContain('É preciso autorizar o contato para enviar.');
    expect(res.body).toContain('value="Ana"');
    expect(res.body).toContain('aria-invalid="true" aria-describedby="phone-err"');
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);
  });

  it('validates JSON in Portuguese naming each field; needs a phone or an e-mail', async () => {
    const { owner, page } = await agencyWithPage();
    const res = await postLead(page.slug, { name: 'A', consent: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Informe seu nome.'],
      consent: ['É preciso autorizar o contato para enviar.'],
      phone: ['Informe um telefone ou um e-mail para contato.'],
    });
    const types = await postLead(page.slug, {
      name: 42,
      phone: ['x'],
      consent: 'sim',
      message: 'x'.repeat(3000),
    });
    expect(types.statusCode).toBe(422);
    expect(Object.keys(types.json().errors).sort()).toEqual(['message', 'name', 'phone']);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: leadUrl(page.slug),
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(await leadsOf(owner.realEstateId)).toHaveLength(0);
  });

  it('unknown and draft pages answer 404; a foreign Origin 403', async () => {
    const { page } = await agencyWithPage({ status: 'draft' });
    expect((await postLead(page.slug, validLead)).statusCode).toBe(404);
    expect((await postLead('nao-existe', validLead)).statusCode).toBe(404);
    const pub = await agencyWithPage();
    const foreign = await postLead(pub.page.slug, validLead, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const own = await postLead(pub.page.slug, validLead, { origin: 'http://127.0.0.1:3000' });
    expect(own.statusCode).toBe(201);
  });

  it('behind a proxy that rewrites Host, the Origin is checked against the forwarded host (no lead lost)', async () => {
    const proxied = await createTestContext({}, { TRUST_PROXY: '1' });
    try {
      const owner = await createOwner(proxied);
      const page = await insertPage(proxied, owner.realEstateId);
      // The proxy forwards the landing origin's name (unknown names get 421: decision 017).
      const landing = new URL(proxied.app.deps.config.LANDING_URL);
      const res = await proxied.app.inject({
        method: 'POST',
        url: leadUrl(page.slug),
        payload: validLead,
        remoteAddress: '10.0.0.9',
        headers: {
          host: '10.0.0.5:3000',
          'x-forwarded-host': landing.host,
          'x-forwarded-for': '203.0.113.20',
          origin: landing.origin,
        },
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await proxied.close();
    }
  });

  it('keeps suspect leads in quarantine, unforwarded: honeypot, forged stamp', async () => {
    const { owner, page } = await agencyWithPage();
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    await c.put(`/v1/real-estates/${owner.realEstateId}/integrations`, {
      name: 'arbo',
      payload: { api_key: 'k' },
    });
    // As the page's script sends it: a signed stamp and a session id; a person took 10 s.
    const realStamp = signedStamp(Date.now() - 10_000);
    const fromPage = { ...validLead, _ts: realStamp, session_id: 'sess-spam' };
    const bot = await postLead(page.slug, { ...fromPage, website: 'http://spam.example' });
    const forged = await postLead(page.slug, {
      ...fromPage,
      phone: '11966665555',
      _ts: `${Date.now() - 60_000}.forjado`,
    });
    for (const res of [bot, forged]) expect(res.statusCode).toBe(201); // bots are not told
    const rows = await leadsOf(owner.realEstateId);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.quarantined)).toBe(true);
    expect(rows.map((r) => r.quarantineReason).sort()).toEqual([
      'campo oculto preenchido (robô)',
      'formulário com carimbo inválido',
    ]);
    const ds = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.realEstateId, owner.realEstateId));
    expect(ds).toHaveLength(0);
    // a person who took their time is not suspect
    const person = await postLead(page.slug, fromPage);
    expect(person.statusCode).toBe(201);
    const [stored] = await ctx.database.db.select().from(leads).where(eq(leads.id, person.json().data.id));
    expect(stored).toMatchObject({ quarantined: false, quarantineReason: null });
  });

  it('timing alone never quarantines: a form autofilled and sent at once is forwarded', async () => {
    const { owner, page } = await agencyWithPage();
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    await c.put(`/v1/real-estates/${owner.realEstateId}/integrations`, {
      name: 'arbo',
      payload: { api_key: 'k' },
    });
    const html = (await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).body;
    const stamp = html.match(/name="_ts" value="([^"]+)"/)![1]!; // signed just now: sent within a second
    const withJs = await postLead(page.slug, { ...validLead, _ts: stamp, session_id: 'sess-autofill' });
    const withoutJs = await postForm(page.slug, {
      name: 'João Rápido',
      phone: '21 3333-4444',
      consent: '1',
      _ts: stamp,
    });
    expect(withJs.statusCode).toBe(201);
    expect(withoutJs.statusCode).toBe(303);
    const rows = await leadsOf(owner.realEstateId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.quarantined, r.quarantineReason])).toEqual([
      [false, null],
      [false, null],
    ]);
    const ds = await ctx.database.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.realEstateId, owner.realEstateId));
    expect(ds).toHaveLength(2);
  });

  it('weak signals together do quarantine: fast, fake-looking phone, no JavaScript', async () => {
    const { owner, page } = await agencyWithPage();
    const html = (await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` })).body;
    const stamp = html.match(/name="_ts" value="([^"]+)"/)![1]!;
    expect(
      (await postForm(page.slug, { name: 'Fulano', phone: '(11) 99999-9999', consent: '1', _ts: stamp }))
        .statusCode,
    ).toBe(303);
    const [row] = await leadsOf(owner.realEstateId);
    expect(row!.quarantined).toBe(true);
    expect(row!.quarantineReason).toMatch(
      /^telefone suspeito .*; formulário enviado rápido demais \(\d+(,\d)? s\); sem JavaScript no navegador$/,
    );
  });

  it('truncates long tracking fields instead of refusing the lead (a 2,030-character referrer, a long gclid)', async () => {
    const { owner, page } = await agencyWithPage();
    const referrer = `https://www.google.com/search?q=${'a'.repeat(1998)}`; // 2,030 characters
    expect(referrer).toHaveLength(2030);
    // an emoji astride the cut: a surrogate pair is never split in half
    const campaign = `${'c'.repeat(199)}😀${'d'.repeat(50)}`;
    const res = await postLead(page.slug, {
      ...validLead,
      referrer,
      gclid: `Cj0KCQ${'x'.repeat(900)}`,
      fbclid: `IwAR${'y'.repeat(700)}`,
      _fbp: `fb.1.${'9'.repeat(300)}`,
      utm_source: 's'.repeat(300),
      utm_campaign: campaign,
      utm_term: 123,
      session_id: 'z'.repeat(500),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await leadsOf(owner.realEstateId);
    expect(row!.referrer).toBe(referrer.slice(0, 2000));
    expect(row!.gclid).toHaveLength(500);
    expect(row!.fbclid).toHaveLength(500);
    expect(row!.fbp).toHaveLength(200);
    expect(row!.utmSource).toBe('s'.repeat(200));
    expect(row!.utmCampaign).toBe('c'.repeat(199));
    expect(row!.utmTerm).toBe('123');
    expect(row!.sessionId).toBeNull();
    // the form post without JavaScript, too
    const form = await postForm(page.slug, {
      name: 'João',
      phone: '21 3333-4444',
      consent: '1',
      referrer,
      gclid: 'g'.repeat(600),
    });
    expect(form.statusCode).toBe(303);
    // the Referer header, when the form has none
    const header = await postLead(page.slug, validLead, { referer: referrer });
    expect(header.statusCode).toBe(201);
    expect((await leadsOf(owner.realEstateId)).every((r) => r.referrer === referrer.slice(0, 2000))).toBe(
      true,
    );
  });

  it('rate-limits per IP and agency: quarantine after 5 in 10 minutes, 429 only past 100 (a flood)', async () => {
    const { owner, page } = await agencyWithPage();
    const ip = '203.0.113.77';
    for (let i = 0; i < 100; i++) {
      const res = await postLead(
        page.slug,
        { ...validLead, email: `p${i}@exemplo.com.br`, phone: null },
        {},
        ip,
      );
      expect(res.statusCode).toBe(201);
    }
    const blocked = await postLead(page.slug, validLead, {}, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await leadsOf(owner.realEstateId);
    expect(rows.filter((r) => !r.quarantined)).toHaveLength(5);
    expect(rows.filter((r) => r.quarantined)).toHaveLength(95);
    // Another agency's visitors behind the same address (a carrier's CGNAT) start from zero.
    const other = await agencyWithPage();
    const fresh = await postLead(other.page.slug, validLead, {}, ip);
    expect(fresh.statusCode).toBe(201);
    const [stored] = await leadsOf(other.owner.realEstateId);
    expect(stored!.quarantined).toBe(false);
  });

  it('links a returning person to the earlier contact: not lost, not double-counted', async () => {
    const { owner, page } = await agencyWithPage();
    const first = (await postLead(page.slug, { ...validLead, email: null })).json().data.id;
    const second = (
      await postLead(page.slug, { ...validLead, phone: '+55 11 98888-7777', email: 'outro@exemplo.com.br' })
    ).json().data.id;
    const third = (
      await postLead(page.slug, { ...validLead, phone: null, email: 'OUTRO@exemplo.com.br' })
    ).json().data.id;
    const rows = await leadsOf(owner.realEstateId);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(first)!.isRepeat).toBe(false);
    expect(byId.get(second)!.isRepeat).toBe(true);
    expect(byId.get(third)!.isRepeat).toBe(true);
    expect(new Set(rows.map((r) => r.contactId)).size).toBe(1);
    const [contact] = await ctx.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.realEstateId, owner.realEstateId));
    expect(contact).toMatchObject({ leadsCount: 3, phone: '11988887777', email: 'outro@exemplo.com.br' });
  });

  it('e-mails owners and admins by default, agents only when they asked', async () => {
    const { owner, page } = await agencyWithPage();
    const quiet = await addMember(ctx, owner.realEstateId, 'agent');
    const keen = await addMember(ctx, owner.realEstateId, 'agent');
    await ctx.database.db.insert(preferences).values({
      realEstateId: owner.realEstateId,
      userId: keen.userId,
      key: 'lead_alert_email',
      value: true,
    });
    await postLead(page.slug, validLead);
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const files = await waitFor(
      async () => {
        const list = await readdir(outbox).catch(() => [] as string[]);
        return list.filter((f) => f.includes(owner.email)).length &&
          list.filter((f) => f.includes(keen.email)).length
          ? list
          : null;
      },
      { what: 'alert e-mails' },
    );
    expect(files.some((f) => f.includes(quiet.email))).toBe(false);
  });
});

describe('photos uploaded in the console', () => {
  it('appear on the landing page with their dimensions and are served back', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const created = (
      await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, { page: { title: 'Casa com foto' } })
    ).json().data;
    await c.put(`/v1/pages/${created.id}`, { status: 'published' });
    const { PNG_1X1, multipart } = await import('../../testing/test-app.ts');
    const form = multipart({}, [{ name: 'photo', filename: 'f.png', type: 'image/png', content: PNG_1X1 }]);
    const up = await c.post(`/v1/pages/${created.id}/photos`, form.body, form.headers);
    expect(up.statusCode).toBe(201);
    const photo = up.json().data.photos[0];
    const html = (await ctx.app.inject({ method: 'GET', url: `/imoveis/${created.slug}` })).body;
    expect(photo.variants).toEqual([{ width: 1, height: 1, url: expect.stringMatching(/-1\.webp$/) }]);
    // The page picks its photo sizes from its own origin (/files/… is served on the landing host too).
    const variant = new URL(photo.variants[0].url).pathname;
    expect(html).toContain(
      `<img src="${variant}" srcset="${variant} 1w" sizes="100vw" alt="Casa com foto" width="1" height="1" fetchpriority="high"`,
    );
    const landingHost = new URL(ctx.config.LANDING_URL).host;
    const webp = await ctx.app.inject({ method: 'GET', url: variant, headers: { host: landingHost } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    const file = await ctx.app.inject({ method: 'GET', url: new URL(photo.url).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});
