/**
 * The one-click demo in the browser: /demo describes the demo, "Entrar na demonstração" signs in as
 * the demo user without typing anything and lands on /leads full of leads; the seeded pages and a
 * landing page show the generated photos (WebP from srcset). Screenshots at 1280×800 and 390×844 go
 * to test-results/screenshots/, or to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO, DESKTOP, launchBrowser, newPage, PHONE, screenshot } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const LISTING = 'Apartamento com 3 quartos e varanda gourmet em Pinheiros';
const LISTING_SLUG = 'apartamento-3-quartos-varanda-gourmet-pinheiros';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every <img> shown on screen has loaded (no broken photo); hidden layouts and lazy ones below are skipped. */
async function imagesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.images)
          .filter(
            (img) => img.getClientRects().length > 0 && img.getBoundingClientRect().top < window.innerHeight,
          )
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true)
    .catch(async (error: unknown) => {
      const broken = await page.evaluate(() =>
        Array.from(document.images)
          .filter((img) => img.getClientRects().length > 0 && !(img.complete && img.naturalWidth > 0))
          .map((img) => `${img.src} ${img.loading}`),
      );
      throw new Error(`${String(error)}: ${broken.join(', ')}`);
    });
}

describe('the one-click demo', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`enters from /demo with one click and finds leads, pages and landing pages with photos (${label})`, async () => {
      const { context, page } = await newPage(browser, baseURL, viewport);
      try {
        await page.goto(viewport === DESKTOP ? '/demo' : '/demonstracao');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByText(DEMO.email).waitFor();
        await page.getByRole('heading', { name: '15 páginas de imóveis' }).waitFor();
        await screenshot(page, `demo-${viewport.width}`, { fullPage: 'tall' });

        await page.getByRole('button', { name: 'Entrar na demonstração' }).click();
        await page.waitForURL('**/leads');
        // The leads of the last 30 days, not an empty state.
        await expect
          .poll(() => page.locator('a[href*="lead="]').filter({ visible: true }).count(), { timeout: 15_000 })
          .toBeGreaterThanOrEqual(10);
        await screenshot(page, `demo-leads-${viewport.width}`);

        await page.goto('/paginas');
        await page.getByRole('link', { name: LISTING }).first().waitFor();
        await imagesLoaded(page);
        expect(
          await page.locator('img[src*="/files/pages/"]').filter({ visible: true }).count(),
        ).toBeGreaterThanOrEqual(3);
        await screenshot(page, `demo-pages-${viewport.width}`);

        const response = await page.goto(`${landingURL}/imoveis/${LISTING_SLUG}`);
        expect(response?.status()).toBe(200);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(LISTING);
        await imagesLoaded(page);
        const cover = page.locator('.hero img');
        expect(await cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
          /-(480|960|1200)\.webp$/,
        );
        await screenshot(page, `demo-landing-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});
