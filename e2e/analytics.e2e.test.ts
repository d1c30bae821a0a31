/**
 * Analytics end to end, against the real server and its real tracker: a visitor in Chromium (a phone,
 * from a Google ad) views a landing page, scrolls, clicks WhatsApp and sends the form; the agency then
 * sees that session in /analytics, its timeline in /analytics/session/{id}, and its lead, whose detail
 * links back to the session. A few more visits are sent to the beacon endpoint first, so the report
 * has sources and devices to compare. The screenshots (docs/screenshots with UPDATE_SCREENSHOTS=1)
 * show the demo agency's seeded 30 days.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ACTION_TIMEOUT_MS,
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
const USER = {
  name: 'Analytics Teste',
  email: `analytics.${STAMP}@teste.com.br`,
  password: 'senha-do-analytics',
};
const TITLE = `Casa com piscina no Morumbi ${STAMP}`;
const OTHER_TITLE = `Apartamento 2 quartos na Pompeia ${STAMP}`;
const outDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);

// A real phone's browser: the server drops headless and automated user agents as bots (isbot).
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser;
let receiver: FakeWebhook;

const api = apiClient(baseURL);

/** One visit as the tracker would send it, from another (made-up) browser. */
async function visit(
  pageId: number,
  slug: string,
  n: number,
  opts: {
    query?: string;
    referrer?: string;
    phone?: boolean;
    events?: Array<{ name: string; props?: Record<string, number> }>;
  },
) {
  const ua = `${opts.phone ? ANDROID_CHROME : DESKTOP_CHROME} Visitante/${STAMP}.${n}`;
  const res = await fetch(`${landingURL}/v1/public/events`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': ua },
    body: JSON.stringify({
      page_id: pageId,
      url: `${landingURL}/imoveis/${slug}${opts.query ?? ''}`,
      referrer: opts.referrer ?? '',
      events: [{ name: 'pageview' }, ...(opts.events ?? [])],
    }),
  });
  expect(res.status).toBe(202);
  expect((await res.json()).session_id).toEqual(expect.any(String));
}

/** Nothing on the screen sticks out sideways at this width. */
async function fitsWidth(page: Page, name: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} is wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}

async function shoot(page: Page, name: string, { chart = false } = {}) {
  mkdirSync(outDir, { recursive: true });
  // The chart arrives in its own chunk after the figures: wait for its drawing, not its skeleton.
  if (chart) await page.locator('[data-testid=time-series] .recharts-surface').waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(() => window.scrollTo(0, 0));
  await fitsWidth(page, name);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true });
}

/** A visitor's browser: a phone's user agent, and navigator.webdriver as a person's browser has it. */
async function visitorContext(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    userAgent: ANDROID_CHROME,
    isMobile: true,
    hasTouch: true,
  });
  // The tracker ignores automated browsers (navigator.webdriver); this one stands in for a person.
  await context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
  // WhatsApp opens in a new tab; nothing leaves this machine.
  await context.route(/^https:\/\/(wa\.me|api\.whatsapp\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  );
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  browser = await launchBrowser();
  // A CRM that refuses the lead (4xx: no retry): the delivery fails and the Dashboard asks for attention.
  receiver = await startFakeWebhook({
    path: '/leads',
    respond: () => ({ status: 422, body: 'cadastro recusado' }),
  });
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('analytics, end to end', () => {
  it('a visit with a WhatsApp click and a lead shows in /analytics, in its timeline and in the lead', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Analytics ${STAMP}`);
    await api('PUT', `/v1/real-estates/${agencyId}/integrations`, {
      name: 'webhook',
      is_active: true,
      payload: { url: receiver.url },
    });
    const page = (
      await api('POST', `/v1/real-estates/${agencyId}/pages`, {
        page: {
          title: TITLE,
          status: 'published',
          whatsapp: '11999998888',
          price_cents: 185_000_000,
          city: 'São Paulo',
        },
      })
    ).data as { id: number; slug: string };
    const other = (
      await api('POST', `/v1/real-estates/${agencyId}/pages`, {
        page: { title: OTHER_TITLE, status: 'published' },
      })
    ).data as { id: number; slug: string };

    // Other visitors of the day, before ours (the sessions list is newest first).
    await visit(page.id, page.slug, 1, {
      query: '?utm_source=instagram&utm_medium=social',
      referrer: 'https://l.instagram.com/',
      phone: true,
      events: [{ name: 'scroll', props: { depth: 50 } }],
    });
    await visit(page.id, page.slug, 2, {
      referrer: 'https://www.google.com/',
      events: [
        { name: 'photo_view', props: { index: 2 } },
        { name: 'engaged', props: { seconds: 40 } },
      ],
    });
    await visit(page.id, page.slug, 3, { phone: true });
    await visit(other.id, other.slug, 4, {
      query: '?utm_source=google&utm_medium=cpc&utm_campaign=lancamento',
      phone: true,
      events: [{ name: 'scroll', props: { depth: 75 } }, { name: 'whatsapp_click' }],
    });
    await visit(other.id, other.slug, 5, { referrer: 'https://www.bing.com/' });

    // Our visitor, on a phone, from a Google ad.
    const visitor = await visitorContext();
    try {
      await visitor.page.goto(
        `${landingURL}/imoveis/${page.slug}?utm_source=google&utm_medium=cpc&utm_campaign=lancamento`,
      );
      await visitor.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      // The tracker's first answer names the session; the form carries it with the lead.
      const sessionField = visitor.page.locator('form#lead input[name=session_id]');
      await expect.poll(() => sessionField.inputValue()).not.toBe('');
      const sessionId = await sessionField.inputValue();

      await visitor.page.mouse.wheel(0, 4000);
      const [whatsapp] = await Promise.all([
        visitor.context.waitForEvent('page'),
        visitor.page.locator('a[href*="wa.me"]:visible').first().click(),
      ]);
      await whatsapp.close();

      await visitor.page.getByLabel('Nome').fill('Paula Analytics');
      await visitor.page.getByLabel('Telefone com DDD').fill('(11) 96666-5555');
      await visitor.page.getByLabel(/Autorizo/).check();
      await visitor.page.locator('form#lead button[type=submit]').click();
      await visitor.page.getByRole('status').filter({ hasText: 'Recebemos seu contato!' }).waitFor();

      // The lead and its session point at each other.
      const leads = await api('GET', `/v1/real-estates/${agencyId}/leads`);
      expect(leads.data).toHaveLength(1);
      const lead = leads.data[0] as { id: string; session_id: string };
      expect(lead.session_id).toBe(sessionId);
      const timeline = await api(
        'GET',
        `/v1/real-estates/${agencyId}/analytics/events?session_id=${sessionId}`,
      );
      expect(timeline.session).toMatchObject({
        lead_id: lead.id,
        device: 'mobile',
        source: 'google',
        utm_campaign: 'lancamento',
      });
      expect(timeline.data.map((e: { name: string }) => e.name)).toEqual(
        expect.arrayContaining(['pageview', 'whatsapp_click', 'form_start', 'lead_submitted']),
      );

      // The agency, on a desktop.
      const agency = await newPage(browser, baseURL, DESKTOP);
      try {
        await logIn(agency.page, USER.email, USER.password);
        await agency.page.goto('/analytics?periodo=7d');
        await agency.page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
        await expect.poll(() => agency.page.getByTestId('kpi-sessions').textContent()).toMatch(/^Sessões6/);
        await expect.poll(() => agency.page.getByTestId('kpi-leads').textContent()).toMatch(/^Leads1/);
        const sources = agency.page.getByRole('table', { name: 'Origens e campanhas' });
        await sources.getByText('Campanha: lancamento').first().waitFor();
        const funnel = agency.page.getByTestId('funnel');
        await funnel.getByText('WhatsApp ou formulário').waitFor();

        // Our session is the newest, and it turned into a lead.
        const row = agency.page.getByRole('row').filter({ hasText: 'Virou lead' });
        await expect.poll(() => row.count()).toBe(1);
        await expect
          .poll(() => row.getByRole('link').getAttribute('href'))
          .toBe(`/analytics/session/${sessionId}`);
        await fitsWidth(agency.page, 'analytics-1280');

        // A filter lands in the URL and narrows the report.
        await agency.page.getByLabel('Dispositivo', { exact: true }).selectOption('desktop');
        await agency.page.waitForURL(/device=desktop/);
        await expect.poll(() => agency.page.getByTestId('kpi-sessions').textContent()).toMatch(/^Sessões2/);
        await agency.page.goBack();
        await expect.poll(() => agency.page.getByTestId('kpi-sessions').textContent()).toMatch(/^Sessões6/);

        await row.getByRole('link').click();
        await agency.page.waitForURL(`**/analytics/session/${sessionId}`);
        const steps = agency.page
          .getByRole('list', { name: 'Linha do tempo da sessão' })
          .getByRole('listitem');
        await steps.filter({ hasText: `Abriu a página “${TITLE}”` }).waitFor();
        await steps.filter({ hasText: 'Clicou no WhatsApp' }).waitFor();
        await steps.filter({ hasText: 'Começou a preencher o formulário' }).waitFor();
        await steps.filter({ hasText: 'Enviou o formulário e virou lead' }).waitFor();
        // Times in São Paulo, with seconds.
        expect(await steps.first().locator('time').textContent()).toMatch(/^\d{2}:\d{2}:\d{2}$/);
        const visitorCard = agency.page
          .locator('[data-slot=card]')
          .filter({ has: agency.page.getByRole('heading', { name: 'Visitante' }) });
        await visitorCard.getByText('Celular').waitFor();
        await visitorCard.getByText('lancamento').waitFor();
        await fitsWidth(agency.page, 'analytics-session-1280');

        // From the session to its lead, and back.
        await agency.page.getByRole('link', { name: 'Ver o lead' }).click();
        await agency.page.waitForURL(`**/leads?lead=${lead.id}`);
        const sheet = agency.page.getByRole('dialog');
        await sheet.getByText('Paula Analytics').first().waitFor();
        await sheet.getByRole('link', { name: 'Ver a navegação no Analytics' }).click();
        await agency.page.waitForURL(`**/analytics/session/${sessionId}`);
        await agency.page.getByRole('heading', { name: 'Esta visita virou lead' }).waitFor();

        // The Dashboard: the week, the lead waiting for an answer, the delivery that failed.
        await expect
          .poll(async () => (await api('GET', `/v1/leads/${lead.id}`)).data.deliveries[0]?.status, {
            timeout: 15_000,
          })
          .toBe('failed');
        await agency.page.goto('/dashboard');
        await agency.page.getByTestId('week-visitors').waitFor();
        await agency.page.getByTestId('waiting-leads').getByText('Paula Analytics').waitFor();
        await agency.page
          .getByTestId('deliveries-attention')
          .getByText(/Paula Analytics → Webhook/)
          .waitFor();
        await agency.page.getByTestId('top-by-leads').getByText(TITLE).waitFor();
        await fitsWidth(agency.page, 'dashboard-1280');
      } finally {
        await agency.context.close();
      }

      // The same screens on a phone.
      const phone = await newPage(browser, baseURL, PHONE);
      try {
        await logIn(phone.page, USER.email, USER.password);
        await phone.page.getByTestId('week-visitors').waitFor();
        await phone.page.getByTestId('waiting-leads').getByText('Paula Analytics').waitFor();
        await phone.page
          .getByTestId('deliveries-attention')
          .getByText(/Paula Analytics → Webhook/)
          .waitFor();
        await fitsWidth(phone.page, 'dashboard-390');

        await phone.page.goto('/analytics?periodo=7d');
        await phone.page.getByRole('link', { name: /Virou lead/ }).waitFor();
        await fitsWidth(phone.page, 'analytics-390');

        await phone.page.getByRole('link', { name: /Virou lead/ }).click();
        await phone.page.waitForURL(`**/analytics/session/${sessionId}`);
        await phone.page.getByText('Enviou o formulário e virou lead').waitFor();
        await fitsWidth(phone.page, 'analytics-session-390');
      } finally {
        await phone.context.close();
      }
    } finally {
      await visitor.context.close();
    }
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`screenshots of the demo agency's 30 days at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, baseURL, viewport);
      try {
        await logIn(page);
        // The demo seed's visits, leads and deliveries: the Dashboard of a busy agency.
        await page.getByTestId('week-visitors').waitFor();
        await page.getByTestId('top-by-leads').getByRole('listitem').first().waitFor();
        await page.getByTestId('waiting-leads').getByRole('listitem').first().waitFor();
        await shoot(page, `dashboard-${viewport.width}`);

        await page.goto('/analytics');
        await page.getByTestId('kpi-visitors').waitFor();
        await page.getByTestId('funnel').waitFor();
        await shoot(page, `analytics-${viewport.width}`, { chart: true });

        // A visit that became a lead, with its story: the newest lead sent from a tracked visit.
        const me = await (await page.request.get('/v1/me')).json();
        const agencyId = me.user.real_estates[0].id as number;
        const leads = await (
          await page.request.get(`/v1/real-estates/${agencyId}/leads?per_page=100`)
        ).json();
        const tracked = (leads.data as Array<{ session_id: string | null }>).find((l) => l.session_id);
        expect(tracked, 'the demo seed links leads to their sessions').toBeDefined();
        await page.goto(`/analytics/session/${tracked!.session_id}`);
        await page.getByRole('heading', { name: 'Esta visita virou lead' }).waitFor();
        await page
          .getByRole('list', { name: 'Linha do tempo da sessão' })
          .getByRole('listitem')
          .first()
          .waitFor();
        await shoot(page, `analytics-session-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});
