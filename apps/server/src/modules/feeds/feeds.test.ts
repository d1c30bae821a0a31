import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FeedChannelOverview, PageChannel } from '@vitrine/contracts';
import { feedCheckSummaries, feedReads, pageChannels, pages, videos } from '../../db/schema.ts';
import type { CatalogImport } from '@vitrine/contracts';
import {
  TestClient,
  addMember,
  multipart,
  waitFor,
  createOwner,
  createTestContext,
  insertPage,
  type TestContext,
} from '../../testing/test-app.ts';
import { all, find, parseXml, textOf, type XmlElement } from './testing/parse-xml.ts';
import { VRSYNC_NAMESPACE } from './write-vrsync.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A page every channel takes: everything the checks ask for. */
const complete = {
  address: 'Rua dos Pinheiros, 1000',
  zipCode: '05422-001',
  latitude: -23.56,
  longitude: -46.68,
} as const;

async function agency(name = 'Imobiliária Feeds') {
  const owner = await createOwner(ctx, name);
  const c = new TestClient(ctx.app);
  await c.login(owner.email);
  return { ...owner, c };
}

async function flag(
  realEstateId: number,
  pageId: number,
  channel: 'grupo_zap' | 'meta_catalog',
  publicationType: string | null = channel === 'grupo_zap' ? 'STANDARD' : null,
) {
  await ctx.database.db
    .insert(pageChannels)
    .values({ pageId, channel, realEstateId, publish: true, publicationType: publicationType as never });
}

/** `n` complete listings published to both channels, in two statements (a large agency, quickly). */
async function manyListings(realEstateId: number, n: number) {
  const prefix = `lote-${realEstateId}-${Date.now().toString(36)}`;
  await ctx.database.db.execute(sql`
    insert into pages (real_estate_id, title, slug, status, listing_code, purpose, property_type, price_cents,
      area_m2, bedrooms, bathrooms, address, neighborhood, city, state, zip_code, latitude, longitude,
      description, features, photos, published_at)
    select ${realEstateId}, 'Apartamento com 2 quartos nº ' || g, ${prefix} || '-' || g, 'published',
      ${prefix} || g, 'sale', 'apartment', 50000000 + g, 70, 2, 1, 'Rua dos Pinheiros, ' || g, 'Pinheiros',
      'São Paulo', 'SP', '05422-001', -23.56, -46.68,
      repeat('Apartamento claro, silencioso, perto do metrô. ', 20), '["Piscina"]'::jsonb,
      '[{"id":"p1","url":"https://img.exemplo.com/1.jpg","key":null,"width":1200,"height":900,"alt":null}]'::jsonb,
      now()
    from generate_series(1, ${n}) g`);
  await ctx.database.db.execute(sql`
    insert into page_channels (page_id, channel, real_estate_id, publish, publication_type)
    select id, c.channel, real_estate_id, true, case when c.channel = 'grupo_zap' then 'STANDARD' end
    from pages, (values ('grupo_zap'), ('meta_catalog')) as c(channel)
    where real_estate_id = ${realEstateId} and slug like ${prefix + '-%'}`);
}

async function overview(c: TestClient, realEstateId: number) {
  const res = await c.get(`/v1/real-estates/${realEstateId}/feeds`);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as FeedChannelOverview[];
  return {
    zap: data.find((d) => d.channel === 'grupo_zap')!,
    meta: data.find((d) => d.channel === 'meta_catalog')!,
  };
}

/** The feed's path on the landing host, from the address the console shows. */
const pathOf = (url: string) => new URL(url).pathname;

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'VivaReal-Feed-Reader/1.0', ...headers } });

const listingIds = (doc: XmlElement) =>
  all(find(doc, 'Listings'), 'Listing').map((l) => textOf(l, 'ListingID'));

describe('GET /feeds/vrsync/{token}.xml', () => {
  it('has the published, flagged listings that pass the checks, in VRSync, and nothing else', async () => {
    const a = await agency('Imobiliária VRSync');
    const other = await agency('Outra Imobiliária');
    const ok = await insertPage(ctx, a.realEstateId, {
      ...complete,
      listingCode: 'OK-1',
      photos: [
        {
          id: 'p1',
          url: '',
          key: 'pages/1/original.jpg',
          width: 2000,
          height: 1500,
          alt: 'Sala',
          variants: [{ width: 1600, height: 1200, key: 'pages/1/original-1600.webp' }],
        },
        { id: 'p2', url: 'https://img.exemplo.com/2.jpg', key: null, width: null, height: null, alt: null },
      ],
    });
    const rent = await insertPage(ctx, a.realEstateId, {
      ...complete,
      listingCode: 'RENT-1',
      purpose: 'rent',
      priceCents: 350_000,
      propertyType: 'house',
    });
    await flag(a.realEstateId, ok.id, 'grupo_zap', 'SUPER_PREMIUM');
    await flag(a.realEstateId, rent.id, 'grupo_zap');
    await ctx.database.db.insert(videos).values([
      {
        realEstateId: a.realEstateId,
        pageId: ok.id,
        source: 'youtube',
        status: 'ready',
        externalUrl: 'https://www.youtube.com/watch?v=abc123',
      },
    ]);
    // Left out: not flagged, a draft, sold, rented, no CEP, and another agency's page.
    await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'NOFLAG' });
    for (const [status, code] of [
      ['draft', 'DRAFT'],
      ['sold', 'SOLD'],
      ['rented', 'RENTED'],
    ] as const) {
      const p = await insertPage(ctx, a.realEstateId, { ...complete, status, listingCode: code });
      await flag(a.realEstateId, p.id, 'grupo_zap');
    }
    const noZip = await insertPage(ctx, a.realEstateId, { ...complete, zipCode: null, listingCode: 'NOZIP' });
    await flag(a.realEstateId, noZip.id, 'grupo_zap');
    const theirs = await insertPage(ctx, other.realEstateId, { ...complete, listingCode: 'THEIRS' });
    await flag(other.realEstateId, theirs.id, 'grupo_zap');

    const { zap } = await overview(a.c, a.realEstateId);
    expect(zap.urls).toHaveLength(1);
    expect(zap.urls[0]!.url).toMatch(
      new RegExp(`^${ctx.config.LANDING_URL}/feeds/vrsync/[A-Za-z0-9_-]{43}\\.xml$`),
    );
    const res = await get(pathOf(zap.urls[0]!.url));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const doc = parseXml(res.body);
    expect(doc.name).toBe('ListingDataFeed');
    expect(doc.uri).toBe(VRSYNC_NAMESPACE);
    expect(textOf(doc, 'Header/Provider')).toBe('Vitrine Imóveis');
    expect(textOf(doc, 'Header/ContactName')).toBe('Imobiliária VRSync');
    expect(listingIds(doc)).toEqual(['OK-1', 'RENT-1']);

    const [listing, rental] = all(find(doc, 'Listings'), 'Listing');
    expect(textOf(listing!, 'Title')).toBe('Apartamento com 3 quartos em Pinheiros');
    expect(textOf(listing!, 'TransactionType')).toBe('For Sale');
    expect(textOf(listing!, 'PublicationType')).toBe('SUPER_PREMIUM');
    expect(textOf(listing!, 'DetailViewUrl')).toBe(`${ctx.config.LANDING_URL}/imoveis/${ok.slug}`);
    expect(textOf(listing!, 'Details/UsageType')).toBe('Residential');
    expect(textOf(listing!, 'Details/PropertyType')).toBe('Residential / Apartment');
    expect(find(listing!, 'Details/ListPrice')).toMatchObject({ text: '850000', attrs: { currency: 'BRL' } });
    expect(textOf(listing!, 'Details/PropertyAdministrationFee')).toBe('1200');
    expect(textOf(listing!, 'Details/YearlyTax')).toBe('350');
    expect(find(listing!, 'Details/LivingArea')?.attrs.unit).toBe('square metres');
    expect(textOf(listing!, 'Details/Bedrooms')).toBe('3');
    expect(textOf(listing!, 'Details/Suites')).toBe('1');
    expect(textOf(listing!, 'Details/Garage')).toBe('1');
    expect(all(find(listing!, 'Details/Features'), 'Feature').map((f) => f.text)).toEqual([
      'Balcony',
      'Pool',
    ]);
    expect(find(listing!, 'Location')?.attrs.displayAddress).toBe('Street');
    expect(find(listing!, 'Location/Country')).toMatchObject({
      text: 'Brasil',
      attrs: { abbreviation: 'BR' },
    });
    expect(find(listing!, 'Location/State')).toMatchObject({
      text: 'São Paulo',
      attrs: { abbreviation: 'SP' },
    });
    expect(textOf(listing!, 'Location/Neighborhood')).toBe('Pinheiros');
    expect(textOf(listing!, 'Location/Address')).toBe('Rua dos Pinheiros');
    expect(textOf(listing!, 'Location/StreetNumber')).toBe('1000');
    expect(textOf(listing!, 'Location/PostalCode')).toBe('05422001');
    expect(textOf(listing!, 'ContactInfo/Name')).toBe('Imobiliária VRSync');
    const media = all(find(listing!, 'Media'), 'Item');
    expect(media.map((m) => [m.attrs.medium, m.attrs.primary ?? null, m.text])).toEqual([
      // The JPEG original we keep, absolute; a catalog photo keeps its address; one video.
      ['image', 'true', ctx.app.storage.url('pages/1/original.jpg')],
      ['image', null, 'https://img.exemplo.com/2.jpg'],
      ['video', null, 'https://www.youtube.com/watch?v=abc123'],
    ]);
    expect(media[0]!.text).toMatch(/^https?:\/\//);
    expect(media[0]!.attrs.caption).toBe('Sala');

    expect(textOf(rental!, 'TransactionType')).toBe('For Rent');
    expect(textOf(rental!, 'PublicationType')).toBe('STANDARD');
    expect(find(rental!, 'Details/RentalPrice')).toMatchObject({
      text: '3500',
      attrs: { currency: 'BRL', period: 'Monthly' },
    });
    expect(find(rental!, 'Details/ListPrice')).toBeUndefined();
    expect(textOf(rental!, 'Details/PropertyType')).toBe('Residential / Home');
    // Nothing of the agency's other data, nor of the other agency.
    expect(res.body).not.toContain('THEIRS');
    expect(res.body).not.toContain('11988887777');
  });

  it('stays well-formed for anything an agency can type: control characters, emoji, "]]>", markup', async () => {
    const a = await agency();
    const nasty = await insertPage(ctx, a.realEstateId, {
      ...complete,
      listingCode: 'A&B<1>',
      title: 'Casa 🏡 "linda" & 5 > 3 \u0001 com vista',
      description: 'Texto com ]]> no meio, \u0001nulo\u000b\u001f, emoji 😀 e <b>tags</b> & aspas "".',
      neighborhood: 'Vila "Nova" & <Velha>',
      address: 'Rua A&B, 12',
      features: ['Piscina'],
    });
    await flag(a.realEstateId, nasty.id, 'grupo_zap');
    await flag(a.realEstateId, nasty.id, 'meta_catalog');
    const { zap, meta } = await overview(a.c, a.realEstateId);
    const res = await get(pathOf(zap.urls[0]!.url));
    expect(res.statusCode).toBe(200);
    const doc = parseXml(res.body); // throws on any well-formedness error
    const [listing] = all(find(doc, 'Listings'), 'Listing');
    expect(textOf(listing!, 'ListingID')).toBe('A&B<1>');
    expect(textOf(listing!, 'Title')).toBe('Casa 🏡 "linda" & 5 > 3 com vista');
    expect(textOf(listing!, 'Title')).not.toContain('\u0001');
    expect(textOf(listing!, 'Details/Description')).toBe(
      'Texto com ]]> no meio, nulo, emoji 😀 e <b>tags</b> & aspas "".',
    );
    expect(textOf(listing!, 'Location/Neighborhood')).toBe('Vila "Nova" & <Velha>');

    for (const { url } of meta.urls) {
      const m = await get(pathOf(url));
      expect(m.statusCode).toBe(200);
      if (url.endsWith('.xml')) {
        const mdoc = parseXml(m.body);
        expect(textOf(mdoc, 'listing/description')).toContain(']]> no meio');
        expect(textOf(mdoc, 'listing/name')).toContain('🏡');
      } else {
        expect(m.body).not.toContain('\u0001');
        expect(m.body).toContain('"Texto com ]]> no meio');
      }
    }
  });

  it('answers 304 to the same ETag, and a new document once a listing changes; every read is logged', async () => {
    const a = await agency();
    const p = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'ETAG-1' });
    await flag(a.realEstateId, p.id, 'grupo_zap');
    const { zap } = await overview(a.c, a.realEstateId);
    const url = pathOf(zap.urls[0]!.url);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await ctx.database.db
      .update(pages)
      .set({ title: 'Apartamento reformado em Pinheiros', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(pages.id, p.id));
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('Apartamento reformado em Pinheiros');

    const reads = await ctx.database.db
      .select()
      .from(feedReads)
      .where(eq(feedReads.realEstateId, a.realEstateId))
      .orderBy(feedReads.id);
    expect(reads.map((r) => [r.channel, r.status, r.userAgent, r.listings])).toEqual([
      ['grupo_zap', 200, 'VivaReal-Feed-Reader/1.0', 1],
      ['grupo_zap', 304, 'VivaReal-Feed-Reader/1.0', null],
      ['grupo_zap', 200, 'VivaReal-Feed-Reader/1.0', 1],
    ]);
    const after = await overview(a.c, a.realEstateId);
    expect(after.zap.last_read).toMatchObject({ user_agent: 'VivaReal-Feed-Reader/1.0' });
    expect(after.meta.last_read).toBeNull();
  });

  it.each(['identity', 'gzip'])(
    'a reader that leaves mid-document (%s) stops the walk: no further batch is read, the log says 499',
    async (encoding) => {
      const a = await agency(`Imobiliária Grande ${encoding}`);
      // Several megabytes: far more than the sockets buffer, so the reader leaves long before the end.
      await manyListings(a.realEstateId, 3000);
      const { zap } = await overview(a.c, a.realEstateId);
      const url = new URL(zap.urls[0]!.url);
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const firstChunk = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: url.pathname,
            headers: { host: url.host, 'accept-encoding': encoding },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
            // Through the compression stream too, when the reader asks for it.
            if ((res.headers['content-encoding'] ?? 'identity') !== encoding)
              reject(new Error(`content-encoding ${res.headers['content-encoding']}`));
            res.once('data', (chunk: Buffer) => {
              resolve(chunk.length);
              // The reader hangs up: the socket is gone, as when a portal's fetch times out.
              req.on('error', () => {});
              res.on('error', () => {});
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(firstChunk).toBeGreaterThan(0);
      // The generator's finally ran (it was returned mid-walk, not run to the end): the read is logged
      // as broken off, with fewer listings than the feed has.
      const read = await waitFor(
        async () => {
          const [r] = await ctx.database.db
            .select()
            .from(feedReads)
            .where(eq(feedReads.realEstateId, a.realEstateId));
          return r?.status === 499 ? r : null;
        },
        { what: 'the read logged as 499' },
      );
      expect(read.listings).toBeLessThan(3000);
      // Nothing goes on reading in the background: the log stays as it is.
      await new Promise((r) => setTimeout(r, 300));
      const [still] = await ctx.database.db
        .select()
        .from(feedReads)
        .where(eq(feedReads.realEstateId, a.realEstateId));
      expect(still).toEqual(read);
      // And the whole feed is still served to the next reader.
      const whole = await get(pathOf(zap.urls[0]!.url));
      expect(whole.statusCode).toBe(200);
      expect(whole.body.match(/<Listing>/g)).toHaveLength(3000);
    },
  );

  it('a wrong, malformed or rotated token is a 404 that reads nothing; the console host does not serve feeds', async () => {
    const a = await agency();
    const p = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'ROT-1' });
    await flag(a.realEstateId, p.id, 'grupo_zap');
    const { zap, meta } = await overview(a.c, a.realEstateId);
    const oldUrl = pathOf(zap.urls[0]!.url);
    expect((await get(oldUrl)).statusCode).toBe(200);

    const wrong = oldUrl.replace(/\/[A-Za-z0-9_-]{43}\.xml$/, `/${'A'.repeat(43)}.xml`);
    for (const url of [
      wrong,
      '/feeds/vrsync/nada.xml',
      '/feeds/vrsync/%00.xml',
      oldUrl.replace('.xml', '.csv'),
      // The Meta token does not open the portals' feed, nor the other way round.
      pathOf(meta.urls[0]!.url).replace('/feeds/meta/', '/feeds/vrsync/'),
      oldUrl.replace('/feeds/vrsync/', '/feeds/meta/'),
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('ROT-1');
    }
    const consoleHost = await get(oldUrl, { host: new URL(ctx.config.APP_URL).host });
    expect(consoleHost.statusCode).toBe(404);

    const readsBefore = await ctx.database.db
      .select()
      .from(feedReads)
      .where(eq(feedReads.realEstateId, a.realEstateId));
    expect(readsBefore).toHaveLength(1);

    const rotated = await a.c.post(`/v1/real-estates/${a.realEstateId}/feeds/grupo_zap/rotate-token`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newUrl = pathOf((rotated.json().data as FeedChannelOverview).urls[0]!.url);
    expect(newUrl).not.toBe(oldUrl);
    expect((rotated.json().data as FeedChannelOverview).token_rotated_at).not.toBeNull();
    expect((await get(oldUrl)).statusCode).toBe(404);
    expect((await get(newUrl)).statusCode).toBe(200);
    // The Meta feed's address did not change.
    expect((await overview(a.c, a.realEstateId)).meta.urls).toEqual(meta.urls);
  });
});

describe('the console: overview, page channels, bulk, quotas, listing codes', () => {
  it('counts in feed and left out, with each reason and page id, and the pages without a code', async () => {
    const a = await agency();
    const good = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'G-1' });
    const noPhoto = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'G-2', photos: [] });
    const noCode = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: null });
    const dup = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'G-1' });
    for (const p of [good, noPhoto, noCode, dup]) await flag(a.realEstateId, p.id, 'grupo_zap');
    const { zap, meta } = await overview(a.c, a.realEstateId);
    expect(zap.counts).toEqual({ flagged: 4, in_feed: 1, left_out: 3 });
    expect(zap.pages_without_code).toBe(1);
    expect(zap.problems.map((p) => [p.page_id, p.problems.map((x) => x.code)])).toEqual([
      [noPhoto.id, ['photo_missing']],
      [noCode.id, ['listing_code_missing']],
      [dup.id, ['listing_code_duplicate']],
    ]);
    expect(zap.problems[0]!.problems[0]!.message).toBe('Sem fotos: os portais exigem pelo menos uma.');
    expect(meta.counts).toEqual({ flagged: 0, in_feed: 0, left_out: 0 });
    expect(meta.urls.map((u) => u.format)).toEqual(['xml', 'csv']);

    const gen = await a.c.post(`/v1/real-estates/${a.realEstateId}/feeds/listing-codes`, {});
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json()).toEqual({
      data: { updated: 1 },
      message: '1 página recebeu um código de imóvel.',
    });
    const [coded] = await ctx.database.db.select().from(pages).where(eq(pages.id, noCode.id));
    expect(coded!.listingCode).toBe(`VIT${noCode.id}`);
    expect((await overview(a.c, a.realEstateId)).zap.counts.in_feed).toBe(2);
  });

  it('sets a page’s channels, shows its check results, and refuses a highlight past the quota', async () => {
    const a = await agency();
    const p = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'PC-1', zipCode: null });
    const before = await a.c.get(`/v1/pages/${p.id}/channels`);
    expect(before.statusCode).toBe(200);
    const zapBefore = (before.json().data as PageChannel[]).find((c) => c.channel === 'grupo_zap')!;
    expect(zapBefore).toEqual({
      channel: 'grupo_zap',
      publish: false,
      publication_type: 'STANDARD',
      in_feed: false,
      problems: [{ code: 'zip_missing', message: 'Sem CEP.' }],
    });

    const quota = await a.c.put(`/v1/real-estates/${a.realEstateId}/feeds/grupo_zap`, {
      highlight_quotas: { SUPER_PREMIUM: 0, PREMIUM: 1 },
    });
    expect(quota.statusCode, quota.body).toBe(200);
    const q = quota.json().data as FeedChannelOverview;
    expect(q.highlights.find((h) => h.type === 'PREMIUM')).toMatchObject({ used: 0, quota: 1 });

    const refused = await a.c.put(`/v1/pages/${p.id}/channels`, {
      channels: { grupo_zap: { publish: true, publication_type: 'SUPER_PREMIUM' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['channels.grupo_zap.publication_type'][0]).toContain('contratou 0');
    expect(await ctx.database.db.select().from(pageChannels).where(eq(pageChannels.pageId, p.id))).toEqual(
      [],
    );

    const ok = await a.c.put(`/v1/pages/${p.id}/channels`, {
      channels: {
        grupo_zap: { publish: true, publication_type: 'PREMIUM' },
        meta_catalog: { publish: true },
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const data = ok.json().data as PageChannel[];
    expect(data.map((c) => [c.channel, c.publish, c.publication_type, c.in_feed])).toEqual([
      ['grupo_zap', true, 'PREMIUM', false],
      ['meta_catalog', true, null, false],
    ]);
    const after = await overview(a.c, a.realEstateId);
    expect(after.zap.highlights.find((h) => h.type === 'PREMIUM')).toMatchObject({ used: 1, quota: 1 });

    const bad = await a.c.put(`/v1/pages/${p.id}/channels`, { channels: { olx: { publish: true } } });
    expect(bad.statusCode).toBe(422);
    const badType = await a.c.put(`/v1/pages/${p.id}/channels`, {
      channels: { grupo_zap: { publish: true, publication_type: 'GOLD' } },
    });
    expect(badType.statusCode).toBe(422);
    expect(JSON.stringify(badType.json().errors)).toContain('tipo de publicação');
  });

  it('publishes many pages to a channel at once, ignoring other agencies’ ids', async () => {
    const a = await agency();
    const other = await agency();
    const mine = await Promise.all(
      [1, 2, 3].map((i) => insertPage(ctx, a.realEstateId, { listingCode: `B-${i}` })),
    );
    const theirs = await insertPage(ctx, other.realEstateId, {});
    const res = await a.c.put(`/v1/real-estates/${a.realEstateId}/page-channels`, {
      ids: [...mine.map((p) => p.id), theirs.id],
      channel: 'meta_catalog',
      publish: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ updated: 3 });
    const rows = await ctx.database.db
      .select()
      .from(pageChannels)
      .where(and(eq(pageChannels.channel, 'meta_catalog'), eq(pageChannels.publish, true)));
    expect(rows.filter((r) => r.pageId === theirs.id)).toEqual([]);
    expect(rows.filter((r) => mine.some((p) => p.id === r.pageId))).toHaveLength(3);

    const off = await a.c.put(`/v1/real-estates/${a.realEstateId}/page-channels`, {
      ids: [mine[0]!.id],
      channel: 'meta_catalog',
      publish: false,
    });
    expect(off.json().data).toEqual({ updated: 1 });
    expect((await overview(a.c, a.realEstateId)).meta.counts.flagged).toBe(2);
  });

  it('an agent edits a page’s channels but not the feeds; another agency’s page and feeds are 404', async () => {
    const a = await agency();
    const other = await agency();
    const p = await insertPage(ctx, a.realEstateId, {});
    const agent = await addMember(ctx, a.realEstateId, 'agent');
    const c = new TestClient(ctx.app);
    await c.login(agent.email);
    expect((await c.get(`/v1/real-estates/${a.realEstateId}/feeds`)).statusCode).toBe(403);
    expect((await c.post(`/v1/real-estates/${a.realEstateId}/feeds/grupo_zap/rotate-token`)).statusCode).toBe(
      403,
    );
    expect((await c.get(`/v1/pages/${p.id}/channels`)).statusCode).toBe(200);
    expect((await other.c.get(`/v1/pages/${p.id}/channels`)).statusCode).toBe(404);
    expect((await other.c.get(`/v1/real-estates/${a.realEstateId}/feeds`)).statusCode).toBe(404);
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get(`/v1/real-estates/${a.realEstateId}/feeds`)).statusCode).toBe(401);
  });
});

describe('the overview’s check summary, kept per feed version', () => {
  /** Writes a figure no walk can give into the stored summaries: seen again only if they are served. */
  const mark = (realEstateId: number) =>
    ctx.database.db
      .update(feedCheckSummaries)
      .set({ inFeed: 777 })
      .where(eq(feedCheckSummaries.realEstateId, realEstateId));

  it('serves the stored summary while nothing changed, and walks again after any change', async () => {
    const a = await agency('Imobiliária Cache');
    const p1 = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'C-1' });
    const p2 = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'C-2' });
    const p3 = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'C-3', zipCode: null });
    for (const p of [p1, p2, p3]) await flag(a.realEstateId, p.id, 'grupo_zap');

    const first = await overview(a.c, a.realEstateId);
    expect(first.zap.counts).toEqual({ flagged: 3, in_feed: 2, left_out: 1 });
    const stored = await ctx.database.db
      .select()
      .from(feedCheckSummaries)
      .where(eq(feedCheckSummaries.realEstateId, a.realEstateId));
    expect(stored.map((r) => [r.channel, r.flagged, r.inFeed])).toEqual(
      expect.arrayContaining([
        ['grupo_zap', 3, 2],
        ['meta_catalog', 0, 0],
      ]),
    );
    // Nothing changed: the stored row is what the overview shows (no walk).
    await mark(a.realEstateId);
    expect((await overview(a.c, a.realEstateId)).zap.counts.in_feed).toBe(777);

    const changes: [string, () => Promise<unknown>, { flagged: number; in_feed: number }][] = [
      [
        'a page edited in the editor',
        async () => {
          const res = await a.c.put(`/v1/pages/${p3.id}`, { zip_code: '05422-001' });
          expect(res.statusCode, res.body).toBe(200);
        },
        { flagged: 3, in_feed: 3 },
      ],
      [
        'a page taken out of the channel',
        async () => {
          const res = await a.c.put(`/v1/pages/${p2.id}/channels`, {
            channels: { grupo_zap: { publish: false } },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
        { flagged: 2, in_feed: 2 },
      ],
      [
        'a second YouTube video on a page',
        () =>
          ctx.database.db.insert(videos).values(
            ['a1', 'b2'].map((id) => ({
              realEstateId: a.realEstateId,
              pageId: p1.id,
              source: 'youtube' as const,
              status: 'ready' as const,
              externalUrl: `https://www.youtube.com/watch?v=${id}`,
            })),
          ),
        { flagged: 2, in_feed: 1 },
      ],
      [
        // Another replica whose clock is behind: the count and the newest change time (p3's edit) stay
        // the same; the summary must still be walked again (it shows 777 otherwise).
        'a change stamped earlier than the newest one',
        () =>
          ctx.database.db
            .update(pages)
            .set({ photos: [], updatedAt: new Date(Date.now() - 3_600_000) })
            .where(eq(pages.id, p1.id)),
        { flagged: 2, in_feed: 1 },
      ],
      [
        'a page deleted',
        async () => {
          const res = await a.c.delete(`/v1/pages/${p3.id}`);
          expect(res.statusCode, res.body).toBeLessThan(300);
        },
        { flagged: 1, in_feed: 0 },
      ],
    ];
    for (const [what, change, counts] of changes) {
      await mark(a.realEstateId);
      await change();
      const { zap } = await overview(a.c, a.realEstateId);
      expect(zap.counts, what).toEqual({ ...counts, left_out: counts.flagged - counts.in_feed });
      // And the new summary is kept for the next open.
      await mark(a.realEstateId);
      expect((await overview(a.c, a.realEstateId)).zap.counts.in_feed, what).toBe(777);
    }
  });

  it('is shared by two replicas on one database: one’s change is never answered with the other’s stale summary', async () => {
    // Same database and APP_KEY (the feed addresses are sealed with it), as two processes would have.
    const replica = await createTestContext(
      { appKey: ctx.config.appKey },
      {},
      undefined,
      undefined,
      false,
      ctx.database,
    );
    try {
      const a = await agency('Imobiliária Réplicas');
      const c2 = new TestClient(replica.app);
      await c2.login(a.email);
      const p = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'R-1' });
      await flag(a.realEstateId, p.id, 'grupo_zap');
      expect((await overview(a.c, a.realEstateId)).zap.counts.in_feed).toBe(1);
      // The summary replica 1 computed is the one replica 2 reads.
      await mark(a.realEstateId);
      expect((await overview(c2, a.realEstateId)).zap.counts.in_feed).toBe(777);
      // A change through replica 2 is seen by replica 1 at once.
      const res = await c2.put(`/v1/pages/${p.id}`, { title: '<b>Oferta</b>' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await overview(a.c, a.realEstateId)).zap.counts).toEqual({
        flagged: 1,
        in_feed: 0,
        left_out: 1,
      });
    } finally {
      await replica.close();
    }
  });

  it('a feed read leaves the summary behind, so the next overview does not walk', async () => {
    const a = await agency('Imobiliária Leitura');
    const p = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'L-1' });
    const bad = await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'L-2', photos: [] });
    for (const x of [p, bad]) await flag(a.realEstateId, x.id, 'meta_catalog');
    const { meta } = await overview(a.c, a.realEstateId);
    await ctx.database.db
      .delete(feedCheckSummaries)
      .where(eq(feedCheckSummaries.realEstateId, a.realEstateId));

    const csv = await get(pathOf(meta.urls.find((u) => u.format === 'csv')!.url));
    expect(csv.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(feedCheckSummaries)
      .where(
        and(
          eq(feedCheckSummaries.realEstateId, a.realEstateId),
          eq(feedCheckSummaries.channel, 'meta_catalog'),
        ),
      );
    expect(row).toMatchObject({ flagged: 2, inFeed: 1 });
    expect(row!.problems.map((x) => [x.page_id, x.problems.map((y) => y.code)])).toEqual([
      [bad.id, ['photo_missing']],
    ]);
    await mark(a.realEstateId);
    expect((await overview(a.c, a.realEstateId)).meta.counts.in_feed).toBe(777);
  });
});

describe('the Meta catalog feed: export, import into another agency, same pages', () => {
  async function importInto(c: TestClient, realEstateId: number, content: string, filename: string) {
    const form = multipart({ real_estate_id: String(realEstateId), publish: 'true' }, [
      { name: 'catalog', filename, type: 'application/octet-stream', content: Buffer.from(content) },
    ]);
    const res = await c.post('/v1/pages/import/facebook-catalog', form.body, form.headers);
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json().data as CatalogImport).id;
    return waitFor(
      async () => {
        const report = (await c.get(`/v1/imports/${id}`)).json().data as CatalogImport;
        return report.status === 'done' || report.status === 'failed' ? report : null;
      },
      { what: `import ${id}`, timeoutMs: 30_000 },
    );
  }

  /** The fields a Meta catalog carries, as the page holds them. */
  const catalogFields = (p: typeof pages.$inferSelect) => ({
    listingCode: p.listingCode,
    title: p.title,
    status: p.status,
    purpose: p.purpose,
    propertyType: p.propertyType,
    priceCents: p.priceCents,
    areaM2: p.areaM2,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    address: p.address,
    neighborhood: p.neighborhood,
    city: p.city,
    state: p.state,
    zipCode: p.zipCode,
    latitude: p.latitude,
    longitude: p.longitude,
    description: p.description,
    photos: p.photos.map((ph) => ph.url),
  });

  it.each(['csv', 'xml'] as const)(
    'round-trips through the %s feed and the catalog import',
    async (format) => {
      const a = await agency('Imobiliária Origem');
      const b = await agency('Imobiliária Destino');
      const made = [
        await insertPage(ctx, a.realEstateId, {
          ...complete,
          listingCode: 'RT-1',
          title: 'Casa, "ampla" & clara — 4 quartos 🏡',
          description: 'Linha 1\nLinha 2, com vírgula; "aspas" e ]]> no meio.',
          propertyType: 'house',
          priceCents: 123_456_789,
          photos: [
            {
              id: 'a',
              url: 'https://img.exemplo.com/1.jpg',
              key: null,
              width: null,
              height: null,
              alt: null,
            },
            {
              id: 'b',
              url: 'https://img.exemplo.com/2.jpg',
              key: null,
              width: null,
              height: null,
              alt: null,
            },
          ],
        }),
        await insertPage(ctx, a.realEstateId, {
          ...complete,
          listingCode: 'RT-2',
          purpose: 'rent',
          priceCents: 450_000,
          bedrooms: 0,
          areaM2: 30,
        }),
        // No listing code: exported as vitrine-{id}, which becomes the imported page's code.
        await insertPage(ctx, a.realEstateId, {
          ...complete,
          listingCode: null,
          neighborhood: 'Vila Madalena',
        }),
      ];
      for (const p of made) await flag(a.realEstateId, p.id, 'meta_catalog');
      // Not exported: a draft, and a page not marked for Meta.
      const draft = await insertPage(ctx, a.realEstateId, {
        ...complete,
        status: 'draft',
        listingCode: 'RT-D',
      });
      await flag(a.realEstateId, draft.id, 'meta_catalog');
      await insertPage(ctx, a.realEstateId, { ...complete, listingCode: 'RT-N' });

      const { meta } = await overview(a.c, a.realEstateId);
      const feed = await get(pathOf(meta.urls.find((u) => u.format === format)!.url));
      expect(feed.statusCode).toBe(200);
      expect(feed.headers['content-type']).toBe(
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
      );
      const report = await importInto(b.c, b.realEstateId, feed.body, `catalogo.${format}`);
      expect(report).toMatchObject({ status: 'done', created: 3, rejected: [] });

      const imported = await ctx.database.db
        .select()
        .from(pages)
        .where(eq(pages.realEstateId, b.realEstateId));
      const byCode = new Map(imported.map((p) => [p.listingCode, p]));
      for (const original of made) {
        const code = original.listingCode ?? `vitrine-${original.id}`;
        const copy = byCode.get(code);
        expect(copy, code).toBeDefined();
        expect(catalogFields(copy!)).toEqual({ ...catalogFields(original), listingCode: code });
        // The ad's link: the original landing page, with the UTM parameters the analytics reads.
        const link = new URL(copy!.externalUrl!);
        expect(`${link.origin}${link.pathname}`).toBe(`${ctx.config.LANDING_URL}/imoveis/${original.slug}`);
        expect(Object.fromEntries(link.searchParams)).toEqual({
          utm_source: 'facebook',
          utm_medium: 'paid_social',
          utm_campaign: 'catalogo_meta',
        });
      }
      expect(imported).toHaveLength(3);
    },
  );
});
