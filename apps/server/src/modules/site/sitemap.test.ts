/**
 * The sitemap past the basics of site.test.ts: sold and rented pages as each agency chooses, the sitemap
 * index past SITEMAP_CHUNK_SIZE landing pages (a chunk of 3 here), the keyset batches, and revalidation
 * with the ETag (304). The index and ETag tests run on a database of their own: on the shared PostgreSQL
 * database another file publishing a page would move the counts and the ETag under them.
 */
import { gunzipSync } from 'node:zlib';
import { eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Preference } from '@vitrine/contracts';
import { pages } from '../../db/schema.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';
import { sitemapPageBatches } from './sitemap-pages.ts';

const APP = 'http://localhost:3000';
/** Landing pages are listed on their own origin (LANDING_URL, decision 017). */
const LANDING = 'http://127.0.0.1:3000';
const CHUNK = 3;

let shared: TestContext;
let own: TestContext;
beforeAll(async () => {
  shared = await createTestContext();
  own = await createTestContext({}, { SITEMAP_CHUNK_SIZE: String(CHUNK) }, undefined, undefined, true);
});
afterAll(async () => {
  await shared?.close();
  await own?.close();
});

const get = (ctx: TestContext, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const landingSlugs = (xml: string) =>
  locs(xml)
    .filter((l) => l.startsWith(`${LANDING}/imoveis/`))
    .map((l) => l.slice(`${LANDING}/imoveis/`.length));

async function ownerWithClient(ctx: TestContext, name: string) {
  const owner = await createOwner(ctx, name);
  const client = new TestClient(ctx.app);
  await client.login(owner.email);
  return { owner, client };
}

/** Sets the agency's "keep sold and rented pages in the sitemap" through the API, as the screen does. */
async function keepClosedPages(client: TestClient, realEstateId: number, value: unknown) {
  const list = await client.get(`/v1/real-estates/${realEstateId}/preferences`);
  const row = (list.json().data as Preference[]).find((p) => p.key === 'sitemap_closed_pages')!;
  expect(row.value).toBe(false);
  return client.put(`/v1/preferences/${row.id}`, { value });
}

describe('sold and rented pages, as the agency chooses', () => {
  it('are left out by default and listed once the agency turns the preference on; drafts never', async () => {
    const a = await ownerWithClient(shared, 'Imobiliária Mantém Vendidos');
    const b = await ownerWithClient(shared, 'Imobiliária Tira Vendidos');
    const slug = (s: string) => `${s}-${a.owner.realEstateId}`;
    await insertPage(shared, a.owner.realEstateId, { slug: slug('a-publicada') });
    await insertPage(shared, a.owner.realEstateId, { slug: slug('a-vendida'), status: 'sold' });
    await insertPage(shared, a.owner.realEstateId, { slug: slug('a-alugada'), status: 'rented' });
    await insertPage(shared, a.owner.realEstateId, { slug: slug('a-rascunho'), status: 'draft' });
    await insertPage(shared, b.owner.realEstateId, { slug: slug('b-vendida'), status: 'sold' });

    let listed = landingSlugs((await get(shared, '/sitemap.xml')).body);
    expect(listed).toContain(slug('a-publicada'));
    for (const s of ['a-vendida', 'a-alugada', 'a-rascunho', 'b-vendida'])
      expect(listed).not.toContain(slug(s));

    // A value that is not a boolean: 422 naming the field, in Portuguese.
    const bad = await keepClosedPages(a.client, a.owner.realEstateId, 'sim');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.value[0]).toMatch(/Manter imóveis vendidos ou alugados no sitemap/);

    const on = await keepClosedPages(a.client, a.owner.realEstateId, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().message).toBe('Manter imóveis vendidos ou alugados no sitemap: salvo.');
    listed = landingSlugs((await get(shared, '/sitemap.xml')).body);
    for (const s of ['a-publicada', 'a-vendida', 'a-alugada']) expect(listed).toContain(slug(s));
    // Drafts are not public (their landing page is a 404), and the other agency did not choose it.
    expect(listed).not.toContain(slug('a-rascunho'));
    expect(listed).not.toContain(slug('b-vendida'));

    // Off again: gone.
    const list = (await a.client.get(`/v1/real-estates/${a.owner.realEstateId}/preferences`)).json()
      .data as Preference[];
    const row = list.find((p) => p.key === 'sitemap_closed_pages')!;
    expect((await a.client.put(`/v1/preferences/${row.id}`, { value: false })).statusCode).toBe(200);
    listed = landingSlugs((await get(shared, '/sitemap.xml')).body);
    expect(listed).not.toContain(slug('a-vendida'));
    expect(listed).toContain(slug('a-publicada'));
  });

  it('a listed sold page tells the visitor it is sold (200, notice, SoldOut), a draft is a 404', async () => {
    const { owner } = await ownerWithClient(shared, 'Imobiliária Página Vendida');
    const sold = await insertPage(shared, owner.realEstateId, { status: 'sold' });
    const rented = await insertPage(shared, owner.realEstateId, { status: 'rented', purpose: 'rent' });
    const draft = await insertPage(shared, owner.realEstateId, { status: 'draft' });
    const soldRes = await get(shared, `/imoveis/${sold.slug}`);
    expect(soldRes.statusCode).toBe(200);
    expect(soldRes.body).toContain('Este imóvel já foi vendido.');
    expect(soldRes.body).toContain('https://schema.org/SoldOut');
    expect((await get(shared, `/imoveis/${rented.slug}`)).body).toContain('Este imóvel já foi alugado.');
    expect((await get(shared, `/imoveis/${draft.slug}`)).statusCode).toBe(404);
  });
});

describe(`sitemap index past ${CHUNK} landing pages (SITEMAP_CHUNK_SIZE)`, () => {
  it('one urlset up to the chunk; past it an index of the site file and one file per chunk', async () => {
    const { owner, client } = await ownerWithClient(own, 'Imobiliária Muitas Páginas');
    const already = await own.database.db
      .select({ id: pages.id })
      .from(pages)
      .where(eq(pages.status, 'published'));
    expect(already).toHaveLength(0);

    const made: Awaited<ReturnType<typeof insertPage>>[] = [];
    for (let i = 1; i <= CHUNK; i++)
      made.push(await insertPage(own, owner.realEstateId, { slug: `pagina-indice-${i}` }));
    let res = await get(own, '/sitemap.xml');
    expect(res.body).toContain('<urlset');
    expect(res.body).not.toContain('<sitemapindex');
    expect(landingSlugs(res.body)).toEqual(made.map((p) => p.slug));

    for (let i = CHUNK + 1; i <= 7; i++)
      made.push(await insertPage(own, owner.realEstateId, { slug: `pagina-indice-${i}` }));
    await insertPage(own, owner.realEstateId, { slug: 'pagina-indice-rascunho', status: 'draft' });
    await insertPage(own, owner.realEstateId, { slug: 'pagina-indice-vendida', status: 'sold' });

    res = await get(own, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(res.body).not.toContain('<urlset');
    // The index revalidates like the single file.
    const indexTag = String(res.headers.etag);
    expect((await get(own, '/sitemap.xml', { 'if-none-match': indexTag })).statusCode).toBe(304);
    const files = locs(res.body);
    expect(files).toEqual([
      `${APP}/sitemaps/site.xml`,
      `${APP}/sitemaps/pages-1.xml`,
      `${APP}/sitemaps/pages-2.xml`,
      `${APP}/sitemaps/pages-3.xml`,
    ]);
    // Each file's lastmod is the newest update among its pages (the site's: the newest post).
    const lastmods = [...res.body.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]);
    const newest = (rows: typeof made) =>
      new Date(Math.max(...rows.map((r) => r.updatedAt.getTime()))).toISOString();
    expect(lastmods).toEqual([
      '2026-11-21',
      newest(made.slice(0, 3)),
      newest(made.slice(3, 6)),
      newest(made.slice(6)),
    ]);

    const site = await get(own, '/sitemaps/site.xml');
    expect(site.statusCode).toBe(200);
    expect(locs(site.body)).toContain(`${APP}/blog/whatsapp-ou-formulario`);
    expect(landingSlugs(site.body)).toEqual([]);

    const parts = [];
    for (const n of [1, 2, 3]) {
      const part = await get(own, `/sitemaps/pages-${n}.xml`);
      expect(part.statusCode).toBe(200);
      expect(part.headers['content-type']).toContain('application/xml');
      expect(part.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
      expect(part.body.trimEnd().endsWith('</urlset>')).toBe(true);
      expect(locs(part.body).every((l) => l.startsWith(`${LANDING}/imoveis/`))).toBe(true);
      parts.push(landingSlugs(part.body));
    }
    expect(parts.map((p) => p.length)).toEqual([3, 3, 1]);
    // Every published page once, in id order; no draft, no sold page (the preference is off).
    expect(parts.flat()).toEqual(made.map((p) => p.slug));
    expect(
      (await get(own, `/sitemaps/pages-1.xml`)).body.includes(
        `<url><loc>${LANDING}/imoveis/pagina-indice-1</loc><lastmod>${made[0]!.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ).toBe(true);

    // Streamed through the compression plugin: the same file, gzipped.
    const zipped = await get(own, '/sitemaps/pages-2.xml', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(landingSlugs(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(parts[1]);

    for (const missing of ['/sitemaps/pages-4.xml', '/sitemaps/pages-0.xml', '/sitemaps/pages-x.xml'])
      expect((await get(own, missing)).statusCode, missing).toBe(404);

    // robots.txt keeps naming the index.
    expect((await get(own, '/robots.txt')).body).toContain(`Sitemap: ${APP}/sitemap.xml`);

    // The agency keeps its sold page: it joins the last file.
    await keepClosedPages(client, owner.realEstateId, true);
    expect(landingSlugs((await get(own, '/sitemaps/pages-3.xml')).body)).toEqual([
      'pagina-indice-7',
      'pagina-indice-vendida',
    ]);

    // Back under the chunk (pages unpublished): a single urlset again.
    await own.database.db
      .update(pages)
      .set({ status: 'draft', updatedAt: new Date() })
      .where(
        inArray(
          pages.id,
          made.slice(2).map((p) => p.id),
        ),
      );
    res = await get(own, '/sitemap.xml');
    expect(res.body).toContain('<urlset');
    expect(landingSlugs(res.body)).toEqual(['pagina-indice-1', 'pagina-indice-2', 'pagina-indice-vendida']);
  });

  it('reads a file in keyset batches, each file starting where the previous one ended', async () => {
    const { owner } = await ownerWithClient(own, 'Imobiliária Lotes');
    for (let i = 0; i < 4; i++) await insertPage(own, owner.realEstateId);
    // The published pages, and the sold one the agency of the test above keeps.
    const listed = await own.database.db
      .select({ id: pages.id })
      .from(pages)
      .where(or(eq(pages.status, 'published'), eq(pages.slug, 'pagina-indice-vendida')))
      .orderBy(pages.id);
    expect(listed.length).toBeGreaterThan(2 * CHUNK);
    const files: number[][][] = [];
    for (let n = 1; (n - 1) * CHUNK < listed.length; n++) {
      const batches: number[][] = [];
      for await (const batch of sitemapPageBatches(own.database, n, CHUNK, 2))
        batches.push(batch.map((r) => r.id));
      files.push(batches);
    }
    // Batches of 2 inside files of 3.
    for (const batches of files) {
      expect(batches.every((b) => b.length <= 2)).toBe(true);
      expect(batches.flat().length).toBeLessThanOrEqual(CHUNK);
    }
    expect(files.flat(2)).toEqual(listed.map((r) => r.id));
  });
});

describe('revalidation', () => {
  it('an ETag from the listed pages’ state: 304 while nothing changed, 200 after any change', async () => {
    const { owner, client } = await ownerWithClient(own, 'Imobiliária Cache');
    const first = await get(own, '/sitemap.xml');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get(own, '/sitemap.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // In a list, or with the weak prefix dropped.
    expect((await get(own, '/sitemap.xml', { 'if-none-match': `"x", ${etag}` })).statusCode).toBe(304);
    expect((await get(own, '/sitemap.xml', { 'if-none-match': '"outra"' })).statusCode).toBe(200);

    // Published: new ETag.
    const page = await insertPage(own, owner.realEstateId);
    const published = await get(own, '/sitemap.xml', { 'if-none-match': etag });
    expect(published.statusCode).toBe(200);
    const etag2 = String(published.headers.etag);
    expect(etag2).not.toBe(etag);

    // Edited (same set, newer update): new ETag.
    expect((await client.put(`/v1/pages/${page.id}`, { title: 'Casa reformada' })).statusCode).toBe(200);
    const edited = await get(own, '/sitemap.xml', { 'if-none-match': etag2 });
    expect(edited.statusCode).toBe(200);
    const etag3 = String(edited.headers.etag);

    // Deleted (no date is left behind): the count and the ids still change the ETag.
    await own.database.db.delete(pages).where(eq(pages.id, page.id));
    const deleted = await get(own, '/sitemap.xml', { 'if-none-match': etag3 });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.headers.etag).not.toBe(etag3);

    // A sold page enters when the agency turns the preference on.
    await insertPage(own, owner.realEstateId, { status: 'sold' });
    const before = String((await get(own, '/sitemap.xml')).headers.etag);
    await keepClosedPages(client, owner.realEstateId, true);
    expect((await get(own, '/sitemap.xml', { 'if-none-match': before })).statusCode).toBe(200);

    // The files of the index and the site's file revalidate too.
    for (const url of ['/sitemaps/pages-1.xml', '/sitemaps/site.xml']) {
      const res = await get(own, url);
      expect(res.statusCode, url).toBe(200);
      const tag = String(res.headers.etag);
      expect((await get(own, url, { 'if-none-match': tag })).statusCode, url).toBe(304);
    }
  });
});
