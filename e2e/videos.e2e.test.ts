/**
 * The editor's video section in a real browser against the real server (local storage driver, Debian's
 * ffmpeg): a real MP4 sent straight to its signed upload URL with a visible progress bar (the upload is
 * throttled so the bar can be seen moving), the poster made by the job, a YouTube link whose thumbnail
 * the server copies into its storage (from the local stand-in of global-setup.ts), a keyboard reorder,
 * and the published landing page showing the videos in the new order without loading any player or
 * contacting any other origin. Screenshots of the section at 1280×800 and 390×844, and of the landing's
 * videos at 390×844 (a facade with the copied poster and one without), go to test-results/screenshots/
 * (docs/screenshots/ with UPDATE_SCREENSHOTS=1).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, logIn, launchBrowser, newPage, PHONE } from './kit';

const baseURL = inject('baseURL');
const landingURL = inject('landingURL');
const TINY_MP4 = readFileSync(
  fileURLToPath(new URL('../apps/server/src/modules/videos/testing/tiny.mp4', import.meta.url)),
);
const outDir = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);

/** The tiny MP4 padded with a `free` box to ~1.5 MB: still a valid MP4, big enough to watch its upload. */
function paddedMp4(bytes: number): Buffer {
  const free = Buffer.alloc(bytes);
  free.writeUInt32BE(bytes, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([TINY_MP4, free]);
}

let browser: Browser;
beforeAll(async () => {
  mkdirSync(outDir, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (u) => {
    const res = await fetch(u, { headers: { Accept: 'application/json' } });
    return (await res.json()) as T;
  }, url);
}

const section = (page: Page) => page.locator('#secao-videos-card');

describe('videos in the page editor', () => {
  it('uploads a real MP4 with progress, adds a link, reorders with the keyboard, and the landing shows it', async () => {
    const { context, page } = await newPage(browser, baseURL, DESKTOP);
    try {
      // No error at all: posters come from our storage, never from i.ytimg.com.
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      await logIn(page);
      const me = await api<{ user: { real_estates: { id: number }[] } }>(page, '/v1/me');
      const agencyId = me.user.real_estates[0]!.id;
      const pages = await api<{ data: { id: number; slug: string; status: string }[] }>(
        page,
        `/v1/real-estates/${agencyId}/pages?status=published&per_page=5`,
      );
      const target = pages.data.find((p) => p.status === 'published')!;
      await page.goto(`/paginas/${target.id}`);
      await section(page).getByRole('heading', { name: 'Vídeos' }).waitFor();
      await section(page).getByText('Nenhum vídeo ainda.', { exact: false }).waitFor();

      // Throttle uploads (~400 KB/s) so the progress bar is seen between 0 and 100 %.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 400 * 1024,
      });
      const seen = new Set<number>();
      await page.getByLabel('Escolher arquivos de vídeo').setInputFiles({
        name: 'tour-do-imovel.mp4',
        mimeType: 'video/mp4',
        buffer: paddedMp4(1_500_000),
      });
      const bar = page.getByRole('progressbar', { name: 'Envio de tour-do-imovel.mp4' });
      await expect
        .poll(
          async () => {
            const v = Number((await bar.getAttribute('aria-valuenow').catch(() => null)) ?? NaN);
            if (Number.isFinite(v)) seen.add(v);
            return [...seen].some((x) => x > 0 && x < 100);
          },
          { timeout: 20_000, interval: 50 },
        )
        .toBe(true);
      await section(page).screenshot({ path: path.join(outDir, 'videos-uploading-desktop.png') });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      // Ready with the poster made by ffmpeg, and its duration.
      const uploaded = section(page).getByTestId('page-video').first();
      await expect.poll(() => uploaded.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
      await expect.poll(() => uploaded.locator('img').getAttribute('src')).toMatch(/poster\.jpg$/);
      expect(await uploaded.textContent()).toContain('0:02');

      // A YouTube link, then moved above the upload with the keyboard (dnd-kit).
      await section(page).getByLabel('Ou adicione um link').fill('https://youtu.be/dQw4w9WgXcQ');
      await section(page).getByRole('button', { name: 'Adicionar link' }).click();
      await expect.poll(() => section(page).getByTestId('page-video').count()).toBe(2);
      const handle = section(page).getByRole('button', { name: 'Mover Vídeo 2 de 2' });
      await handle.focus();
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/v1/videos/change-sequence') && r.request().method() === 'PATCH',
      );
      // As in pages.e2e.test.ts: the sensor starts listening a frame after the key that activates it.
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
      await page.keyboard.press('Space');
      expect((await saved).status()).toBe(200);
      await expect
        .poll(() => section(page).getByTestId('page-video').first().textContent())
        .toContain('YouTube');
      // Its poster, copied by the server's job into our storage.
      await expect
        .poll(() => section(page).getByTestId('page-video').first().locator('img').getAttribute('src'), {
          timeout: 15_000,
        })
        .toMatch(new RegExp(`^${baseURL}/files/videos/.+/poster\\.jpg$`));
      // A link YouTube has no thumbnail for: it stays without a poster (the landing shows a placeholder).
      await section(page).getByLabel('Ou adicione um link').fill('https://youtu.be/semcapa0001');
      await section(page).getByRole('button', { name: 'Adicionar link' }).click();
      await expect.poll(() => section(page).getByTestId('page-video').count()).toBe(3);

      await section(page).scrollIntoViewIfNeeded();
      await section(page).screenshot({ path: path.join(outDir, 'videos-section-desktop.png') });
      await page.setViewportSize(PHONE);
      await section(page).scrollIntoViewIfNeeded();
      await section(page).screenshot({ path: path.join(outDir, 'videos-section-phone.png') });
      expect(consoleErrors).toEqual([]);

      // The published landing page, in the editor's new order: the YouTube facade (moved up), the
      // uploaded video, then the link without a poster. No player loaded, no other origin contacted.
      const frames: string[] = [];
      page.on('request', (r) => frames.push(r.url()));
      await page.goto(`${landingURL}/imoveis/${target.slug}`);
      const facade = page.locator('button.vf').first();
      await facade.waitFor();
      const order = await page
        .locator('.vids > *')
        .evaluateAll((els) =>
          els.map((e) => `${e.tagName.toLowerCase()} ${e.getAttribute('data-embed') ?? ''}`.trim()),
        );
      expect(order).toEqual([
        'button https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
        'button', // the uploaded video: a facade too (docs/product.md#videos), its poster a lazy image
        'button https://www.youtube-nocookie.com/embed/semcapa0001?autoplay=1&rel=0',
      ]);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.locator('video').count()).toBe(0);
      const fileFacade = page.locator('button.vf[data-src]');
      expect(await fileFacade.getAttribute('data-src')).toMatch(/\/original\.mp4$/);
      expect(await fileFacade.locator('img').getAttribute('loading')).toBe('lazy');
      for (const poster of [facade, fileFacade])
        expect(await poster.locator('img').getAttribute('src')).toMatch(
          new RegExp(`^${baseURL}/files/videos/.+/poster\\.jpg$`),
        );
      expect(await page.locator('button.vf').nth(2).locator('img').count()).toBe(0); // the placeholder
      await page.locator('.vids').scrollIntoViewIfNeeded();
      await page
        .locator('.vids img')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode());
      await page.locator('.vids').screenshot({ path: path.join(outDir, 'videos-landing-phone.png') });
      expect(frames.filter((u) => !u.startsWith(baseURL) && !u.startsWith(landingURL))).toEqual([]);
      expect(frames.some((u) => u.includes('youtube-nocookie.com') || u.includes('.mp4'))).toBe(false);
      expect(consoleErrors).toEqual([]);
      await facade.click();
      const iframe = page.locator('iframe.vfi');
      await iframe.waitFor({ state: 'attached' });
      expect(await iframe.getAttribute('src')).toBe(
        'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
      );
      // The uploaded video's facade becomes the <video>, playing from our storage.
      const posterSrc = await fileFacade.locator('img').getAttribute('src');
      await fileFacade.click();
      const video = page.locator('video.vfi');
      await video.waitFor({ state: 'attached' });
      expect(await video.getAttribute('poster')).toBe(posterSrc);
      expect(await video.locator('source').getAttribute('src')).toMatch(/\/original\.mp4$/);
      await expect.poll(() => frames.some((u) => u.includes('original.mp4'))).toBe(true);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
