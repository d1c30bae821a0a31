/**
 * Screenshots of the login screen and the shell at 1280×800 and 390×844. They go to
 * test-results/screenshots/ (ignored by git) unless UPDATE_SCREENSHOTS=1, which refreshes the
 * committed ones in docs/screenshots/.
 */
import { expect, inject, it } from 'vitest';
import { DESKTOP, logIn, newPage, PHONE, screenshot, useBrowser } from './kit';

const baseURL = inject('baseURL');
const browser = useBrowser();

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`captures the login screen and the shell (${label} ${viewport.width}×${viewport.height})`, async () => {
    const { context, page } = await newPage(browser(), baseURL, viewport);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `welcome-${viewport.width}`, { settleMs: 300 });

      await page.goto('/entrar');
      await page.getByLabel('E-mail').waitFor();
      await screenshot(page, `login-${viewport.width}`, { settleMs: 300 });

      await logIn(page);
      // dashboard-{1280,390}.png come from analytics.e2e.test.ts: an agency with visits, a lead and a failed delivery.
      await page.getByTestId('dashboard-agency-name').waitFor();

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await page.getByRole('dialog', { name: 'Menu de navegação' }).waitFor();
        await screenshot(page, `drawer-${viewport.width}`, { settleMs: 300 });
        await page.keyboard.press('Escape');
      }

      await page.goto('/conta');
      await page.getByLabel('Cidade').waitFor();
      await screenshot(page, `account-${viewport.width}`, { settleMs: 300 });

      await page.goto('/integracoes');
      await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
      await page.getByRole('button', { name: 'Ajuda' }).click();
      await page.getByRole('dialog', { name: 'Precisa de ajuda?' }).waitFor();
      const file = await screenshot(page, `help-${viewport.width}`, { settleMs: 300 });
      expect(file).toMatch(/\.png$/);
    } finally {
      await context.close();
    }
  });
}
