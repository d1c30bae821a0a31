/**
 * A lead whose answer is lost, in the browser: the landing page's script sends the form, the server
 * stores the lead, and the answer the visitor gets is a 502 (as from a load balancer whose replica died
 * after the commit). The script posts the form again the classic way, with the same submission key
 * (`_sid`), and the server finds the stored lead: the visitor sees the thank-you, the agency has one
 * lead. Found by `npm run soak:delivery -- --topology replicas` (docs/benchmarks.md).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, launchBrowser, newPage, PHONE, registerAgency } from './kit';

const baseURL = inject('baseURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = { name: 'Reenvio Teste', email: `reenvio.${STAMP}@teste.com.br`, password: 'senha-do-reenvio' };

let browser: Browser;
const api = apiClient(baseURL);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a landing form whose answer is lost', () => {
  it('is sent again by the page with the same key, and the agency gets one lead', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Reenvio ${STAMP}`);
    const created = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
      page: { title: `Apartamento na Tijuca ${STAMP}`, status: 'published' },
    });
    const slug = created.data.slug as string;

    const visitor = await newPage(browser, baseURL, PHONE);
    try {
      const sent: { _sid?: string }[] = [];
      // The first send reaches the server (the lead is stored) but its answer becomes a 502.
      await visitor.page.route(
        `**/v1/public/pages/${slug}/leads`,
        async (route) => {
          sent.push(route.request().postDataJSON() as { _sid?: string });
          await route.fetch();
          await route.fulfill({ status: 502, body: '' });
        },
        { times: 1 },
      );
      // Generous: on a loaded machine the first send (stored, then answered 502) can take a while.
      const resend = visitor.page.waitForRequest(
        (r) =>
          r.url().endsWith(`/v1/public/pages/${slug}/leads`) &&
          r.method() === 'POST' &&
          r.isNavigationRequest(),
        { timeout: 120_000 },
      );
      await visitor.page.goto(`/imoveis/${slug}`);
      await visitor.page.getByLabel('Nome').fill('Rita Reenvio');
      await visitor.page.getByLabel('Telefone com DDD').fill('(21) 96666-5555');
      await visitor.page.getByLabel(/Autorizo/).check();
      await visitor.page.locator('form#lead button[type=submit]').click();

      const classic = new URLSearchParams((await resend).postData() ?? '');
      expect(sent[0]?._sid).toMatch(/^[0-9a-f]{43}$/); // the page view's time in hex, then 128 random bits
      expect(classic.get('_sid')).toBe(sent[0]!._sid);
      await visitor.page.waitForURL(/enviado=1/);
      await visitor.page.getByText('Recebemos seu contato!').first().waitFor();
    } finally {
      await visitor.context.close();
    }

    const list = await api('GET', `/v1/real-estates/${agencyId}/leads`);
    expect(list.meta).toMatchObject({ total: 1, quarantined: 0 });
    expect(list.data[0]).toMatchObject({ name: 'Rita Reenvio', phone: '21966665555' });
  });
});
