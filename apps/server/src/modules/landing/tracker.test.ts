/**
 * The tracker as the landing page serves it: small (≤ 1.2 KB gzip), from our origin under a hashed
 * URL cached for a year, inserted by the page's inline script after the `load` event (never competes
 * with the cover photo) and allowed by the page's CSP.
 */
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createTestContext, insertPage, type TestContext } from '../../testing/test-app.ts';
import { browserScriptSource, trackerAsset } from '../../lib/browser-scripts.ts';
import { LANDING_SCRIPT } from './landing-assets.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('the analytics tracker', () => {
  it('is at most 1.2 KB gzip, minified, and sets neither cookies nor storage', async () => {
    const { code } = await trackerAsset();
    const gzip = gzipSync(code).length;
    expect(gzip).toBeLessThanOrEqual(1200);
    expect(code.length).toBeLessThan(readFileSync(browserScriptSource('tracker'), 'utf8').length / 2);
    expect(code).not.toMatch(/cookie|localStorage|sessionStorage|indexedDB/);
    expect(code).toContain('keepalive');
    expect(code).toContain('sendBeacon');
  });

  it('every landing page loads it after the page from a hashed URL its CSP allows; the footer says how visits are counted', async () => {
    const owner = await createOwner(ctx);
    const page = await insertPage(ctx, owner.realEstateId);
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    const tracker = await trackerAsset();
    // No <script src> in the HTML: the inline script inserts the tracker on `load`, from the body's data.
    expect(res.body).toContain(`<body data-t="${tracker.path}" data-p="${page.id}">`);
    expect(res.body).not.toContain('<script src=');
    expect(LANDING_SCRIPT).toMatch(/addEventListener\("load"/);
    expect(res.headers['content-security-policy']).toMatch(
      /script-src 'sha256-[^']+'( 'sha256-[^']+')* 'self'/,
    );
    expect(res.body).toContain(
      'Privacidade: esta página conta visitas de forma anônima, sem cookies e sem guardar seu IP',
    );
    expect(res.headers['set-cookie']).toBeUndefined();

    const js = await ctx.app.inject({
      method: 'GET',
      url: tracker.path,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('gzip');
    // A page cached before a deploy names the old hash: it gets today's script, cached briefly.
    const old = await ctx.app.inject({ method: 'GET', url: '/p/antigo123.js' });
    expect(old.statusCode).toBe(200);
    expect(old.headers['cache-control']).toBe('public, max-age=300');
    expect((await ctx.app.inject({ method: 'GET', url: '/p/..%2Fetc.js' })).statusCode).toBe(404);
  });

  it('numbers photos as the visitor and the console see them: the cover is 1, the gallery goes on from 2', async () => {
    const owner = await createOwner(ctx);
    const photo = (n: number) => ({
      id: `p${n}`,
      url: `https://img.exemplo.com/${n}.jpg`,
      key: null,
      width: 1200,
      height: 900,
      alt: null,
    });
    const page = await insertPage(ctx, owner.realEstateId, { photos: [1, 2, 3, 4].map(photo) });
    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    const imgs = [...res.body.matchAll(/<img[^>]*src="https:\/\/img\.exemplo\.com\/(\d)\.jpg"[^>]*>/g)].map(
      (m) => ({ file: Number(m[1]), tag: m[0] }),
    );
    // The n-th photo of the page (the console's "Foto n de 4") carries data-n="n"; the tracker sends it
    // as photo_view {index: n}, and the gallery's alt texts say the same number.
    expect(imgs.map((i) => i.file)).toEqual([1, 2, 3, 4]);
    for (const { file, tag } of imgs) {
      expect(tag).toContain(`data-n="${file}"`);
      if (file > 1) expect(tag).toContain(`alt="${page.title} - foto ${file}"`);
    }
    const { code } = await trackerAsset();
    expect(code).toContain('dataset.n');
  });
});
