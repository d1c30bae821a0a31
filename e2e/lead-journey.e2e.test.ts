/**
 * The loop an agency lives in, end to end in the browser against the real server: a page created and
 * published in the console, a visitor sending the landing page's form, the lead in /leads, delivered
 * to a webhook receiver running in this test, with its ledger entry.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiClient,
  DESKTOP,
  launchBrowser,
  logIn,
  newPage,
  PHONE,
  registerAgency,
  startFakeWebhook,
  type FakeWebhook,
} from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = { name: 'Jornada Teste', email: `jornada.${STAMP}@teste.com.br`, password: 'senha-da-jornada' };
const TITLE = `Casa com quintal no Butantã ${STAMP}`;

let browser: Browser;
let receiver: FakeWebhook<{
  type: string;
  data: { id: string; name: string; page: Record<string, unknown> };
}>;
/** The agency's webhook secret: the receiver checks the Standard Webhooks signature with it. */
let secret = '';

const api = apiClient(baseURL);

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startFakeWebhook({ path: '/leads', secret: () => secret });
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('listing to lead, end to end', () => {
  it('create and publish a page, a visitor leaves a contact, the lead is in /leads and reached the webhook', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Jornada ${STAMP}`);
    secret = (await api('GET', `/v1/real-estates/${agencyId}/integrations/webhook/secret`)).data.secret;
    await api('PUT', `/v1/real-estates/${agencyId}/integrations`, {
      name: 'webhook',
      is_active: true,
      payload: { url: receiver.url },
    });

    // The agency creates and publishes the page in the console.
    const agency = await newPage(browser, baseURL, DESKTOP);
    let slug: string;
    try {
      await logIn(agency.page, USER.email, USER.password);
      await agency.page.goto('/paginas');
      await agency.page.getByRole('button', { name: 'Nova página' }).first().click();
      const dialog = agency.page.getByRole('dialog', { name: 'Nova página' });
      await dialog.getByLabel('Título do anúncio').fill(TITLE);
      await dialog.getByRole('button', { name: 'Criar página' }).click();
      await agency.page.waitForURL(/\/paginas\/\d+$/);
      await agency.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await agency.page.getByRole('button', { name: 'Publicar' }).click();
      await agency.page.locator('[data-variant=success]', { hasText: 'Página publicada!' }).waitFor();
      const href = await agency.page
        .getByRole('link', { name: /\/imoveis\// })
        .first()
        .getAttribute('href');
      slug = new URL(href!).pathname.split('/').pop()!;
    } finally {
      await agency.context.close();
    }

    // A visitor on a phone, from an ad.
    const visitor = await newPage(browser, baseURL, PHONE);
    try {
      const res = await visitor.page.goto(
        `${landingURL}/imoveis/${slug}?utm_source=instagram&utm_campaign=jornada`,
      );
      expect(res?.status()).toBe(200);
      expect(await visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      // No pause: a browser's autofill sends the form at once, and timing alone never quarantines.
      await visitor.page.getByLabel('Nome').fill('Mariana Jornada');
      await visitor.page.getByLabel('Telefone com DDD').fill('(11) 97777-6666');
      await visitor.page.getByLabel(/Autorizo/).check();
      await visitor.page.locator('form#lead button[type=submit]').click();
      await visitor.page.getByRole('status').filter({ hasText: 'Recebemos seu contato!' }).waitFor();
    } finally {
      await visitor.context.close();
    }

    // The webhook receiver got it, signed, with a stable id.
    await expect
      .poll(() => receiver.received.filter((r) => r.json.type === 'lead.created').length, { timeout: 15_000 })
      .toBe(1);
    const event = receiver.received.find((r) => r.json.type === 'lead.created')!;
    expect(event.json.data.name).toBe('Mariana Jornada');
    // The receiver learns which property the lead is about: the real page, not the site root.
    expect(event.json.data.page).toMatchObject({
      title: TITLE,
      url: `${landingURL}/imoveis/${slug!}`,
      currency: 'BRL',
    });
    expect(String(event.headers['webhook-signature'])).toMatch(/^v1,/);
    expect(event.signatureValid).toBe(true);

    // The lead in the console, with its delivery and ledger.
    const leads = await api('GET', `/v1/real-estates/${agencyId}/leads`);
    expect(leads.data).toHaveLength(1);
    expect(leads.data[0]).toMatchObject({
      name: 'Mariana Jornada',
      phone: '11977776666',
      utm: { source: 'instagram', campaign: 'jornada' },
    });
    const detail = (await api('GET', `/v1/leads/${leads.data[0].id}`)).data;
    expect(detail.deliveries).toEqual([
      expect.objectContaining({
        integration: 'webhook',
        status: 'delivered',
        attempts: 1,
        webhook_id: event.headers['webhook-id'],
      }),
    ]);
    const ledger = (await api('GET', `/v1/deliveries/${detail.deliveries[0].id}`)).data.ledger;
    expect(ledger).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', status_code: 200 })]);

    const console_ = await newPage(browser, baseURL, DESKTOP);
    try {
      await logIn(console_.page, USER.email, USER.password);
      await console_.page.goto(`/leads?lead=${leads.data[0].id}`);
      const sheet = console_.page.getByRole('dialog');
      await sheet.getByText('Mariana Jornada').first().waitFor();
      await sheet.getByText('Entregue').first().waitFor();
      await console_.page.goto('/leads');
      await console_.page.getByText('Mariana Jornada').first().waitFor();
    } finally {
      await console_.context.close();
    }
  });
});
