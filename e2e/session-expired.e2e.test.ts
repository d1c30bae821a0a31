/**
 * docs/product.md#protected-routes in the browser: when the server ends a session (here it is signed out from
 * another client, as an expiry or a "sign out everywhere" would), the next API call answers 401 and the
 * console goes to /login with "Sua sessão expirou. Entre novamente."; signing in again returns to the page
 * the person was on. A visit to a protected route without any session still goes to /entrar, without that
 * notice.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, launchBrowser, logIn, newPage } from './kit';

const baseURL = inject('baseURL');
const NOTICE = 'Sua sessão expirou. Entre novamente.';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Ends the browser's session on the server from outside the browser, with a copy of its cookies. */
async function signOutElsewhere(context: BrowserContext) {
  const cookies = await context.cookies(baseURL);
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await fetch(`${baseURL}/v1/logout`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
  });
  expect(response.status).toBe(204);
}

describe('a session that ends on the server', () => {
  it('the next call answers 401: /login with the notice in Portuguese, and signing in again goes back', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await logIn(page);
      await page
        .getByRole('complementary', { name: 'Barra lateral' })
        .getByRole('link', { name: 'Leads', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await page.getByRole('navigation', { name: 'Paginação de leads' }).waitFor();
      // Every call of the screen answered (the start-up /v1/me refresh included): the next one is ours.
      await page.waitForLoadState('networkidle');

      await signOutElsewhere(context);
      // The browser still holds its (now dead) session cookie: only the server knows it ended.
      expect((await context.cookies(baseURL)).some((c) => c.name === 'vitrine_session')).toBe(true);

      // Any action that calls the API: a filter refetches the list.
      const answered = page.waitForResponse((r) => r.url().includes('/leads?') && r.status() === 401);
      await page.getByLabel('Status', { exact: true }).selectOption('novo');
      await answered;

      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText(NOTICE).waitFor();
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('vitrine.user'))).toBeNull();

      // Signing in again carries on where the person was, filter included.
      await page.getByLabel('E-mail').fill(DEMO.email);
      await page.getByLabel('Senha', { exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/leads' && url.searchParams.get('status') === 'novo');
      await page
        .getByRole('navigation', { name: 'Paginação de leads' })
        .or(page.getByText('Nenhum lead'))
        .first()
        .waitFor();
      expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('novo');
      expect(await page.getByText(NOTICE).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a protected route visited without a session goes to /entrar, with no "expired" notice', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await page.goto('/leads');
      await page.waitForURL((url) => url.pathname === '/entrar');
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      expect(await page.getByText(NOTICE).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
