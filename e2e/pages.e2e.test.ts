/**
 * /paginas in the browser against the real server: a page created from its title, priced, given
 * photos (uploaded, then reordered with the keyboard) and published; its public landing page seen
 * by a visitor who sends the lead form; the sample Meta catalog imported with its report.
 * Screenshots of the list, the editor and the import report at 1280×800 and 390×844, and of the
 * landing page at 390×844, go to test-results/screenshots/, or to docs/screenshots/ with
 * UPDATE_SCREENSHOTS=1 (as in screenshots.e2e.test.ts).
 *
 * Everything happens in the demo user's first agency (the one selected after login); the leads
 * browser test counts the leads of the second one, so no lead goes there.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, logIn, launchBrowser, newPage, PHONE, screenshot } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const root = fileURLToPath(new URL('..', import.meta.url));
const SAMPLE_CATALOG = path.join(root, 'apps/server/src/modules/catalog-import/fixtures/sample-catalog.csv');
const STAMP = String(Date.now() % 100_000);
const TITLE = `Apartamento com varanda em Pinheiros ${STAMP}`;

let browser: Browser;
let pageId: number;
let slug: string;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real PNG of width×height: a diagonal gradient between two colours (RGB). */
function gradientPng(width: number, height: number, from: number[], to: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let c = 0; c < 3; c++) rows[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const photoSources = (page: Page) =>
  page
    .getByTestId('page-photo')
    .evaluateAll((items) => items.map((li) => li.querySelector('img')?.src ?? ''));

describe('/paginas in the browser', () => {
  it('creates a page from its title, prices it, uploads and reorders photos, and publishes it', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await logIn(page);
      await page.goto('/paginas');
      await page.getByRole('heading', { level: 1, name: 'Páginas' }).waitFor();

      await page.getByRole('button', { name: 'Nova página' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nova página' });
      await dialog.getByLabel('Título do anúncio').fill(TITLE);
      await dialog.getByRole('button', { name: 'Criar página' }).click();
      await page.waitForURL(/\/paginas\/\d+$/);
      pageId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

      // Reais typed the Brazilian way, stored as cents.
      const price = page.getByLabel('Preço de venda');
      await price.fill('850000');
      await price.blur();
      expect(await price.inputValue()).toBe('850.000,00');
      await page.getByLabel('Tipo do imóvel').selectOption('apartment');
      await page.getByLabel('Quartos').fill('3');
      await page.getByLabel('Área (m²)').fill('98');
      await page.getByLabel('Bairro').fill('Pinheiros');
      await page.getByLabel('Cidade').fill('São Paulo');
      await page.getByLabel('UF').selectOption('SP');
      await page
        .getByLabel('Sobre o imóvel')
        .fill(
          'Apartamento reformado, com varanda gourmet, 3 quartos (1 suíte) e 2 vagas.\n\nA 5 minutos a pé do metrô, em rua arborizada.',
        );
      // The draft's preview is the server's landing of the unsaved form: the price as visitors read it.
      const draftPreview = page.frameLocator('iframe[title^="Pré-visualização da página pública"]');
      await expect
        .poll(() => draftPreview.locator('.price').textContent(), { timeout: 15_000 })
        .toMatch(/R\$\s850\.000/);
      expect(await draftPreview.locator('h1').textContent()).toBe(TITLE);
      expect(consoleErrors).toEqual([]);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.locator('[data-variant=success]', { hasText: 'Página salva!' }).waitFor();
      await page.getByText('Alterações não salvas').waitFor({ state: 'detached' });

      // Two photos, each with its own progress bar; the first one becomes the cover.
      await page.getByLabel('Enviar fotos').setInputFiles([
        {
          name: 'fachada.png',
          mimeType: 'image/png',
          buffer: gradientPng(480, 360, [15, 118, 110], [204, 251, 241]),
        },
        {
          name: 'sala.png',
          mimeType: 'image/png',
          buffer: gradientPng(480, 360, [180, 83, 9], [254, 243, 199]),
        },
      ]);
      await expect.poll(() => page.getByTestId('page-photo').count(), { timeout: 15_000 }).toBe(2);
      await page.getByRole('list', { name: 'Envios de fotos' }).waitFor({ state: 'detached' });
      const [first, second] = await photoSources(page);

      // Keyboard reorder (dnd-kit): pick up photo 2, move it left, drop it. It becomes the cover.
      await page.getByRole('button', { name: 'Mover Foto 2 de 2' }).focus();
      // The sensor starts listening a frame after the key that activates it.
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      await page.keyboard.press('ArrowLeft');
      await page.waitForTimeout(250);
      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/v1/pages/${pageId}/photos`) && r.request().method() === 'PUT',
      );
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      expect(await photoSources(page)).toEqual([second, first]);

      await page.getByRole('button', { name: 'Publicar' }).click();
      await page.locator('[data-variant=success]', { hasText: 'Página publicada!' }).waitFor();
      await page.getByRole('button', { name: 'Despublicar' }).waitFor();
      const publicHref = await page
        .getByRole('link', { name: /\/imoveis\// })
        .first()
        .getAttribute('href');
      slug = new URL(publicHref!).pathname.split('/').pop()!;
      expect(slug).toMatch(/^apartamento-com-varanda-em-pinheiros/);
      // "Ver página" opens the landing pages' own origin, never the console's (decision 017).
      expect(new URL(publicHref!).origin).toBe(landingURL);

      // The live preview shows the real public page.
      const preview = page.frameLocator('iframe[title^="Pré-visualização da página pública"]');
      await expect.poll(() => preview.locator('h1').textContent()).toBe(TITLE);
      expect(consoleErrors).toEqual([]);

      // The editor as it opens (no toast over it), for the screenshot.
      await page.goto(`/paginas/${pageId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await preview.locator('h1').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'page-editor-1280');
    } finally {
      await context.close();
    }
  });

  it('a visitor sees the published page at /imoveis/{slug} and sends the lead form', async () => {
    expect(slug).toBeTruthy();
    // A fresh context: no console session, as a visitor coming from an ad.
    const { context, page } = await newPage(browser, baseURL, PHONE);
    try {
      const response = await page.goto(`${landingURL}/imoveis/${slug}`);
      expect(response?.status()).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      expect((await page.locator('.price').textContent())?.replace(/\u00a0/g, ' ')).toBe('R$ 850.000');
      await screenshot(page, 'landing-390');

      // No pause: timing alone never quarantines (autofill is fast; docs/spam-rules.md).
      await page.getByLabel('Nome').fill('Mariana Teste');
      await page.getByLabel('Telefone com DDD').fill('(11) 98888-7777');
      await page.getByLabel(/Autorizo/).check();
      await page.getByRole('button', { name: 'Quero mais informações' }).click();
      const thanks = page.getByRole('status').filter({ hasText: 'Recebemos seu contato!' });
      await thanks.waitFor();
      expect(await thanks.isVisible()).toBe(true);
      expect(await page.locator('form#lead').isHidden()).toBe(true);
    } finally {
      await context.close();
    }

    // The console counts the lead on the page's row.
    const admin = await newPage(browser, baseURL, DESKTOP);
    try {
      await logIn(admin.page);
      await admin.page.goto(`/paginas?search=${encodeURIComponent(STAMP)}`);
      const row = admin.page.getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      expect(await row.getByRole('cell').nth(4).textContent()).toBe('1');
    } finally {
      await admin.context.close();
    }
  });

  it('imports the sample Meta catalog and shows the report: 6 created, 1 rejected', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      await logIn(page);
      await page.goto('/paginas');
      await page.getByRole('button', { name: 'Importar catálogo' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });

      // A file that is not a catalog is refused clearly, and nothing changes.
      await dialog.getByLabel('Arquivo do catálogo').setInputFiles({
        name: 'planilha.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('nome,telefone\nAna,11\n'),
      });
      await dialog.getByRole('alert').filter({ hasText: 'home_listing_id' }).waitFor();

      await dialog.getByLabel('Arquivo do catálogo').setInputFiles(SAMPLE_CATALOG);
      const report = dialog.getByTestId('import-report');
      await report.getByText('Concluída', { exact: true }).waitFor({ timeout: 30_000 });
      const counts = Object.fromEntries(
        await report
          .locator('dl > div')
          .evaluateAll((items) =>
            items.map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]),
          ),
      );
      expect(counts).toEqual({ Criadas: '6', Atualizadas: '0', 'Sem mudança': '0', Rejeitadas: '1' });
      const rejected = report.getByRole('table').getByRole('row');
      expect(await rejected.count()).toBe(2);
      expect(await rejected.nth(1).textContent()).toMatch(/^8VI-1007.*BRL/);
      await screenshot(page, 'pages-import-1280');

      await dialog.getByRole('button', { name: 'Ver páginas' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Sobrado com 2 suítes na Savassi' }).first().waitFor();
      await screenshot(page, 'pages-1280');
    } finally {
      await context.close();
    }
  });

  it('captures the list, the editor and the import report on a 390 px phone', async () => {
    const { context, page } = await newPage(browser, baseURL, PHONE);
    try {
      await logIn(page);
      await page.goto('/paginas');
      await page.getByRole('list', { name: 'Páginas' }).waitFor();
      await screenshot(page, 'pages-390');

      await page.goto(`/paginas/${pageId}`);
      await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      await page.getByRole('button', { name: 'Mostrar' }).click();
      await page.frameLocator('iframe[title^="Pré-visualização da página pública"]').locator('h1').waitFor();
      await screenshot(page, 'page-editor-390');

      await page.goto('/paginas');
      await page.getByRole('button', { name: 'Importar catálogo' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Importar catálogo' });
      await dialog
        .getByRole('button', { name: /sample-catalog\.csv/ })
        .first()
        .click();
      await dialog.getByTestId('import-report').getByText('Concluída', { exact: true }).waitFor();
      await screenshot(page, 'pages-import-390');
    } finally {
      await context.close();
    }
  });
});
