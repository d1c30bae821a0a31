/**
 * Agencies' own domains (docs/decisions/017-landing-origin.md): added in the console, verified by a TXT
 * record checked through DNS (a fake DNS server here, DNS_SERVERS), then serving that agency's pages only,
 * with canonical links on the domain; and the edge's "is this domain ours?" question for on-demand TLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDns, type FakeDns } from '@vitrine/test-kit';
import {
  createOwner,
  createTestContext,
  insertPage,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';

let ctx: TestContext;
let dns: FakeDns;

beforeAll(async () => {
  dns = await startFakeDns();
  ctx = await createTestContext({}, { DNS_SERVERS: dns.server });
});
afterAll(async () => {
  await ctx?.close();
  await dns?.close();
});

async function agency(name: string) {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { ...owner, c, base: `/v1/real-estates/${owner.realEstateId}/domains` };
}

const ask = (domain: string) =>
  ctx.app.inject({ method: 'GET', url: `/internal/tls/ask?domain=${encodeURIComponent(domain)}` });
const onHost = (host: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url, headers: { host, origin: `https://${host}` }, payload });

describe('adding a domain', () => {
  it('normalises what is typed, shows the DNS records to create, and refuses bad input in Portuguese', async () => {
    const a = await agency('Imobiliária Domínio');
    const res = await a.c.post(a.base, { hostname: ' https://Imoveis.Casa-Nova.com.br/ ' });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      hostname: 'imoveis.casa-nova.com.br',
      status: 'pending',
      url: 'https://imoveis.casa-nova.com.br',
      dns: {
        cname: { name: 'imoveis.casa-nova.com.br', value: '127.0.0.1' },
        txt: { name: '_vitrine.imoveis.casa-nova.com.br' },
      },
      checked_at: null,
    });
    expect(d.dns.txt.value).toMatch(/^vitrine-verificacao=[0-9a-f]{32}$/);

    for (const [hostname, message] of [
      ['', 'Informe o domínio.'],
      ['sem-ponto', 'Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br'],
      ['10.0.0.1', 'Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br'],
      ['-ruim.com.br', 'Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br'],
      ['imoveis.casa-nova.com.br', 'Este domínio já está na lista.'],
      ['x.127.0.0.1', 'Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br'],
    ]) {
      const bad = await a.c.post(a.base, { hostname });
      expect(bad.statusCode, hostname).toBe(422);
      expect(bad.json().errors.hostname, hostname).toEqual([message]);
    }
    const list = await a.c.get(a.base);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().meta).toEqual({
      landing_url: 'http://127.0.0.1:3000',
      pages_url: 'http://127.0.0.1:3000',
    });
  });
});

describe('verifying and serving', () => {
  it('verifies by the TXT record; then the domain serves this agency’s pages only, with canonical links on it', async () => {
    const a = await agency('Imobiliária Verde');
    const b = await agency('Imobiliária Outra');
    const pageA = await insertPage(ctx, a.realEstateId, { title: 'Casa verde com quintal' });
    const pageB = await insertPage(ctx, b.realEstateId, { title: 'Casa de outra agência' });
    const host = 'imoveis.verde.com.br';
    const added = (await a.c.post(a.base, { hostname: host })).json().data;

    // Before the DNS has the records: pending, with what is missing.
    expect((await ask(host)).statusCode).toBe(404);
    const early = await a.c.post(`${a.base}/${added.id}/verify`);
    expect(early.statusCode).toBe(200);
    expect(early.json().data.status).toBe('pending');
    expect(early.json().data.checked_at).not.toBeNull();
    expect(early.json().message).toContain(`O registro TXT _vitrine.${host} ainda não foi encontrado.`);
    expect((await onHost(host, `/imoveis/${pageA.slug}`)).statusCode).not.toBe(200);

    // A wrong value is not enough; the right one verifies.
    dns.set(`_vitrine.${host}`, { txt: [['vitrine-verificacao=outro-token']] });
    expect((await a.c.post(`${a.base}/${added.id}/verify`)).json().data.status).toBe('pending');
    dns.set(`_vitrine.${host}`, { txt: [['v=spf1 -all'], [added.dns.txt.value]] });
    dns.set(host, { cname: '127.0.0.1.' });
    const ok = await a.c.post(`${a.base}/${added.id}/verify`);
    expect(ok.json().data).toMatchObject({ status: 'verified' });
    expect(ok.json().message).toContain('CNAME para 127.0.0.1 encontrado.');
    expect((await ask(host)).statusCode).toBe(200);
    expect((await ask(host.toUpperCase())).statusCode).toBe(200);

    // The agency's page on its domain: canonical, Open Graph and WhatsApp on the domain.
    const page = await onHost(host, `/imoveis/${pageA.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="https://${host}/imoveis/${pageA.slug}">`);
    expect(page.headers['set-cookie']).toBeUndefined();
    // …also still on LANDING_URL, canonical to the domain.
    const onLanding = await ctx.app.inject({ method: 'GET', url: `/imoveis/${pageA.slug}` });
    expect(onLanding.body).toContain(`<link rel="canonical" href="https://${host}/imoveis/${pageA.slug}">`);
    // The console's "ver página" and the list's meta use it too.
    expect((await a.c.get(`/v1/pages/${pageA.id}`)).json().data.public_url).toBe(
      `https://${host}/imoveis/${pageA.slug}`,
    );
    expect((await a.c.get(a.base)).json().meta.pages_url).toBe(`https://${host}`);

    // Another agency's page, form and beacons on this domain: 404. Nothing of the console answers.
    expect((await onHost(host, `/imoveis/${pageB.slug}`)).statusCode).toBe(404);
    const lead = { name: 'Visitante', email: 'v@exemplo.com.br', consent: true };
    expect((await onHost(host, `/v1/public/pages/${pageB.slug}/leads`, 'POST', lead)).statusCode).toBe(404);
    expect((await onHost(host, `/v1/public/pages/${pageA.slug}/leads`, 'POST', lead)).statusCode).toBe(201);
    const beacon = { page_id: pageB.id, url: `https://${host}/`, events: [{ name: 'pageview' }] };
    const foreignBeacon = await ctx.app.inject({
      method: 'POST',
      url: '/v1/public/events',
      headers: { host, 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile' },
      payload: beacon,
    });
    expect(foreignBeacon.statusCode).toBe(404);
    for (const url of ['/', '/dashboard', '/v1/me', '/sanctum/csrf-cookie'])
      expect((await onHost(host, url)).statusCode, url).toBe(404);

    // Another agency cannot take it, even with the TXT record of its own token in place.
    const taken = (await b.c.post(b.base, { hostname: host })).json().data;
    dns.set(`_vitrine.${host}`, { txt: [[added.dns.txt.value], [taken.dns.txt.value]] });
    const refused = await b.c.post(`${b.base}/${taken.id}/verify`);
    expect(refused.json().data.status).toBe('pending');
    expect(refused.json().message).toBe('Este domínio já está verificado por outra imobiliária.');
    // …nor see or remove agency A's row.
    expect((await b.c.delete(`${a.base}/${added.id}`)).statusCode).toBe(404);
    expect((await b.c.delete(`${b.base}/${added.id}`)).statusCode).toBe(404);

    // Removed: the domain is no longer served, nor answered for by the edge question.
    expect((await a.c.delete(`${a.base}/${added.id}`)).statusCode).toBe(204);
    expect((await ask(host)).statusCode).toBe(404);
    expect((await onHost(host, `/imoveis/${pageA.slug}`)).statusCode).not.toBe(200);
    expect((await a.c.get(`/v1/pages/${pageA.id}`)).json().data.public_url).toBe(
      `http://127.0.0.1:3000/imoveis/${pageA.slug}`,
    );
    // Now B may verify it.
    expect((await b.c.post(`${b.base}/${taken.id}/verify`)).json().data.status).toBe('verified');
  });

  it('the edge question: LANDING_URL’s host yes, unknown names no, a missing name 400; it reveals nothing', async () => {
    const landing = await ask('127.0.0.1');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe('{"message":"ok"}');
    for (const name of ['desconhecido.com.br', 'localhost']) expect((await ask(name)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/internal/tls/ask' })).statusCode).toBe(400);
    expect((await ask('a b')).statusCode).toBe(400);
  });

  it('the edge question answers only the edge: a visitor from outside or through the proxy gets 404', async () => {
    const url = '/internal/tls/ask?domain=127.0.0.1';
    expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    const proxied = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(404);
  });

  it('a dead DNS server reads as "try again", never as a server error', async () => {
    const broken = await createTestContext({}, { DNS_SERVERS: '127.0.0.1:9' });
    try {
      const owner = await createOwner(broken);
      const c = new TestClient(broken.app);
      await c.login(owner.email);
      const base = `/v1/real-estates/${owner.realEstateId}/domains`;
      const d = (await c.post(base, { hostname: 'imoveis.sem-dns.com.br' })).json().data;
      const res = await c.post(`${base}/${d.id}/verify`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('pending');
      expect(res.json().message).toContain('O DNS não respondeu agora');
    } finally {
      await broken.close();
    }
  }, 30_000);
});
