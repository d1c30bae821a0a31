/**
 * Screenshots of the login screen and the shell at 1280×800 and 390×844. They go to
 * test-results/screenshots/ (ignored by git) unless UPDATE_SCREENSHOTS=1, which refreshes the
 * committed ones in docs/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { DESKTOP, logIn, launchBrowser, newPage, PHONE } from './kit';

const baseURL = inject('baseURL');
const outDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);
let browser: Browser;

beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(page: Page, name: string) {
  // Let fonts, images and entry animations settle.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  // Every screen works at its width: nothing sticks out sideways.
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} is wider than the viewport`).toBeLessThanOrEqual(innerWidth);
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`captures the login screen and the shell (${label} ${viewport.width}×${viewport.height})`, async () => {
    const { context, page } = await newPage(browser, baseURL, viewport);
    try {
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, `welcome-${viewport.width}`);

      await page.goto('/entrar');
      await page.getByLabel('E-mail').waitFor();
      await shoot(page, `login-${viewport.width}`);

      await logIn(page);
      // dashboard-{1280,390}.png come from analytics.e2e.test.ts: an agency with visits, a lead and a failed delivery.
      await page.getByTestId('dashboard-agency-name').waitFor();

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await page.getByRole('dialog', { name: 'Menu de navegação' }).waitFor();
        await shoot(page, `drawer-${viewport.width}`);
        await page.keyboard.press('Escape');
      }

      await page.goto('/conta');
      await page.getByLabel('Cidade').waitFor();
      await shoot(page, `account-${viewport.width}`);

      await page.goto('/integracoes');
      await page.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
      await page.getByRole('button', { name: 'Ajuda' }).click();
      await page.getByRole('dialog', { name: 'Precisa de ajuda?' }).waitFor();
      const file = await shoot(page, `help-${viewport.width}`);
      expect(file).toMatch(/\.png$/);
    } finally {
      await context.close();
    }
  });
}
