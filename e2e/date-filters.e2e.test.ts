/**
 * The Leads period in a browser that is not in Portuguese (en-US, New York time), where a native
 * date input would read mm/dd/yyyy: the fields show and take dd/mm/aaaa, the URL carries
 * YYYY-MM-DD, the list follows, an impossible day is refused on the field, and the calendar speaks
 * Portuguese. Screenshots of /leads with the quarantine notice and the period filled, at 1280×800
 * and 390×844, go to test-results/screenshots/, or to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, launchBrowser, logIn, newPage, PHONE, registerAgency, screenshot } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = { name: 'Helena Prado', email: `helena.${STAMP}@prado.com.br`, password: 'senha-das-datas' };
const NOT_PORTUGUESE = { locale: 'en-US', timezoneId: 'America/New_York' } as const;
const PEOPLE = ['Carla Mendes', 'Bruno Alves'] as const;

/** Days as the agency counts them (São Paulo), whatever this machine's zone. */
const spDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date); // YYYY-MM-DD
const TODAY = spDay(new Date());
const WEEK_AGO = new Date(Date.parse(`${TODAY}T12:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
/** YYYY-MM-DD → the digits a person types for dd/mm/aaaa. */
const typed = (iso: string) => iso.split('-').reverse().join('');
const shown = (iso: string) => iso.split('-').reverse().join('/');

let browser: Browser;

const api = apiClient(baseURL);

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
/** A lead's row (table) or card (phone) link. */
const leadLink = (page: Page, name: string) =>
  page.locator('a[href*="lead="]').filter({ visible: true, hasText: name });

beforeAll(async () => {
  browser = await launchBrowser();

  const { agencyId } = await registerAgency(api, USER, 'Imobiliária Prado');
  const created = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
    page: { title: 'Casa térrea em Campinas', status: 'published' },
  });
  const slug = created.data.slug as string;
  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${landingURL}/v1/public/pages/${slug}/leads`, {
      method: 'POST',
      headers: { origin: landingURL, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ consent: true, ...body }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const ids = [
    await post({ name: PEOPLE[0], phone: '(19) 99876-1234', message: 'Aceita financiamento?' }),
    await post({ name: PEOPLE[1], phone: '(19) 3232-4545', email: 'bruno.alves@example.com' }),
  ];
  // A bot filling the hidden field: kept in quarantine, counted on the notice.
  await post({ name: 'Oferta Imperdível', phone: '(11) 90000-0000', website: 'http://spam.example' });
  // Other browser tests post from this same address; keep the people in the normal list.
  for (const id of ids) {
    const lead = await api('GET', `/v1/leads/${id}`);
    if (lead.data.quarantined) await api('POST', `/v1/leads/${id}/release`);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('the Leads period in an en-US browser', () => {
  it('shows and takes dd/mm/aaaa, puts YYYY-MM-DD in the URL and filters the list', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP, NOT_PORTUGUESE);
    try {
      expect(await page.evaluate(() => navigator.language)).toBe('en-US');
      await logIn(page, USER.email, USER.password);
      await page.goto('/leads');
      for (const name of PEOPLE) await leadLink(page, name).waitFor();
      await page.getByTestId('quarantine-notice').getByText('1 lead em quarentena').waitFor();

      const from = page.getByLabel('De', { exact: true });
      const to = page.getByLabel('Até', { exact: true });
      expect(await from.getAttribute('placeholder')).toBe('dd/mm/aaaa');
      expect(await from.getAttribute('inputmode')).toBe('numeric');

      // A period with no leads: 2020.
      await from.pressSequentially('01012020');
      await to.pressSequentially('31122020');
      expect(await from.inputValue()).toBe('01/01/2020');
      expect(await to.inputValue()).toBe('31/12/2020');
      await expect.poll(() => [param(page, 'from'), param(page, 'to')]).toEqual(['2020-01-01', '2020-12-31']);
      await page.getByText('Nenhum lead com esses filtros.').waitFor();
      expect(await leadLink(page, PEOPLE[0]).count()).toBe(0);

      // Up to today (São Paulo): the leads are back.
      await to.fill('');
      await to.pressSequentially(typed(TODAY));
      expect(await to.inputValue()).toBe(shown(TODAY));
      await expect.poll(() => param(page, 'to')).toBe(TODAY);
      for (const name of PEOPLE) await leadLink(page, name).waitFor();

      // An impossible day is refused on the field and never reaches the URL.
      await from.fill('');
      await expect.poll(() => param(page, 'from')).toBeNull();
      await from.pressSequentially('31022025');
      await page.getByText('De: 31/02/2025 não é uma data válida.').waitFor();
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      expect(param(page, 'from')).toBeNull();
      await screenshot(page, 'leads-period-invalid-1280');

      // The last week.
      await from.fill('');
      await from.pressSequentially(typed(WEEK_AGO));
      await expect.poll(() => param(page, 'from')).toBe(WEEK_AGO);
      expect(await from.getAttribute('aria-invalid')).toBeNull();
      for (const name of PEOPLE) await leadLink(page, name).waitFor();
      await page.getByTestId('quarantine-notice').getByText('1 lead em quarentena').waitFor();
      await page.getByRole('navigation', { name: 'Paginação de leads' }).waitFor();
      await from.blur();
      await screenshot(page, 'leads-period-1280');

      // The calendar speaks Portuguese too, and Escape closes it.
      await page.getByRole('button', { name: 'Escolher no calendário: Até' }).click();
      const calendar = page.getByRole('dialog', { name: 'Calendário: Até' });
      const month = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' })
        .format(new Date(`${TODAY}T12:00:00Z`))
        .replace(' de ', ' ');
      await calendar.getByRole('grid', { name: month }).waitFor();
      await calendar.getByText(month.replace(' ', ' de ')).waitFor();
      await calendar.getByRole('button', { name: /^Hoje, .*selecionado$/ }).waitFor();
      await calendar.getByRole('button', { name: 'Ir para o mês anterior' }).waitFor();
      await screenshot(page, 'leads-calendar-1280');
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone, behind "Filtros"', async () => {
    const { context, page } = await newPage(browser, baseURL, PHONE, NOT_PORTUGUESE);
    try {
      await logIn(page, USER.email, USER.password);
      await page.goto('/leads');
      await leadLink(page, PEOPLE[0]).waitFor();
      await page.getByRole('button', { name: /Filtros/ }).click();
      const from = page.getByLabel('De', { exact: true });
      await from.pressSequentially(typed(WEEK_AGO));
      await page.getByLabel('Até', { exact: true }).pressSequentially(typed(TODAY));
      await expect.poll(() => [param(page, 'from'), param(page, 'to')]).toEqual([WEEK_AGO, TODAY]);
      for (const name of PEOPLE) await leadLink(page, name).waitFor();
      expect(await from.inputValue()).toBe(shown(WEEK_AGO));
      await page.getByTestId('quarantine-notice').waitFor();

      // The calendar fits the phone and works from the keyboard: the day before, then Enter.
      const button = page.getByRole('button', { name: 'Escolher no calendário: De' });
      await button.focus();
      await page.keyboard.press('Enter');
      const calendar = page.getByRole('dialog', { name: 'Calendário: De' });
      await calendar.getByRole('grid').first().waitFor();
      const box = (await calendar.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, 'leads-calendar-390');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('Enter');
      await calendar.waitFor({ state: 'detached' });
      const dayBefore = new Date(Date.parse(`${WEEK_AGO}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await expect.poll(() => param(page, 'from')).toBe(dayBefore);
      expect(await from.inputValue()).toBe(shown(dayBefore));
      // No focus ring nor hover left over in the picture.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);

      // The filters at the top, just under the sticky header.
      await page
        .getByRole('region', { name: 'Filtros de leads' })
        .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await screenshot(page, 'leads-period-390');
    } finally {
      await context.close();
    }
  });
});
