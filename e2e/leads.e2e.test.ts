/**
 * /leads in the browser: leads created through the server's own API (a published page and its
 * public form, and the integrations' test lead), the list, a lead's detail, a status change that
 * survives a reload, a delivery replay and the CSV export. Screenshots of the list and of a lead at
 * 1280×800 and 390×844 go to test-results/screenshots/, or to docs/screenshots/ with
 * UPDATE_SCREENSHOTS=1 (as in screenshots.e2e.test.ts).
 *
 * Everything happens in the demo user's second agency ("Imóveis Litoral", where the demo user is
 * admin) so that the first one stays as the other browser tests expect it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  logIn,
  launchBrowser,
  newPage,
  PHONE,
  pageApi,
  startFakeWebhook,
  type FakeWebhook,
  screenshot,
} from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const AGENCY_NAME = 'Imóveis Litoral';
const SELECTED_KEY = 'vitrine.selected_real_estate_id';

let browser: Browser;
let receiver: FakeWebhook | undefined;
/** The CRM on the other end of the webhook refuses leads until the test "fixes" it. */
let receiverAccepts = false;
let agencyId: number;
let mainLeadId: string;
let testLeadId: string;

/** JSON calls with the page's own session (the kit's pageApi, on this server). */
const apiCall = <T>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, data?: unknown) =>
  pageApi<T>(page, baseURL, method, url, data);

/** Signs in and makes "Imóveis Litoral" the selected agency before the app starts. */
async function logInToAgency(page: Page) {
  await logIn(page);
  await page.evaluate(([key, id]) => localStorage.setItem(key, id), [
    SELECTED_KEY,
    String(agencyId),
  ] as const);
}

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startFakeWebhook({
    path: '/leads',
    respond: () =>
      receiverAccepts
        ? { status: 200, body: '{"ok":true}', contentType: 'application/json' }
        : {
            status: 422,
            body: '{"error":"campo codigo_imovel obrigatório"}',
            contentType: 'application/json',
          },
  });
  const receiverUrl = receiver.url;

  const { context, page } = await newPage(browser, baseURL);
  try {
    await logIn(page);
    const me = await apiCall<{ user: { real_estates: { id: number; name: string }[] } }>(
      page,
      'GET',
      '/v1/me',
    );
    agencyId = me.user.real_estates.find((r) => r.name === AGENCY_NAME)!.id;

    // A webhook whose receiver answers 422 (not worth retrying): every lead gets a failed delivery
    // to look at and to replay (the e2e server allows 127.0.0.1 targets).
    await apiCall(page, 'PUT', `/v1/real-estates/${agencyId}/integrations`, {
      name: 'webhook',
      is_active: true,
      payload: { url: receiverUrl, authentication: { type: 'none', key: '', value: '' } },
    });

    const pages: { id: number; slug: string }[] = [];
    for (const title of ['Apartamento 2 quartos no Gonzaga', 'Casa com piscina no Embaré']) {
      const created = await apiCall<{ data: { id: number; slug: string } }>(
        page,
        'POST',
        `/v1/real-estates/${agencyId}/pages`,
        { page: { title } },
      );
      await apiCall(page, 'PUT', `/v1/pages/${created.data.id}`, { status: 'published' });
      pages.push(created.data);
    }

    const leadIds: string[] = [];
    const post = async (slug: string, body: Record<string, unknown>) => {
      const response = await page.request.post(`${landingURL}/v1/public/pages/${slug}/leads`, {
        headers: { Origin: landingURL, Accept: 'application/json' },
        data: { consent: true, ...body },
      });
      expect(response.status(), await response.text()).toBe(201);
      const id = ((await response.json()) as { data: { id: string } }).data.id;
      leadIds.push(id);
      return id;
    };
    await post(pages[1]!.slug, {
      name: 'Rafael Lima',
      phone: '13 3222-1100',
      email: 'rafael.lima@example.com',
      message: 'A casa aceita permuta por apartamento menor?',
      utm_source: 'facebook',
      utm_medium: 'social',
      utm_campaign: 'embare-piscina',
      fbclid: 'IwAR0e2e',
    });
    await post(pages[1]!.slug, {
      name: 'Mariana Costa',
      phone: '(13) 99876-5432',
      email: 'mariana.costa@example.com',
      message: 'Olá! Vi a casa e gostaria de saber o valor do condomínio.',
    });
    mainLeadId = await post(pages[0]!.slug, {
      name: 'Mariana Costa',
      phone: '(13) 99876-5432',
      email: 'mariana.costa@example.com',
      message: 'Tenho interesse neste apartamento. Posso visitar no sábado de manhã?',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'gonzaga-2-quartos',
      gclid: 'Cj0e2e',
    });
    // Other browser tests post leads from this same address; past its soft limit the server keeps
    // new leads in quarantine. Release ours so that they show in the normal list.
    for (const id of leadIds) {
      const lead = await apiCall<{ data: { quarantined: boolean } }>(page, 'GET', `/v1/leads/${id}`);
      if (lead.data.quarantined) await apiCall(page, 'POST', `/v1/leads/${id}/release`);
    }

    const test = await apiCall<{ data: { lead_id: string } }>(
      page,
      'POST',
      `/v1/real-estates/${agencyId}/integrations/test-lead`,
    );
    testLeadId = test.data.lead_id;

    // Let the delivery worker try each one once.
    let last: { status: string }[] = [];
    const settled = async () => {
      const list = await apiCall<{ data: { status: string }[] }>(
        page,
        'GET',
        `/v1/real-estates/${agencyId}/deliveries?per_page=100`,
      );
      last = list.data;
      return list.data.length === 4 && list.data.every((d) => d.status !== 'pending');
    };
    const deadline = Date.now() + 30_000;
    while (!(await settled())) {
      if (Date.now() > deadline)
        throw new Error(`As entregas não saíram da fila em 30 s: ${JSON.stringify(last)}`);
      await page.waitForTimeout(500);
    }
  } finally {
    await context.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe('/leads in the browser', () => {
  it('lists the lead, opens it, changes its status (kept after a reload) and replays its delivery', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logInToAgency(page);
      await page.goto('/leads');
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      const row = page.locator(`a[href*="lead=${mainLeadId}"]`).filter({ visible: true });
      await row.waitFor();
      expect(await row.textContent()).toBe('Mariana Costa');
      // The test lead stays out until asked for.
      expect(await page.locator(`a[href*="lead=${testLeadId}"]`).count()).toBe(0);
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Paginação de leads' }).textContent())
        .toMatch(/1–3 de 3 leads/);
      await page.getByRole('switch', { name: 'Incluir leads de teste' }).click();
      await page.waitForURL(/include_tests=1/);
      await page.locator(`a[href*="lead=${testLeadId}"]`).filter({ visible: true }).waitFor();
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('include_tests'));
      await page.locator(`a[href*="lead=${testLeadId}"]`).waitFor({ state: 'detached' });

      await page.getByRole('figure').waitFor();
      await screenshot(page, 'leads-1280');

      await row.click();
      await page.waitForURL(new RegExp(`lead=${mainLeadId}`));
      const dialog = page.getByRole('dialog', { name: 'Mariana Costa' });
      await dialog.getByText('Posso visitar no sábado').waitFor();
      await screenshot(page, 'lead-detail-1280');
      const whatsapp = new URL((await dialog.getByRole('link', { name: /WhatsApp/ }).getAttribute('href'))!);
      expect(whatsapp.pathname).toBe('/5513998765432');
      expect(whatsapp.searchParams.get('text')).toContain(
        `Olá Mariana, aqui é da ${AGENCY_NAME}, sobre o imóvel Apartamento 2 quartos no Gonzaga`,
      );
      // The same person's earlier lead, for the other property.
      await dialog.getByText('Casa com piscina no Embaré').waitFor();
      // The webhook's delivery failed with the receiver's answer; its attempts unfold.
      const delivery = dialog.getByTestId('delivery-webhook');
      await delivery.getByText('Falhou', { exact: true }).waitFor();
      await delivery
        .getByText(/HTTP 422/)
        .first()
        .waitFor();
      await delivery.getByRole('button', { name: /Ver tentativas/ }).click();
      await delivery.getByRole('list', { name: 'Tentativas de envio' }).getByText('#1').waitFor();
      await delivery.scrollIntoViewIfNeeded();
      await screenshot(page, 'lead-deliveries-1280');

      await dialog.getByLabel('Status').selectOption('visita_agendada');
      await page.locator('[data-variant=success]', { hasText: 'Status atualizado' }).waitFor();

      await page.reload();
      const reopened = page.getByRole('dialog', { name: 'Mariana Costa' });
      await reopened.getByLabel('Status').waitFor();
      await expect.poll(() => reopened.getByLabel('Status').inputValue()).toBe('visita_agendada');
      const stored = await apiCall<{ data: { status: string } }>(page, 'GET', `/v1/leads/${mainLeadId}`);
      expect(stored.data.status).toBe('visita_agendada');

      // The CRM is fixed: 'Reenviar' sends it again and the panel follows it to 'Entregue'.
      receiverAccepts = true;
      const replayed = reopened.getByTestId('delivery-webhook');
      await replayed.getByRole('button', { name: /Reenviar/ }).click();
      await page.locator('[data-variant=success]', { hasText: 'Reenvio agendado' }).waitFor();
      await replayed.getByText('Entregue', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await replayed.getByRole('button', { name: /Reenviar/ }).count()).toBe(0);

      await reopened.getByRole('button', { name: 'Fechar detalhes do lead' }).click();
      await reopened.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.get('lead')).toBeNull();
      // The list shows the new status too.
      await page
        .getByRole('row')
        .filter({ has: page.locator(`a[href*="lead=${mainLeadId}"]`) })
        .getByText('Visita agendada')
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('filters by status through the URL and exports the filtered CSV', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logInToAgency(page);
      await page.goto('/leads?status=visita_agendada');
      await page.locator(`a[href*="lead=${mainLeadId}"]`).filter({ visible: true }).waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('visita_agendada');
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Paginação de leads' }).textContent())
        .toMatch(/1–1 de 1 leads/);

      const link = page.getByRole('link', { name: 'Exportar CSV' });
      const href = (await link.getAttribute('href'))!;
      expect(href).toBe(`/v1/real-estates/${agencyId}/leads/export?status=visita_agendada`);
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^text\/csv/);
      expect(response.headers()['content-disposition']).toMatch(/attachment; filename="leads-.*\.csv"/);
      const csv = await response.text();
      const lines = csv.trim().split(/\r\n/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain('"Mariana Costa"');
      expect(lines[1]).toContain('"Visita agendada"');

      // The link itself downloads the file.
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    } finally {
      await context.close();
    }
  });

  it("the 'Entregas' tab lists the agency's deliveries with the Integrações screen's filters", async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logInToAgency(page);
      await page.goto('/leads?tab=entregas&integration=webhook');
      const tab = page.getByRole('tab', { name: 'Entregas' });
      await tab.waitFor();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      await page.getByRole('navigation', { name: 'Paginação de entregas' }).waitFor();
      await screenshot(page, 'leads-deliveries-1280');
      // One delivery per forwarded lead: the three from the form and the test lead.
      await expect
        .poll(() => page.getByRole('navigation', { name: 'Paginação de entregas' }).textContent())
        .toMatch(/de 4 entregas/);
      await page.locator(`a[href*="lead=${mainLeadId}"]`).filter({ visible: true }).click();
      await page.getByRole('dialog', { name: 'Mariana Costa' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('works on a 390 px phone: cards, the folded filters and the detail panel', async () => {
    const { context, page } = await newPage(browser, baseURL, PHONE);
    try {
      await logInToAgency(page);
      await page.goto('/leads');
      const card = page.locator(`a[href*="lead=${mainLeadId}"]`).filter({ visible: true });
      await card.waitFor();
      // Cards, not a table.
      expect(await page.getByRole('table').isVisible()).toBe(false);
      expect(await page.getByLabel('Status', { exact: true }).isVisible()).toBe(false);
      await page.getByRole('button', { name: /Filtros/ }).click();
      expect(await page.getByLabel('Status', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: /Filtros/ }).click();
      await page.getByRole('figure').waitFor();
      await screenshot(page, 'leads-390');

      await card.click();
      const dialog = page.getByRole('dialog', { name: 'Mariana Costa' });
      await dialog.getByText('Posso visitar no sábado').waitFor();
      await dialog.getByTestId('delivery-webhook').waitFor();
      await screenshot(page, 'lead-detail-390');
    } finally {
      await context.close();
    }
  });
});
