/**
 * No real lead vanishes from view: in the browser, a visitor whose form is sent at once (autofill) is a
 * lead like any other, a bot that fills the hidden honeypot lands in quarantine, and the agency sees
 * "1 lead em quarentena" on /leads, opens the quarantine with one click, reads the reason, clicks
 * "Liberar" and finds the lead in the normal list. The Páginas list counts them the same way.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, launchBrowser, logIn, newPage, PHONE, registerAgency } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = {
  name: 'Quarentena Teste',
  email: `quarentena.${STAMP}@teste.com.br`,
  password: 'senha-da-quarentena',
};
const TITLE = `Sobrado na Vila Mariana ${STAMP}`;

let browser: Browser;

const api = apiClient(baseURL);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A visitor on a phone sends the landing page's form; `bot` also fills the hidden honeypot. */
async function visit(slug: string, name: string, phone: string, bot = false) {
  const visitor = await newPage(browser, baseURL, PHONE);
  try {
    await visitor.page.goto(`${landingURL}/imoveis/${slug}`);
    // No pause before filling: autofill is instant, and timing alone never quarantines.
    await visitor.page.getByLabel('Nome').fill(name);
    await visitor.page.getByLabel('Telefone com DDD').fill(phone);
    await visitor.page.getByLabel(/Autorizo/).check();
    if (bot)
      await visitor.page
        .locator('input[name=website]')
        .evaluate((el) => ((el as HTMLInputElement).value = 'http://spam.example'));
    await visitor.page.locator('form#lead button[type=submit]').click();
    // Bots are not told: the same thank-you.
    await visitor.page.getByRole('status').filter({ hasText: 'Recebemos seu contato!' }).waitFor();
  } finally {
    await visitor.context.close();
  }
}

describe('the quarantine on /leads', () => {
  it('shows the quarantined lead with its reason, releases it, and then it is in the normal list', async () => {
    const { agencyId } = await registerAgency(api, USER, `Imobiliária Quarentena ${STAMP}`);
    const created = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
      page: { title: TITLE, status: 'published' },
    });
    const slug = created.data.slug as string;

    await visit(slug, 'Paula Pressa', '(11) 97654-3210');
    await visit(slug, 'Robô Spammer', '(11) 96543-2109', true);

    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logIn(page, USER.email, USER.password);

      // The Páginas list counts the person as a lead and the bot apart.
      await page.goto(`/paginas?search=${encodeURIComponent(STAMP)}`);
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      await row.getByRole('link', { name: '1 em quarentena' }).waitFor();

      await page.goto('/leads');
      await page.getByRole('link', { name: 'Paula Pressa' }).waitFor();
      expect(await page.getByText('Robô Spammer').count()).toBe(0);
      const notice = page.getByTestId('quarantine-notice');
      await notice.getByText('1 lead em quarentena').waitFor();
      await notice.getByRole('button', { name: 'Ver o lead em quarentena' }).click();

      await page.waitForURL(/quarantined=1/);
      await page.getByTestId('quarantine-header').waitFor();
      const botRow = page.getByRole('row', { name: /Robô Spammer/ });
      await botRow.waitFor();
      expect(await botRow.textContent()).toMatch(/Motivo:\s*campo oculto preenchido \(robô\)/);
      expect(await page.getByText('Paula Pressa').count()).toBe(0);

      await botRow.getByRole('button', { name: 'Liberar Robô Spammer' }).click();
      await page.getByText('Lead liberado', { exact: true }).waitFor();
      await page.getByText('Nenhum lead em quarentena.').waitFor();

      await page.getByRole('button', { name: 'Ver todos os leads' }).click();
      await page.getByRole('link', { name: 'Robô Spammer' }).waitFor();
      await page.getByRole('link', { name: 'Paula Pressa' }).waitFor();
      expect(await page.getByTestId('quarantine-notice').count()).toBe(0);
    } finally {
      await context.close();
    }

    // The API agrees with what the screen showed.
    const list = await api('GET', `/v1/real-estates/${agencyId}/leads`);
    expect(list.meta).toMatchObject({ total: 2, quarantined: 0 });
  });
});
