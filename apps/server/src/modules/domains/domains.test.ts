/**
 * Agencies' own domains (docs/decisions/017-landing-origin.md): added in the console, verified by a TXT
 * record checked through DNS (a fake DNS server here, DNS_SERVERS), then serving that agency's pages only,
 * with canonical links on the domain; and the edge's "is this domain ours?" question for on-demand TLS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDns, type FakeDns } from '@vitrine/test-kit';
import {
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';
import { domainRecheckJob } from './jobs/domain-recheck.job.ts';
import { recheckDomains } from './recheck-domains.ts';

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

describe('the periodic re-check (domain-recheck job)', () => {
  type Mail = { to: string; subject: string; text: string; html: string };
  const HOUR = 3600 * 1000;
  function capture(extra: Partial<TestContext['app']['deps']> = {}) {
    const sent: Mail[] = [];
    const mailer = { driver: 'outbox' as const, outboxDir: '', send: async (m: Mail) => void sent.push(m) };
    return { sent, deps: { ...ctx.app.deps, mailer, ...extra } };
  }
  async function verifiedDomain(name: string, host: string) {
    const a = await agency(name);
    const page = await insertPage(ctx, a.realEstateId, { title: `Casa em ${host}` });
    const d = (await a.c.post(a.base, { hostname: host })).json().data;
    dns.set(`_vitrine.${host}`, { txt: [[d.dns.txt.value]] });
    dns.set(host, { cname: '127.0.0.1.' });
    expect((await a.c.post(`${a.base}/${d.id}/verify`)).json().data.status).toBe('verified');
    const mine = async () =>
      ((await a.c.get(a.base)).json().data as { id: number }[]).find((x) => x.id === d.id) as Record<
        string,
        unknown
      >;
    return { ...a, page, domain: d, mine };
  }

  it('a missing TXT record marks the domain failing and mails the managers once; only 72 h of failures un-verify it, then TLS 404 and the host 421', async () => {
    const host = 'imoveis.recheck.com.br';
    const a = await verifiedDomain('Imobiliária Recheck', host);
    const admin = await addMember(ctx, a.realEstateId, 'admin');
    const agent = await addMember(ctx, a.realEstateId, 'agent');
    const { sent, deps } = capture();

    // The job itself (what the workers run every hour): the record is there, nothing changes.
    await domainRecheckJob.handle({}, { ...deps, signal: new AbortController().signal });
    expect(await a.mine()).toMatchObject({ status: 'verified', failing_since: null, unverify_at: null });
    expect(sent).toHaveLength(0);

    // The record disappears: failing from the first failure, still verified and served.
    dns.delete(`_vitrine.${host}`);
    const t1 = new Date(Date.now() + HOUR);
    expect((await recheckDomains(deps, { now: t1 })).failing).toBe(1);
    expect(await a.mine()).toMatchObject({
      status: 'verified',
      failing_since: t1.toISOString(),
      unverify_at: new Date(t1.getTime() + 72 * HOUR).toISOString(),
      checked_at: t1.toISOString(),
      check_message: `O registro TXT _vitrine.${host} não foi encontrado.`,
    });
    expect(sent.map((m) => m.to).sort()).toEqual([a.email, admin.email].sort());
    expect(sent.map((m) => m.to)).not.toContain(agent.email);
    expect(sent[0]!.subject).toBe(`O domínio ${host} não está passando na verificação`);
    expect(sent[0]!.text).toContain(`Se o registro não voltar até`);
    expect((await ask(host)).statusCode).toBe(200);
    expect((await onHost(host, `/imoveis/${a.page.slug}`)).statusCode).toBe(200);

    // Failing again an hour later: no second e-mail, the first failure's time is kept.
    await recheckDomains(deps, { now: new Date(t1.getTime() + HOUR) });
    expect(sent).toHaveLength(2);
    expect((await a.mine()).failing_since).toBe(t1.toISOString());

    // The record comes back: no longer failing. Gone again: a new run of failures, a new e-mail.
    dns.set(`_vitrine.${host}`, { txt: [[a.domain.dns.txt.value]] });
    expect((await recheckDomains(deps, { now: new Date(t1.getTime() + 2 * HOUR) })).recovered).toBe(1);
    expect(await a.mine()).toMatchObject({ status: 'verified', failing_since: null });
    dns.set(`_vitrine.${host}`, { txt: [['vitrine-verificacao=outro-token']] });
    const t2 = new Date(t1.getTime() + 3 * HOUR);
    await recheckDomains(deps, { now: t2 });
    expect(sent).toHaveLength(4);
    expect((await a.mine()).check_message).toBe(
      `O registro TXT _vitrine.${host} existe, mas não tem o valor ${a.domain.dns.txt.value}.`,
    );

    // 71 hours of failures: still verified. 72: back to pending, and told.
    await recheckDomains(deps, { now: new Date(t2.getTime() + 71 * HOUR) });
    expect((await a.mine()).status).toBe('verified');
    expect((await ask(host)).statusCode).toBe(200);
    const t3 = new Date(t2.getTime() + 72 * HOUR);
    expect((await recheckDomains(deps, { now: t3 })).unverified).toBe(1);
    const lost = await a.mine();
    expect(lost).toMatchObject({
      status: 'pending',
      verified_at: null,
      failing_since: null,
      unverify_at: null,
    });
    expect(lost.check_message).toMatch(
      /^A verificação foi removida em .*Crie o registro de novo e clique em Verificar\.$/,
    );
    expect(sent).toHaveLength(6);
    expect(sent.at(-1)!.subject).toBe(`O domínio ${host} deixou de ser verificado`);
    expect((await ask(host)).statusCode).toBe(404);
    expect((await onHost(host, `/imoveis/${a.page.slug}`)).statusCode).toBe(421);
    expect((await a.c.get(`/v1/pages/${a.page.id}`)).json().data.public_url).toBe(
      `http://127.0.0.1:3000/imoveis/${a.page.slug}`,
    );
    // Nothing more to say about it on the next pass.
    await recheckDomains(deps, { now: new Date(t3.getTime() + HOUR) });
    expect(sent).toHaveLength(6);

    // The record back and Verificar pressed: verified again.
    dns.set(`_vitrine.${host}`, { txt: [[a.domain.dns.txt.value]] });
    expect((await a.c.post(`${a.base}/${a.domain.id}/verify`)).json().data).toMatchObject({
      status: 'verified',
      failing_since: null,
    });
    expect((await ask(host)).statusCode).toBe(200);
  });

  it('Verificar on a verified domain whose record is gone marks it failing without dropping it', async () => {
    const host = 'imoveis.manual-recheck.com.br';
    const a = await verifiedDomain('Imobiliária Manual', host);
    dns.delete(`_vitrine.${host}`);
    const res = (await a.c.post(`${a.base}/${a.domain.id}/verify`)).json().data;
    expect(res.status).toBe('verified');
    expect(res.failing_since).not.toBeNull();
    expect(Date.parse(res.unverify_at) - Date.parse(res.failing_since)).toBe(72 * HOUR);
    dns.set(`_vitrine.${host}`, { txt: [[a.domain.dns.txt.value]] });
    expect((await a.c.post(`${a.base}/${a.domain.id}/verify`)).json().data.failing_since).toBeNull();
  });

  it('DOMAIN_RECHECK_GRACE_HOURS sets the grace period', async () => {
    const host = 'imoveis.grace.com.br';
    const a = await verifiedDomain('Imobiliária Grace', host);
    const { sent, deps } = capture({ config: { ...ctx.app.deps.config, DOMAIN_RECHECK_GRACE_HOURS: 0.5 } });
    dns.delete(`_vitrine.${host}`);
    const t1 = new Date(Date.now() + HOUR);
    await recheckDomains(deps, { now: t1 });
    await recheckDomains(deps, { now: new Date(t1.getTime() + 29 * 60 * 1000) });
    expect((await a.mine()).status).toBe('verified');
    await recheckDomains(deps, { now: new Date(t1.getTime() + 30 * 60 * 1000) });
    expect((await a.mine()).status).toBe('pending');
    expect(sent.map((m) => m.subject)).toEqual([
      `O domínio ${host} não está passando na verificação`,
      `O domínio ${host} deixou de ser verificado`,
    ]);
  });

  it('a DNS that does not answer counts neither way: no failure, no e-mail', async () => {
    const host = 'imoveis.dns-mudo.com.br';
    const a = await verifiedDomain('Imobiliária DNS Mudo', host);
    const { sent, deps } = capture({ config: { ...ctx.app.deps.config, DNS_SERVERS: ['127.0.0.1:9'] } });
    const result = await recheckDomains(deps, { now: new Date(Date.now() + 100 * HOUR) });
    expect(result.unanswered).toBeGreaterThanOrEqual(1);
    expect(result.failing).toBe(0);
    expect(await a.mine()).toMatchObject({ status: 'verified', failing_since: null });
    expect(sent).toHaveLength(0);
  }, 60_000);
});
