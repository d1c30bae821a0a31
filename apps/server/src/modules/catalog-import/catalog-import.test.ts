import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CatalogImport } from '@vitrine/contracts';
import { catalogImports, pages } from '../../db/schema.ts';
import {
  PNG_1X1,
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  multipart,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import {
  CATALOG_COLUMNS,
  XML_HEAD,
  XML_TAIL,
  catalogBuffer,
  delimitedHeader,
  delimitedRow,
  makeListing,
  xmlListing,
  type CatalogFileEncoding,
  type CatalogFileFormat,
  type Listing,
} from './testing/generate-catalog.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const IMPORT_URL = '/v1/pages/import/facebook-catalog';

async function agency(name = 'Imobiliária Catálogo') {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { ...owner, c };
}

function upload(
  c: TestClient,
  content: Buffer,
  fields: Record<string, string> = {},
  filename = 'catalogo.csv',
  fieldName = 'catalog',
) {
  const form = multipart(fields, [{ name: fieldName, filename, type: 'application/octet-stream', content }]);
  return c.post(IMPORT_URL, form.body, form.headers);
}

async function finished(c: TestClient, id: string): Promise<CatalogImport> {
  return waitFor(
    async () => {
      const res = await c.get(`/v1/imports/${id}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as CatalogImport;
      return data.status === 'done' || data.status === 'failed' ? data : null;
    },
    { what: `import ${id}`, timeoutMs: 30_000 },
  );
}

/** `fields` adds form fields, e.g. { publish: 'true' } ("Publicar ao importar"; drafts without it). */
async function importFile(
  c: TestClient,
  realEstateId: number,
  content: Buffer,
  filename = 'catalogo.csv',
  fields: Record<string, string> = {},
) {
  const res = await upload(c, content, { real_estate_id: String(realEstateId), ...fields }, filename);
  expect(res.statusCode, res.body).toBe(202);
  const queued = res.json().data as CatalogImport;
  expect(queued).toMatchObject({
    status: 'queued',
    real_estate_id: realEstateId,
    bytes: content.length,
    filename,
  });
  return finished(c, queued.id);
}

const PUBLISH = { publish: 'true' };

const pagesOf = (realEstateId: number) =>
  ctx.database.db.select().from(pages).where(eq(pages.realEstateId, realEstateId));
const importsOf = (realEstateId: number) =>
  ctx.database.db.select().from(catalogImports).where(eq(catalogImports.realEstateId, realEstateId));
/** Fails the test when the promise has not settled by then (no test waits forever). */
function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  );
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
const importFiles = () => readdir(path.join(ctx.config.dataDir, 'imports')).catch(() => [] as string[]);

describe('POST /v1/pages/import/facebook-catalog — formats and encodings', () => {
  it('imports a UTF-8 CSV: every field mapped, 202 then done; a second import changes nothing', async () => {
    const { c, realEstateId } = await agency();
    const content = catalogBuffer({ format: 'csv', count: 24 });
    const report = await importFile(c, realEstateId, content, 'catalogo.csv', PUBLISH);
    expect(report).toMatchObject({
      status: 'done',
      format: 'csv',
      rows_total: 24,
      created: 24,
      updated: 0,
      unchanged: 0,
      rejected: [],
      rejected_count: 0,
      progress: 100,
      bytes_read: content.length,
      error: null,
    });
    expect(report.finished_at).not.toBeNull();

    const rows = await pagesOf(realEstateId);
    expect(rows).toHaveLength(24);
    const first = rows.find((p) => p.externalId === 'IMV-000001')!;
    const l = makeListing(1);
    expect(first).toMatchObject({
      title: l.name,
      listingCode: 'IMV-000001',
      source: 'catalog',
      status: 'published',
      purpose: 'sale',
      propertyType: 'house',
      priceCents: Number(l.price!.split(' ')[0]) * 100,
      bedrooms: 2,
      bathrooms: 2,
      areaM2: 46,
      address: 'Rua das Flores, 101',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      zipCode: '22250-001',
      latitude: -22.949,
      longitude: -43.191,
      description: l.description,
      externalUrl: 'https://www.imobiliaria-exemplo.com.br/imoveis/IMV-000001',
    });
    expect(first.photos.map((p) => p.url)).toEqual(
      [1, 2, 3].map((n) => `https://fotos.exemplo.com.br/IMV-000001/${n}.jpg`),
    );
    expect(first.photos.every((p) => p.key === null)).toBe(true);
    expect(first.publishedAt).not.toBeNull();
    expect(first.slug).toMatch(/^casa-com-2-quartos-em-botafogo-imv-000001(-\d+)?$/);
    // availability → status/purpose
    const byId = (n: number) => rows.find((p) => p.externalId === `IMV-${String(n).padStart(6, '0')}`)!;
    expect(byId(2)).toMatchObject({ status: 'published', purpose: 'rent' }); // for_rent
    expect(byId(6)).toMatchObject({ status: 'sold', purpose: 'sale' }); // recently_sold
    expect(byId(7)).toMatchObject({ status: 'draft', publishedAt: null }); // off_market
    expect(byId(4)).toMatchObject({ status: 'published', bedrooms: null, propertyType: 'land' }); // sale_pending, land

    const again = await importFile(c, realEstateId, content, 'catalogo.csv', PUBLISH);
    expect(again).toMatchObject({
      status: 'done',
      rows_total: 24,
      created: 0,
      updated: 0,
      unchanged: 24,
      rejected_count: 0,
    });
    const after = await pagesOf(realEstateId);
    expect(after.map((p) => [p.id, p.slug, p.updatedAt.toISOString()]).sort()).toEqual(
      rows.map((p) => [p.id, p.slug, p.updatedAt.toISOString()]).sort(),
    );

    // The same catalog with new prices: every row updated, ids and slugs kept.
    const revised = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', count: 24, revision: 1 }),
      'catalogo.csv',
      PUBLISH,
    );
    const saleRows = 24 - 3; // the three for_rent listings keep their price
    expect(revised).toMatchObject({ created: 0, updated: saleRows, unchanged: 3 });
    const updated = (await pagesOf(realEstateId)).find((p) => p.externalId === 'IMV-000001')!;
    expect(updated.priceCents).toBe(first.priceCents! + 100_000);
    expect([updated.id, updated.slug]).toEqual([first.id, first.slug]);
    expect(await importFiles()).not.toContain(report.id);
  });

  it('without "publish" every new page is a draft, and a later import does not unpublish or publish anything', async () => {
    const { c, realEstateId } = await agency('Imobiliária Rascunhos');
    const content = catalogBuffer({ format: 'csv', count: 8 });
    const report = await importFile(c, realEstateId, content);
    expect(report).toMatchObject({ status: 'done', created: 8 });
    const rows = await pagesOf(realEstateId);
    expect(rows).toHaveLength(8);
    expect(rows.every((p) => p.status === 'draft' && p.publishedAt === null)).toBe(true);

    // the agent publishes one by hand; a re-import with changes (still without publish) keeps both states
    const chosen = rows.find((p) => p.externalId === 'IMV-000001')!;
    await ctx.database.db
      .update(pages)
      .set({ status: 'published', publishedAt: new Date() })
      .where(eq(pages.id, chosen.id));
    const revised = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', count: 8, revision: 1 }),
    );
    expect(revised.updated).toBeGreaterThan(0);
    const after = await pagesOf(realEstateId);
    expect(after.find((p) => p.id === chosen.id)!.status).toBe('published');
    expect(after.filter((p) => p.id !== chosen.id).every((p) => p.status === 'draft')).toBe(true);

    // "publish": "false" is the same as no field; a nonsense value is a 422 naming the field
    const explicit = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', count: 9 }),
      'catalogo.csv',
      { publish: 'false' },
    );
    expect(explicit.created).toBe(1);
    expect((await pagesOf(realEstateId)).find((p) => p.externalId === 'IMV-000009')!.status).toBe('draft');
    const bad = await upload(c, content, { real_estate_id: String(realEstateId), publish: 'talvez' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.publish[0]).toMatch(/publicar ao importar/);
  });

  const variants: [CatalogFileFormat, CatalogFileEncoding, string][] = [
    ['tsv', 'utf-8', 'tsv'],
    ['csv', 'utf-8-bom', 'csv'],
    ['csv-semicolon', 'utf-8', 'csv'],
    ['tsv', 'utf-16le', 'tsv'],
    ['csv', 'utf-16be', 'csv'],
    ['tsv', 'utf-16le-nobom', 'tsv'],
    ['csv', 'latin1', 'csv'],
    ['tsv', 'latin1', 'tsv'],
    ['xml', 'utf-8', 'xml'],
    ['xml', 'utf-16le', 'xml'],
    ['xml', 'latin1', 'xml'],
  ];
  for (const [format, encoding, expected] of variants) {
    it(`reads ${format} in ${encoding}, accents intact`, async () => {
      const { c, realEstateId } = await agency();
      let content = catalogBuffer({ format, encoding, count: 12 });
      if (format === 'xml' && encoding === 'latin1') {
        content = Buffer.from(
          content.toString('latin1').replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'),
          'latin1',
        );
      }
      const report = await importFile(c, realEstateId, content, `catalogo.${expected}`);
      expect(report).toMatchObject({ status: 'done', format: expected, created: 12, rejected_count: 0 });
      const rows = await pagesOf(realEstateId);
      expect(rows).toHaveLength(12);
      for (const row of rows) {
        const l = makeListing(Number(row.externalId!.slice(4)));
        expect([row.title, row.city, row.neighborhood, row.description]).toEqual([
          l.name,
          l['address.city'],
          l['neighborhood[0]'],
          format === 'tsv' ? l.description!.replace(/\n/g, ' ') : l.description,
        ]);
      }
      expect(rows.find((p) => p.externalId === 'IMV-000010')).toMatchObject({
        title: 'Apartamento com 3 quartos em Moóca',
        city: 'São Paulo',
        state: 'SP',
      });
    });
  }

  it('falls back to Latin-1 when invalid UTF-8 shows up only after the first 64 KB', async () => {
    const { c, realEstateId } = await agency();
    const listings: Listing[] = [];
    for (let i = 1; i <= 400; i++) {
      const l = makeListing(i);
      const ascii = Object.fromEntries(
        Object.entries(l).map(([k, v]) => [k, v.normalize('NFD').replace(/[\u0300-\u036f]/g, '')]),
      );
      listings.push(i < 390 ? ascii : l);
    }
    const content = catalogBuffer({ format: 'csv', encoding: 'latin1', listings });
    expect(content.subarray(0, 64 * 1024).toString('latin1')).not.toMatch(/[^\x00-\x7f]/); // eslint-disable-line no-control-regex
    const report = await importFile(c, realEstateId, content);
    expect(report).toMatchObject({ status: 'done', created: 400, rejected_count: 0 });
    const last = (await pagesOf(realEstateId)).find((p) => p.externalId === 'IMV-000400')!;
    expect(last.description).toBe(makeListing(400).description);
    expect(last.description).toContain('ótima localização');
  });

  it('keeps UTF-8 when a few bytes are broken after valid accented text (they become �)', async () => {
    const { c, realEstateId } = await agency();
    const good = catalogBuffer({ format: 'csv', count: 3 });
    const broken = Buffer.concat([
      good,
      Buffer.from('IMV-000099,Casa com byte inv'),
      Buffer.from([0xe1]),
      Buffer.from('lido,for_sale\r\n'),
    ]);
    const report = await importFile(c, realEstateId, broken);
    expect(report).toMatchObject({ status: 'done', created: 4 });
    const rows = await pagesOf(realEstateId);
    expect(rows.find((p) => p.externalId === 'IMV-000001')!.city).toBe('Rio de Janeiro');
    expect(rows.find((p) => p.externalId === 'IMV-000001')!.description).toContain('ótima localização');
    expect(rows.find((p) => p.externalId === 'IMV-000099')!.title).toBe('Casa com byte inv\uFFFDlido');
  });

  it('reads XML with CDATA, namespaces, nested address components, several images and neighbourhoods', async () => {
    const { c, realEstateId } = await agency();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<listings xmlns:g="http://base.google.com/ns/1.0">
  <listing>
    <home_listing_id>AP-1</home_listing_id>
    <name><![CDATA[Cobertura & vista – Leblon]]></name>
    <availability>for_rent</availability>
    <g:price>R$ 12.500,00</g:price>
    <address format="simple">
      <component name="addr1">Av. Delfim Moreira, 100</component>
      <component name="city">Rio de Janeiro</component>
      <component name="region">Rio de Janeiro</component>
      <component name="country">Brasil</component>
      <component name="postal_code">22441000</component>
    </address>
    <latitude>-22.98</latitude><longitude>-43.22</longitude>
    <neighborhood>Leblon</neighborhood>
    <neighborhood>Zona Sul</neighborhood>
    <image><url>https://img.exemplo.com/a.jpg</url><tag>Sala</tag><tag>Vista</tag></image>
    <image><url>https://img.exemplo.com/b.jpg</url></image>
    <image><url>javascript:alert(1)</url></image>
    <num_beds>0</num_beds>
    <area_size>1076.4</area_size><area_unit>sq_ft</area_unit>
    <property_type>apartment</property_type>
    <url>https://imob.exemplo.com/ap-1</url>
  </listing>
</listings>`;
    const report = await importFile(c, realEstateId, Buffer.from(xml), 'feed.xml', PUBLISH);
    expect(report).toMatchObject({ status: 'done', format: 'xml', created: 1, rejected_count: 0 });
    const [page] = await pagesOf(realEstateId);
    expect(page).toMatchObject({
      title: 'Cobertura & vista – Leblon',
      status: 'published',
      purpose: 'rent',
      priceCents: 1_250_000,
      state: 'RJ',
      zipCode: '22441-000',
      neighborhood: 'Leblon',
      bedrooms: 0,
      areaM2: 100,
      propertyType: 'apartment',
      externalUrl: 'https://imob.exemplo.com/ap-1',
    });
    expect(page!.photos.map((p) => p.url)).toEqual([
      'https://img.exemplo.com/a.jpg',
      'https://img.exemplo.com/b.jpg',
    ]);
  });
});

describe("the plan's published pages", () => {
  /** An agency on the Essencial plan (10 published pages). */
  async function essencialAgency(name: string) {
    const owner = await agency(name);
    const plan = await owner.c.put(`/v1/real-estates/${owner.realEstateId}/subscription`, {
      plan: 'essencial',
      billing_type: 'PIX',
    });
    expect(plan.statusCode, plan.body).toBe(200);
    return owner;
  }

  it('"Publicar ao importar" past the limit imports every listing, publishes up to it and keeps the rest as drafts, saying so', async () => {
    const { c, realEstateId } = await essencialAgency('Imobiliária Plano Essencial');
    // Essencial: 10 published pages; 7 are online already
    for (let i = 0; i < 7; i++) await insertPage(ctx, realEstateId);
    const report = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', count: 24 }),
      'c.csv',
      PUBLISH,
    );
    expect(report).toMatchObject({ status: 'done', rows_total: 24, created: 24, rejected_count: 0 });

    const imported = (await pagesOf(realEstateId)).filter((p) => p.source === 'catalog');
    expect(imported).toHaveLength(24);
    const online = imported.filter((p) => p.status === 'published');
    expect(online).toHaveLength(3);
    expect(online.every((p) => p.publishedAt !== null)).toBe(true);
    expect((await pagesOf(realEstateId)).filter((p) => p.status === 'published')).toHaveLength(10);

    // Without the limit, the same file publishes every listing that is available in the catalog.
    const free = await agency('Imobiliária Sem Limite');
    await importFile(
      free.c,
      free.realEstateId,
      catalogBuffer({ format: 'csv', count: 24 }),
      'c.csv',
      PUBLISH,
    );
    const wouldPublish = (await pagesOf(free.realEstateId)).filter((p) => p.status === 'published').length;
    expect(wouldPublish).toBeGreaterThan(3);
    expect(report.over_limit_drafts).toBe(wouldPublish - 3);
    expect(report.limit_notice).toBe(
      `${wouldPublish - 3} páginas foram importadas como rascunho: seu plano Essencial permite 10 páginas publicadas. Despublique uma página ou mude de plano em Assinatura para publicá-las.`,
    );
    // the list of imports carries it too
    const listed = (await c.get(`/v1/real-estates/${realEstateId}/imports`)).json().data[0];
    expect(listed).toMatchObject({ over_limit_drafts: wouldPublish - 3, limit_notice: report.limit_notice });

    // without "publish" nothing is counted against the plan: every new page is a draft, no notice
    const drafts = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', listings: [100, 101, 102].map((n) => makeListing(n)) }),
      'rascunhos.csv',
    );
    expect(drafts).toMatchObject({ created: 3, over_limit_drafts: 0, limit_notice: null });
  });

  it('with the limit reached, pages already published or sold keep their status; only new publications wait as drafts', async () => {
    const { c, realEstateId } = await essencialAgency('Imobiliária Limite Cheio');
    const listings = (revision: number) =>
      [200, 201, 202].map((n) => ({
        ...makeListing(n),
        availability: 'for_sale',
        listing_type: 'for_sale_by_agent',
        price: `${400_000 + revision * 1_000} BRL`,
      }));
    await importFile(c, realEstateId, catalogBuffer({ format: 'csv', listings: listings(0) }), 'c.csv');
    const byExternal = async () =>
      new Map((await pagesOf(realEstateId)).map((p) => [p.externalId, p.status]));
    const setStatus = (externalId: string, status: 'sold' | 'published') =>
      ctx.database.db
        .update(pages)
        .set({ status, publishedAt: new Date() })
        .where(and(eq(pages.realEstateId, realEstateId), eq(pages.externalId, externalId)));
    await setStatus('IMV-000200', 'sold');
    await setStatus('IMV-000202', 'published');
    // Essencial: 10 published pages, all taken.
    for (let i = 0; i < 9; i++) await insertPage(ctx, realEstateId);
    expect((await pagesOf(realEstateId)).filter((p) => p.status === 'published')).toHaveLength(10);

    // The catalog, changed, says all three are for sale.
    const report = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', listings: listings(1) }),
      'c.csv',
      PUBLISH,
    );
    expect(report).toMatchObject({ status: 'done', updated: 3, over_limit_drafts: 1 });
    const after = await byExternal();
    expect(after.get('IMV-000200')).toBe('sold');
    expect(after.get('IMV-000202')).toBe('published');
    expect(after.get('IMV-000201')).toBe('draft');
  });

  it('an agency past its trial publishes nothing from an import, and imports every listing as a draft', async () => {
    const { c, realEstateId } = await agency('Imobiliária Teste Vencido');
    await c.post(`/v1/real-estates/${realEstateId}/subscription/cancel`, {});
    const report = await importFile(
      c,
      realEstateId,
      catalogBuffer({ format: 'csv', count: 5 }),
      'c.csv',
      PUBLISH,
    );
    expect(report).toMatchObject({ status: 'done', created: 5 });
    expect((await pagesOf(realEstateId)).every((p) => p.status === 'draft' && p.publishedAt === null)).toBe(
      true,
    );
    expect(report.over_limit_drafts).toBeGreaterThan(0);
    expect(report.limit_notice).toBe(
      `${report.over_limit_drafts} páginas foram importadas como rascunho: sua assinatura não está ativa. Escolha um plano em Assinatura para publicá-las.`,
    );
  });
});

describe('the committed sample catalogs (fixtures/, also the console demo)', () => {
  it('import cleanly, CSV then XML: the same listings in either format change nothing the second time', async () => {
    const { c, realEstateId } = await agency();
    const csv = await readFile(path.join(import.meta.dirname, 'fixtures/sample-catalog.csv'));
    const xml = await readFile(path.join(import.meta.dirname, 'fixtures/sample-catalog.xml'));
    const first = await importFile(c, realEstateId, csv, 'sample-catalog.csv', PUBLISH);
    expect(first).toMatchObject({ status: 'done', rows_total: 7, created: 6, rejected_count: 1 });
    expect(first.rejected).toEqual([
      { row: 8, home_listing_id: 'VI-1007', reason: expect.stringContaining('USD') },
    ]);
    const second = await importFile(c, realEstateId, xml, 'sample-catalog.xml', PUBLISH);
    expect(second).toMatchObject({
      status: 'done',
      rows_total: 7,
      created: 0,
      updated: 0,
      unchanged: 6,
      rejected_count: 1,
    });
    expect(second.rejected[0]!.row).toBe(7);
    const rows = await pagesOf(realEstateId);
    expect(rows.find((p) => p.externalId === 'VI-1004')).toMatchObject({
      areaM2: 200,
      state: 'SC',
      status: 'published',
      propertyType: 'condo',
    });
    expect(rows.find((p) => p.externalId === 'VI-1006')).toMatchObject({ status: 'sold' });
    expect(rows.find((p) => p.externalId === 'VI-1003')).toMatchObject({
      bedrooms: 0,
      purpose: 'rent',
      priceCents: 180_000,
    });
  });
});

describe('bad rows do not stop the import', () => {
  it('CSV: each bad row is reported with its spreadsheet row (header = 1) and a Portuguese reason; good rows go in', async () => {
    const { c, realEstateId } = await agency();
    const good = (i: number) => makeListing(i);
    const listings: Listing[] = [
      good(1), // row 2
      { ...good(2), price: '13,999 USD' }, // row 3
      { ...good(3), name: '' }, // row 4
      { ...good(4), availability: 'vendido' }, // row 5
      { ...good(5), latitude: '123.4' }, // row 6
      { ...good(6), home_listing_id: 'IMV-000001' }, // row 7: duplicate of row 2
      { ...good(7), price: '12x34 BRL' }, // row 8
      { ...good(8), num_beds: 'três' }, // row 9
      { ...good(9), description: 'x'.repeat(5001) }, // row 10
      { ...good(10), home_listing_id: '' }, // row 11
      good(11), // row 12
    ];
    const csv =
      delimitedHeader(',') +
      listings.map((l) => delimitedRow(l, ',')).join('') +
      'IMV-999,Casa extra,for_sale' +
      ',x'.repeat(CATALOG_COLUMNS.length) +
      '\r\n';
    const report = await importFile(c, realEstateId, Buffer.from(csv));
    expect(report).toMatchObject({
      status: 'done',
      rows_total: 12,
      created: 2,
      updated: 0,
      unchanged: 0,
      rejected_count: 10,
    });
    const byRow = Object.fromEntries(report.rejected.map((r) => [r.row, r]));
    expect(Object.keys(byRow).map(Number)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 13]);
    expect(byRow[3]).toMatchObject({ home_listing_id: 'IMV-000002', reason: expect.stringContaining('USD') });
    expect(byRow[4]!.reason).toMatch(/name/);
    expect(byRow[5]!.reason).toMatch(/availability "vendido" desconhecido/);
    expect(byRow[6]!.reason).toMatch(/latitude/);
    expect(byRow[7]!.reason).toBe('home_listing_id repetido: já aparece na linha 2.');
    expect(byRow[8]!.reason).toMatch(/preço inválido/);
    expect(byRow[9]!.reason).toMatch(/num_beds/);
    expect(byRow[10]!.reason).toMatch(/description com 5001 caracteres/);
    expect(byRow[11]).toMatchObject({
      home_listing_id: null,
      reason: expect.stringMatching(/home_listing_id vazio/),
    });
    expect(byRow[13]!.reason).toMatch(/colunas/);
    expect((await pagesOf(realEstateId)).map((p) => p.externalId).sort()).toEqual([
      'IMV-000001',
      'IMV-000011',
    ]);
  });

  it('a listing priced "preço sob consulta" (or with no price) goes in without a price, and the report says so', async () => {
    const { c, realEstateId } = await agency();
    const listings: Listing[] = [
      makeListing(1),
      { ...makeListing(2), price: 'Preço sob consulta' },
      { ...makeListing(3), price: '' },
      { ...makeListing(4), price: 'A combinar' },
      { ...makeListing(5), price: 'R$ —' },
      { ...makeListing(6), price: '12x34 BRL' },
    ];
    const csv = delimitedHeader(',') + listings.map((l) => delimitedRow(l, ',')).join('');
    const report = await importFile(c, realEstateId, Buffer.from(csv));
    expect(report).toMatchObject({ status: 'done', created: 5, rejected_count: 1, without_price: 4 });
    expect(report.rejected[0]!.reason).toMatch(/preço inválido \("12x34 BRL"\)/);
    expect(report.price_notice).toBe(
      '4 imóveis foram importados sem preço (em branco ou “sob consulta” no catálogo): as páginas mostram “Consulte” no lugar do preço. Informe o preço no editor quando quiser.',
    );
    const prices = Object.fromEntries((await pagesOf(realEstateId)).map((p) => [p.externalId, p.priceCents]));
    expect(prices).toEqual({
      'IMV-000001': Number(makeListing(1).price!.split(' ')[0]) * 100,
      'IMV-000002': null,
      'IMV-000003': null,
      'IMV-000004': null,
      'IMV-000005': null,
    });
    // Imported again, nothing changes and the count stays.
    const again = await importFile(c, realEstateId, Buffer.from(csv));
    expect(again).toMatchObject({ status: 'done', unchanged: 5, without_price: 4 });
  });

  it('XML: bad listings are reported by their ordinal', async () => {
    const { c, realEstateId } = await agency();
    const xml =
      XML_HEAD +
      xmlListing(makeListing(1)) +
      xmlListing({ ...makeListing(2), price: '100 EUR' }) +
      xmlListing(makeListing(3)) +
      XML_TAIL;
    const report = await importFile(c, realEstateId, Buffer.from(xml), 'feed.xml');
    expect(report).toMatchObject({ status: 'done', created: 2, rejected_count: 1 });
    expect(report.rejected).toEqual([
      { row: 2, home_listing_id: 'IMV-000002', reason: expect.stringContaining('EUR') },
    ]);
  });
});

describe('files broken half-way fail with nothing written', () => {
  it('CSV with an unclosed quote: failed, clear message, no page', async () => {
    const { c, realEstateId } = await agency();
    const csv = catalogBuffer({ format: 'csv', count: 700 }).toString() + 'IMV-X,"Casa sem fim,for_sale\r\n';
    const report = await importFile(c, realEstateId, Buffer.from(csv));
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/aspas.*Nada foi importado/);
    expect(report.created).toBe(0);
    expect(await pagesOf(realEstateId)).toHaveLength(0);
  });

  it('XML cut off in the middle: failed, no page', async () => {
    const { c, realEstateId } = await agency();
    const xml = catalogBuffer({ format: 'xml', count: 600 }).toString();
    const report = await importFile(
      c,
      realEstateId,
      Buffer.from(xml.slice(0, Math.floor(xml.length * 0.8))),
      'feed.xml',
    );
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/XML está malformado/);
    expect(await pagesOf(realEstateId)).toHaveLength(0);
  });

  it('XML with an undefined entity (no entity expansion): failed', async () => {
    const { c, realEstateId } = await agency();
    const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><listings><listing><home_listing_id>1</home_listing_id><name>&a;&a;</name></listing></listings>`;
    const report = await importFile(c, realEstateId, Buffer.from(xml), 'feed.xml');
    expect(report.status).toBe('failed');
    expect(await pagesOf(realEstateId)).toHaveLength(0);
  });

  it('a catalog with a header and no listing: failed', async () => {
    const { c, realEstateId } = await agency();
    const report = await importFile(c, realEstateId, Buffer.from(delimitedHeader(',')));
    expect(report).toMatchObject({ status: 'failed', error: expect.stringMatching(/nenhum imóvel/) });
  });
});

describe('not a catalog: 422 at once, nothing stored', () => {
  const cases: [string, Buffer, RegExp][] = [
    ['a CSV without home_listing_id', Buffer.from('id,nome,preco\n1,Casa,100\n'), /home_listing_id/],
    ['a TSV without home_listing_id', Buffer.from('id\tnome\n1\tCasa\n'), /home_listing_id/],
    [
      'an XML without <listing>',
      Buffer.from('<?xml version="1.0"?><rss><channel><item><title>x</title></item></channel></rss>'),
      /elemento “listing”/,
    ],
    ['an HTML page', Buffer.from('<!DOCTYPE html><html><body>oi</body></html>'), /HTML/],
    ['a PNG image', PNG_1X1, /binário/],
    ['an .xlsx workbook', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 0)]), /Excel/],
    ['an empty file', Buffer.alloc(0), /vazio/],
    ['only whitespace', Buffer.from('  \r\n\r\n '), /vazio/],
    [
      'a UTF-16 CSV without home_listing_id',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n1,2\n', 'utf16le')]),
      /home_listing_id/,
    ],
  ];
  for (const [what, content, message] of cases) {
    it(`refuses ${what}`, async () => {
      const { c, realEstateId } = await agency();
      const before = await importFiles();
      const res = await upload(c, content, { real_estate_id: String(realEstateId) });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.catalog[0]).toMatch(message);
      expect(res.json().message).toMatch(message);
      expect(await importsOf(realEstateId)).toHaveLength(0);
      expect(await importFiles()).toEqual(before);
    });
  }
});

describe('the upload itself', () => {
  it('uses the only agency when real_estate_id is absent; asks for it when the user has several', async () => {
    const { c, realEstateId } = await agency();
    const res = await upload(c, catalogBuffer({ format: 'csv', count: 2 }));
    expect(res.statusCode).toBe(202);
    expect(res.json().data.real_estate_id).toBe(realEstateId);
    await finished(c, res.json().data.id);

    expect((await c.post('/v1/real-estates', { name: 'Segunda agência' })).statusCode).toBe(201);
    const ambiguous = await upload(c, catalogBuffer({ format: 'csv', count: 2 }));
    expect(ambiguous.statusCode).toBe(422);
    expect(Object.keys(ambiguous.json().errors)).toEqual(['real_estate_id']);
    const bad = await upload(c, catalogBuffer({ format: 'csv', count: 2 }), { real_estate_id: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.real_estate_id).toBeDefined();
  });

  it("answers 404 for another agency's id, and stores nothing", async () => {
    const { c } = await agency();
    const other = await createOwner(ctx, 'Outra');
    const before = await importFiles();
    const res = await upload(c, catalogBuffer({ format: 'csv', count: 2 }), {
      real_estate_id: String(other.realEstateId),
    });
    expect(res.statusCode).toBe(404);
    expect(await importsOf(other.realEstateId)).toHaveLength(0);
    expect(await importFiles()).toEqual(before);
  });

  it('checks the agency before storing a byte of the file: a non-member gets 404 mid-upload, the connection is closed', async () => {
    const { c } = await agency();
    const other = await createOwner(ctx, 'Alheia');
    await c.csrf();
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = '----vitrineStreamed';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="real_estate_id"\r\n\r\n${other.realEstateId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="catalog"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${delimitedHeader(',')}`,
    );
    const before = await importFiles();
    const req = httpRequest(`${address}${IMPORT_URL}`, {
      method: 'POST',
      headers: {
        // The console's host (the server listens on 127.0.0.1, which is the landing pages' host).
        host: new URL(address).host.replace('127.0.0.1', 'localhost'),
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': c.xsrf!,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // a 50 MB upload is announced; only its first 256 KB are ever sent
        'content-length': String(50 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined); // the server hangs up on the rest of the upload
    const socketClosed = new Promise<void>((resolve) =>
      req.on('socket', (socket) => socket.once('close', () => resolve())),
    );
    const answered = new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
      (resolve) => {
        req.on('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
      },
    );
    try {
      req.write(head);
      req.write(Buffer.alloc(256 * 1024, 'a'));
      const res = await withDeadline(answered, 10_000, 'the answer before the upload ends');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body).message).toMatch(/não encontrad/i);
      expect(req.writableEnded).toBe(false); // answered while the upload was still going
      expect(res.headers.connection).toBe('close');
      await withDeadline(socketClosed, 10_000, 'the server closing the connection');
      expect(await importFiles()).toEqual(before);
      expect(await importsOf(other.realEstateId)).toHaveLength(0);
    } finally {
      req.destroy();
    }
  });

  it('wants real_estate_id before the file: after it, a Portuguese 422 naming the field, and nothing kept', async () => {
    const { c, realEstateId } = await agency();
    const boundary = '----vitrineFileFirst';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="catalog"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n${delimitedHeader(',')}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="real_estate_id"\r\n\r\n${realEstateId}\r\n--${boundary}--\r\n`,
    );
    const before = await importFiles();
    const res = await c.post(IMPORT_URL, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.real_estate_id[0]).toBe(
      'Envie o campo real_estate_id antes do arquivo catalog: a imobiliária é conferida antes de o arquivo ser recebido.',
    );
    expect(await importsOf(realEstateId)).toHaveLength(0);
    expect(await importFiles()).toEqual(before);
    // publish may still come after the file
    const catalog = catalogBuffer({ format: 'csv', count: 1 });
    const publishLast = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="real_estate_id"\r\n\r\n${realEstateId}\r\n`,
      ),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="catalog"; filename="c.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      catalog,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="publish"\r\n\r\ntrue\r\n--${boundary}--\r\n`,
      ),
    ]);
    const accepted = await c.post(IMPORT_URL, publishLast, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
    expect(await finished(c, accepted.json().data.id)).toMatchObject({ status: 'done', created: 1 });
    expect((await pagesOf(realEstateId)).map((p) => p.status)).toEqual(['published']);
  });

  it('lets an agent import; needs a session and the CSRF token', async () => {
    const { realEstateId } = await agency();
    const agent = await addMember(ctx, realEstateId, 'agent');
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    const res = await upload(
      c,
      catalogBuffer({ format: 'tsv', count: 3 }),
      { real_estate_id: String(realEstateId) },
      'c.tsv',
    );
    expect(res.statusCode).toBe(202);
    expect((await finished(c, res.json().data.id)).created).toBe(3);

    const anonymous = new TestClient(ctx.app);
    await anonymous.csrf();
    const form = multipart({ real_estate_id: String(realEstateId) }, [
      { name: 'catalog', filename: 'c.csv', type: 'text/csv', content: Buffer.from('x') },
    ]);
    expect((await anonymous.post(IMPORT_URL, form.body, form.headers)).statusCode).toBe(401);
    const noCsrf = await c.request('POST', IMPORT_URL, {
      body: form.body,
      headers: form.headers,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
  });

  it('refuses a wrong field, no file, JSON instead of multipart and a broken multipart body', async () => {
    const { c, realEstateId } = await agency();
    const wrongField = await upload(c, catalogBuffer({ format: 'csv', count: 1 }), {}, 'c.csv', 'file');
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors.file).toBeDefined();
    const noFile = multipart({ real_estate_id: String(realEstateId) });
    const res = await c.post(IMPORT_URL, noFile.body, noFile.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.catalog).toBeDefined();
    const json = await c.post(IMPORT_URL, { catalog: 'home_listing_id\n1' });
    expect(json.statusCode).toBe(422);
    const form = multipart({ real_estate_id: String(realEstateId) }, [
      {
        name: 'catalog',
        filename: 'c.csv',
        type: 'text/csv',
        content: catalogBuffer({ format: 'csv', count: 1 }),
      },
    ]);
    const broken = await c.post(IMPORT_URL, form.body.subarray(0, form.body.length - 40), form.headers);
    expect(broken.statusCode).toBe(400);
    expect(await importsOf(realEstateId)).toHaveLength(0);
  });

  it('answers 413 past 100 MB and keeps nothing', async () => {
    const { c, realEstateId } = await agency();
    const header = Buffer.from(delimitedHeader(','));
    const big = Buffer.alloc(100 * 1024 * 1024 + 10, 'a');
    header.copy(big);
    const before = await importFiles();
    const res = await upload(c, big, { real_estate_id: String(realEstateId) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/100 MB/);
    expect(await importsOf(realEstateId)).toHaveLength(0);
    expect(await importFiles()).toEqual(before);
  }, 60_000);
});

describe('GET /v1/imports/{id} and GET /v1/real-estates/{id}/imports', () => {
  it('reports progress while a large catalog is imported, then 100%', async () => {
    const { c, realEstateId } = await agency();
    const content = catalogBuffer({ format: 'csv', count: 3000 });
    const res = await upload(c, content, { real_estate_id: String(realEstateId) });
    expect(res.statusCode).toBe(202);
    const id = res.json().data.id as string;
    const seen: CatalogImport[] = [];
    const done = await waitFor(
      async () => {
        const data = (await c.get(`/v1/imports/${id}`)).json().data as CatalogImport;
        seen.push(data);
        return data.status === 'done' ? data : null;
      },
      { intervalMs: 10, timeoutMs: 60_000 },
    );
    expect(done).toMatchObject({
      progress: 100,
      bytes_read: content.length,
      created: 3000,
      rows_total: 3000,
    });
    expect(
      seen.some(
        (s) =>
          s.status === 'running' && s.progress > 0 && s.progress < 100 && s.created > 0 && s.created < 3000,
      ),
    ).toBe(true);
    const progress = seen.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const rows = seen.map((s) => s.rows_total);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    // Rows are written 500 per transaction, each recording its progress with it.
    for (const s of seen)
      expect(
        (s.created + s.updated + s.unchanged + s.rejected_count) % 500 === 0 || s.status === 'done',
      ).toBe(true);
  }, 60_000);

  it("lists an agency's imports, newest first; 404 for another agency's import and for unknown ids", async () => {
    const { c, realEstateId } = await agency();
    const a = await importFile(c, realEstateId, catalogBuffer({ format: 'csv', count: 2 }));
    const b = await importFile(c, realEstateId, catalogBuffer({ format: 'xml', count: 2 }), 'feed.xml');
    const list = await c.get(`/v1/real-estates/${realEstateId}/imports`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: CatalogImport) => i.id)).toEqual([b.id, a.id]);
    expect(list.json().meta).toMatchObject({ total: 2, per_page: 10, current_page: 1 });

    const other = await agency('Outra');
    expect((await other.c.get(`/v1/imports/${a.id}`)).statusCode).toBe(404);
    expect((await other.c.get(`/v1/real-estates/${realEstateId}/imports`)).statusCode).toBe(404);
    expect((await c.get('/v1/imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await c.get('/v1/imports/nao-e-um-id')).statusCode).toBe(422);
    expect((await new TestClient(ctx.app).get(`/v1/imports/${a.id}`)).statusCode).toBe(401);
  });

  it('keeps photos the agency uploaded itself when a changed catalog row is imported again', async () => {
    const { c, realEstateId } = await agency();
    await importFile(c, realEstateId, catalogBuffer({ format: 'csv', count: 1 }));
    const [page] = await pagesOf(realEstateId);
    const form = multipart({}, [{ name: 'photo', filename: 'p.png', type: 'image/png', content: PNG_1X1 }]);
    expect((await c.post(`/v1/pages/${page!.id}/photos`, form.body, form.headers)).statusCode).toBe(201);
    const report = await importFile(c, realEstateId, catalogBuffer({ format: 'csv', count: 1, revision: 2 }));
    expect(report).toMatchObject({ updated: 1 });
    const [after] = await ctx.database.db
      .select()
      .from(pages)
      .where(and(eq(pages.realEstateId, realEstateId), eq(pages.id, page!.id)));
    expect(after!.photos).toHaveLength(4);
    expect(after!.photos[3]!.key).toMatch(/^pages\//);
  });
});
