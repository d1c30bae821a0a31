/**
 * Benchmark: listing feeds (docs/product.md#feeds; decision 022). A 50,000-listing agency's VRSync feed
 * is served in a few seconds on PostgreSQL, with the server's memory flat.
 *
 * Seeds N complete, published listings marked for both channels into a throw-away PostgreSQL database
 * (one INSERT … SELECT), starts the real server on it, and times: the VRSync feed download (gzip, as a
 * portal asks, and uncompressed), the Meta catalog CSV, the ETag revalidation (304), and the console's
 * overview (first open, which walks both channels, and the next, from the stored check summaries). The baseline, in the same run: a plain keyset SELECT of the same rows (same batches of 500,
 * same columns) streamed to JSON in this process, with no HTTP and no checks. The server's RSS is read
 * from /proc before and after each download, and again after a forced full GC (scripts/lib/gc-probe.mjs),
 * with the heap still in use: "flat memory" is the figure after GC, which freed-but-kept pages don't
 * inflate.
 *
 *   npm run bench:feeds [-- --rows 50000]
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { scratchPostgres, setupAgency, startServer } from './lib/harness.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg('rows', '50000'));

const db = await scratchPostgres();
if (!db) {
  console.log('PostgreSQL indisponível (localhost:5432): este benchmark precisa dele.');
  process.exit(1);
}

const ppidOf = (pid: string) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]!;
};
/** Whether the process descends from this one (the harness may start the server through a wrapper). */
const ours = (pid: string) => {
  for (let p = pid, hops = 0; p !== '0' && p !== '1' && hops < 10; hops++) {
    if (p === String(process.pid)) return true;
    p = ppidOf(p);
  }
  return false;
};

/** The server process (server.ts, started by this one) and its resident memory, from /proc. */
function serverRssMb(): { rss: number; peak: number } | null {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server.ts') || !ours(pid)) continue;
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
    } catch {
      // a process that ended meanwhile
    }
  }
  return null;
}

// gcProbe: between downloads the server runs a full GC and reports what it still holds. RSS alone
// climbs while V8 and malloc keep freed pages for reuse; after a GC it shows whether memory is retained.
const server = await startServer({ DATABASE_URL: db.url }, { gcProbe: true });
try {
  const { client, realEstateId } = await setupAgency(server, db.url, 0);
  const seedStart = performance.now();
  const photos = JSON.stringify(
    Array.from({ length: 8 }, (_, i) => ({
      id: `p${i}`,
      url: '',
      key: `pages/bench/${i}.jpg`,
      width: 2000,
      height: 1500,
      alt: null,
      variants: [480, 960, 1600].map((w) => ({
        width: w,
        height: w * 0.75,
        key: `pages/bench/${i}-${w}.webp`,
      })),
    })),
  );
  await db.query(
    `insert into pages (real_estate_id, title, slug, status, listing_code, purpose, property_type, price_cents,
       condo_fee_cents, iptu_cents, area_m2, bedrooms, suites, bathrooms, parking_spaces, address, neighborhood,
       city, state, zip_code, latitude, longitude, description, features, photos, published_at)
     select $1, 'Apartamento com 3 quartos em Pinheiros nº ' || g, 'bench-feed-' || g, 'published', 'BF' || g,
       case when g % 4 = 0 then 'rent' else 'sale' end, 'apartment', 85000000 + g * 100, 120000, 35000, 92, 3, 1, 2, 1,
       'Rua dos Pinheiros, ' || g, 'Pinheiros', 'São Paulo', 'SP', '05422-001', -23.56, -46.68,
       repeat('Apartamento claro, silencioso, perto do metrô, com varanda e vista livre. ', 12),
       '["Piscina", "Academia", "Churrasqueira", "Elevador"]'::jsonb, $2::jsonb, now()
     from generate_series(1, $3) g`,
    [realEstateId, photos, ROWS],
  );
  await db.query(
    `insert into page_channels (page_id, channel, real_estate_id, publish, publication_type)
     select id, c.channel, real_estate_id, true, case when c.channel = 'grupo_zap' then 'STANDARD' end
     from pages, (values ('grupo_zap'), ('meta_catalog')) as c(channel) where real_estate_id = $1`,
    [realEstateId],
  );
  await db.query('analyze');
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const t0 = performance.now();
  const overview = (await client.call('GET', `/v1/real-estates/${realEstateId}/feeds`)) as {
    data: { channel: string; urls: { format: string; url: string }[]; counts: { in_feed: number } }[];
  };
  const overviewSeconds = (performance.now() - t0) / 1000;
  // Nothing changed since: the check summaries stored by the first open answer (check-summary.ts).
  const t1 = performance.now();
  await client.call('GET', `/v1/real-estates/${realEstateId}/feeds`);
  const overviewAgainSeconds = (performance.now() - t1) / 1000;
  const zap = overview.data.find((c) => c.channel === 'grupo_zap')!;
  const meta = overview.data.find((c) => c.channel === 'meta_catalog')!;
  // The server listens on 127.0.0.1; LANDING_URL's host (localhost) is how the feeds are reached.
  const zapUrl = zap.urls[0]!.url;
  const csvUrl = meta.urls.find((u) => u.format === 'csv')!.url;

  async function download(url: string, encoding: string, etag?: string) {
    const before = serverRssMb();
    const start = performance.now();
    const res = await fetch(url, {
      headers: {
        'accept-encoding': encoding,
        'user-agent': 'bench-feeds',
        ...(etag ? { 'if-none-match': etag } : {}),
      },
    });
    let firstByte = 0;
    let bytes = 0;
    let listings = 0;
    const decoder = new TextDecoder();
    let tail = '';
    for await (const chunk of res.body ?? []) {
      if (!firstByte) firstByte = performance.now() - start;
      bytes += (chunk as Uint8Array).length;
      // Counted on the decoded text: a <Listing> split between chunks is found in tail + chunk (the tail,
      // 8 characters, can't hold a whole one); CSV rows are line feeds, counted one by one.
      const text = tail + decoder.decode(chunk as Uint8Array, { stream: true });
      listings += url.endsWith('.csv')
        ? (text.slice(tail.length).match(/\n/g) ?? []).length
        : (text.match(/<Listing>/g) ?? []).length;
      tail = text.slice(-8);
    }
    const seconds = (performance.now() - start) / 1000;
    const after = serverRssMb();
    const gc = await server.memoryAfterGc();
    return {
      status: res.status,
      etag: res.headers.get('etag') ?? undefined,
      seconds,
      firstByteMs: Math.round(firstByte),
      mb: bytes / 1024 / 1024,
      // The CSV's header line is no listing.
      listings: url.endsWith('.csv') && listings ? listings - 1 : listings,
      rssBefore: before?.rss,
      rssAfter: after?.rss,
      rssPeak: after?.peak,
      rssAfterGc: gc ? Math.round(gc.rss / 1024 / 1024) : undefined,
      heapAfterGc: gc ? Math.round(gc.heapUsed / 1024 / 1024) : undefined,
    };
  }

  const baseGc = await server.memoryAfterGc();
  // fetch decodes gzip itself: "identity" measures the raw document, "gzip" what a portal gets.
  const warm = await download(zapUrl, 'identity');
  const plain = await download(zapUrl, 'identity');
  const gzip = await download(zapUrl, 'gzip');
  const revalidate = await download(zapUrl, 'gzip', plain.etag);
  const csv = await download(csvUrl, 'gzip');

  // Baseline: the same rows by the same keyset walk, straight to JSON, no HTTP, no checks, no XML.
  const pgClient = new pg.Client({ connectionString: db.url });
  await pgClient.connect();
  const b0 = performance.now();
  let after = 0;
  let jsonBytes = 0;
  let rows = 0;
  for (;;) {
    const { rows: batch } = await pgClient.query(
      `select p.* , pc.publication_type from page_channels pc join pages p on p.id = pc.page_id
       where pc.real_estate_id = $1 and pc.channel = 'grupo_zap' and pc.publish and p.status = 'published'
         and pc.page_id > $2 order by pc.page_id limit 500`,
      [realEstateId, after],
    );
    if (!batch.length) break;
    for (const row of batch) jsonBytes += JSON.stringify(row).length;
    rows += batch.length;
    after = batch.at(-1).id;
  }
  const baselineSeconds = (performance.now() - b0) / 1000;
  await pgClient.end();

  const row = (name: string, r: Awaited<ReturnType<typeof download>>) =>
    `| ${name.padEnd(34)} | ${String(r.status).padEnd(3)} | ${r.seconds.toFixed(2).padStart(6)} s | ${String(r.firstByteMs).padStart(5)} ms | ${r.mb.toFixed(1).padStart(6)} MB | ${String(r.listings).padStart(6)} | ${r.rssBefore ?? '?'} → ${r.rssAfter ?? '?'} MB (pico ${r.rssPeak ?? '?'}) | ${r.rssAfterGc ?? '?'} MB (heap ${r.heapAfterGc ?? '?'} MB) |`;
  console.log(`\nFeeds, ${ROWS} imóveis em PostgreSQL (semente em ${seedSeconds.toFixed(1)} s)\n`);
  console.log(
    '| download                           | st  | total    | 1º byte  | corpo     | itens  | RSS do servidor | após GC forçado |',
  );
  console.log(
    '| ---------------------------------- | --- | -------- | -------- | --------- | ------ | --------------- | --------------- |',
  );
  console.log(row('VRSync, 1ª leitura (fria)', warm));
  console.log(row('VRSync, sem compressão', plain));
  console.log(row('VRSync, gzip (como o portal pede)', gzip));
  console.log(row('VRSync, If-None-Match (304)', revalidate));
  console.log(row('Meta CSV, gzip', csv));
  console.log(
    `\nBase (mesmo SELECT em lotes de 500 → JSON, sem HTTP): ${baselineSeconds.toFixed(2)} s, ${rows} linhas, ${(jsonBytes / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(
    `Visão geral do console (contagens e problemas dos 2 canais): 1ª abertura ${overviewSeconds.toFixed(2)} s, 2ª (resumo guardado) ${overviewAgainSeconds.toFixed(2)} s`,
  );
  if (baseGc)
    console.log(
      `Servidor após GC forçado, antes dos downloads: RSS ${Math.round(baseGc.rss / 1024 / 1024)} MB, heap ${Math.round(baseGc.heapUsed / 1024 / 1024)} MB`,
    );
  console.log(`No feed segundo a visão geral: ZAP ${zap.counts.in_feed}, Meta ${meta.counts.in_feed}`);
} finally {
  await server.kill();
  server.cleanup();
  await db.drop();
}
