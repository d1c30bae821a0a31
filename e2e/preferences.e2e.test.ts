/**
 * Configurações and Assinatura in Chromium against the real server (docs/product.md#subscription): an owner
 * changes the WhatsApp number and message on /configuracoes (auto-saved), and a visitor's landing page
 * carries them at once; a Meta Pixel id adds the deferred loader. Screenshots of both screens, desktop and
 * phone.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiClient, DESKTOP, PHONE, launchBrowser, logIn, newPage } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const STAMP = `${Date.now() % 1_000_000}`;
const USER = {
  name: 'Dona Configurações',
  email: `config.${STAMP}@teste.com.br`,
  password: 'senha-das-configuracoes',
};
const SHOTS = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

let browser: Browser;
let slug = '';
let soldSlug = '';
const api = apiClient(baseURL);

beforeAll(async () => {
  browser = await launchBrowser();
  const { user } = await api('POST', '/v1/register', {
    name: USER.name,
    email: USER.email,
    password: USER.password,
    password_confirmation: USER.password,
    real_estate_name: `Imobiliária Configurada ${STAMP}`,
  });
  const agencyId = user.real_estates[0].id as number;
  // No number of its own: the page takes the agency's WhatsApp preference.
  const { data: page } = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
    page: { title: `Sobrado com jardim ${STAMP}`, status: 'published', city: 'Campinas' },
  });
  slug = page.slug as string;
  const { data: sold } = await api('POST', `/v1/real-estates/${agencyId}/pages`, {
    page: { title: `Casa vendida ${STAMP}`, status: 'sold', city: 'Campinas' },
  });
  soldSlug = sold.slug as string;
});
afterAll(async () => {
  await browser?.close();
});

const row = (page: Page, key: string) => page.getByTestId(`row-${key}`);
async function saved(page: Page, key: string) {
  await expect
    .poll(() => page.getByTestId(`status-${key}`).getAttribute('data-status'), { timeout: 10_000 })
    .toBe('saved');
}

describe('Configurações changes the landing pages', () => {
  it('a new WhatsApp number and message reach the visitor’s WhatsApp link, and a pixel only when set', async () => {
    const { context, page } = await newPage(browser, baseURL);
    try {
      await logIn(page, USER.email, USER.password);
      await page.goto('/configuracoes');
      await page.getByRole('heading', { name: 'WhatsApp das páginas' }).waitFor();

      const before = await (await context.request.get(`${landingURL}/imoveis/${slug}`)).text();
      expect(before).not.toContain('wa.me');
      expect(before).not.toContain('data-fb=');

      await row(page, 'whatsapp_number').getByRole('textbox').fill('(19) 99876-5432');
      const message = row(page, 'whatsapp_message').getByRole('textbox');
      await message.fill('Olá! Vi o {titulo} no site ({link}) e quero agendar uma visita.');
      await expect
        .poll(() => page.getByTestId('whatsapp-preview').textContent())
        .toContain('Vi o Apartamento com 3 quartos em Pinheiros no site');
      await saved(page, 'whatsapp_number');
      await saved(page, 'whatsapp_message');

      await row(page, 'meta_pixel_id').getByRole('textbox').fill('123456789012345');
      await page.keyboard.press('Tab');
      await saved(page, 'meta_pixel_id');

      const visitor = await browser.newContext({ locale: 'pt-BR' });
      // No internet here: the vendor's script is answered locally (it loads on the first interaction).
      let pixelRequested = false;
      await visitor.route('https://connect.facebook.net/**', (route) => {
        pixelRequested = true;
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
      });
      const tab = await visitor.newPage();
      try {
        await tab.goto(`${landingURL}/imoveis/${slug}`);
        const href = await tab.locator('a[href^="https://wa.me/"]').first().getAttribute('href');
        const url = new URL(href!);
        expect(url.pathname).toBe('/5519998765432');
        expect(url.searchParams.get('text')).toBe(
          `Olá! Vi o Sobrado com jardim ${STAMP} no site (${landingURL}/imoveis/${slug}) e quero agendar uma visita.`,
        );
        expect(await tab.locator('script[data-fb="123456789012345"]').count()).toBe(1);
        expect(pixelRequested).toBe(false);
        await tab.mouse.move(10, 10);
        await tab.mouse.down();
        await tab.mouse.up();
        await expect.poll(() => pixelRequested).toBe(true);
        expect(await tab.evaluate(() => typeof (window as unknown as { fbq?: unknown }).fbq)).toBe(
          'function',
        );
      } finally {
        await visitor.close();
      }
    } finally {
      await context.close();
    }
  });
});

describe('Configurações changes the sitemap', () => {
  it('the switch keeps sold pages in /sitemap.xml once saved', async () => {
    const sitemap = async () => (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(await sitemap()).not.toContain(`/imoveis/${soldSlug}<`);
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logIn(page, USER.email, USER.password);
      await page.goto('/configuracoes');
      const toggle = page.getByRole('switch', { name: 'Manter imóveis vendidos ou alugados no sitemap' });
      await toggle.click();
      await saved(page, 'sitemap_closed_pages');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      expect(await sitemap()).toContain(`/imoveis/${soldSlug}<`);
      await toggle.click();
      await saved(page, 'sitemap_closed_pages');
      expect(await sitemap()).not.toContain(`/imoveis/${soldSlug}<`);
    } finally {
      await context.close();
    }
  });
});

describe('screenshots', () => {
  it('Configurações and Assinatura, desktop and phone', async () => {
    await mkdir(SHOTS, { recursive: true });
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page } = await newPage(browser, baseURL, viewport);
      try {
        await logIn(page, USER.email, USER.password);
        await page.goto('/configuracoes');
        await page.getByRole('heading', { name: 'WhatsApp das páginas' }).waitFor();
        await page.screenshot({ path: `${SHOTS}configuracoes-${name}.png`, fullPage: true });
        // Nothing wider than the screen (a phone must not scroll sideways).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.goto('/assinatura');
        await page.getByText('Plano atual: Profissional').waitFor();
        await page.screenshot({ path: `${SHOTS}assinatura-${name}.png`, fullPage: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } finally {
        await context.close();
      }
    }
  });
});
