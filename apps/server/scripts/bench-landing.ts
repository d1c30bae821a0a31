/**
 * bench:landing — Lighthouse (mobile preset: emulated mid-range phone, simulated slow 4G) against a real
 * landing page served locally, in Debian's Chromium. Prints the scores, the Web Vitals and the bytes.
 * Each run is made twice in turn: as served (with the analytics tracker, which runs as in a visitor's
 * browser: navigator.webdriver off) and with /p/*.js blocked, so the tracker's cost on LCP is a
 * difference measured in the same run.
 *
 *   npm run bench:landing [-- --runs 3]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { ConsoleClient, startServer, launchChrome } from './lib/harness.ts';
import { gradientPng } from './lib/png.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;

const server = await startServer({});
const client = new ConsoleClient(server.url);
const { user } = await client.call('POST', '/v1/register', {
  name: 'Bench',
  email: 'landing@bench.test',
  password: 'senha-do-bench',
  password_confirmation: 'senha-do-bench',
  real_estate_name: 'Imobiliária Horizonte',
});
const realEstateId = user.real_estates[0].id;
await client.call('PUT', `/v1/real-estates/${realEstateId}`, {
  name: 'Imobiliária Horizonte',
  phone: '1130000000',
  whatsapp: '11999990000',
  creci: '12345-J',
  city: 'São Paulo',
  state: 'SP',
});
const { data: page } = await client.call('POST', `/v1/real-estates/${realEstateId}/pages`, {
  page: { title: 'Apartamento com 3 quartos em Pinheiros' },
});
await client.call('PUT', `/v1/pages/${page.id}`, {
  status: 'published',
  listing_code: 'AP-1024',
  purpose: 'sale',
  property_type: 'apartment',
  price_cents: 129_000_000,
  condo_fee_cents: 145_000,
  iptu_cents: 42_000,
  area_m2: 98,
  bedrooms: 3,
  suites: 1,
  bathrooms: 2,
  parking_spaces: 2,
  address: 'Rua dos Pinheiros, 1000',
  neighborhood: 'Pinheiros',
  city: 'São Paulo',
  state: 'SP',
  description:
    'Apartamento iluminado, com varanda gourmet e vista livre.\n\nA duas quadras do metrô Fradique Coutinho, perto de padarias, parques e escolas.\n\nPrédio com piscina, academia e portaria 24 horas.',
  features: ['Varanda gourmet', 'Piscina', 'Academia', 'Portaria 24h', 'Pet friendly'],
  whatsapp: '11988887777',
});
for (let i = 0; i < 6; i++) {
  const form = new FormData();
  form.append(
    'photo',
    new Blob([new Uint8Array(gradientPng(1200, 900))], { type: 'image/png' }),
    `foto-${i}.png`,
  );
  await client.call('POST', `/v1/pages/${page.id}/photos`, form);
}
// Two videos, as an agency's page has them: an uploaded MP4 and a YouTube link, each behind a click-to-play
// facade with a lazy poster (no video, player or poster fetched until the visitor asks for it).
const mp4 = readFileSync(new URL('../src/modules/videos/testing/tiny.mp4', import.meta.url));
const { data: ticket } = await client.call('POST', `/v1/pages/${page.id}/videos/generate-upload-url`, {
  file_type: 'video/mp4',
  size_bytes: mp4.length,
});
const put = await fetch(ticket.upload.url, { method: 'PUT', headers: ticket.upload.headers, body: mp4 });
if (!put.ok) throw new Error(`envio do vídeo: ${put.status}`);
await client.call('PATCH', `/v1/videos/${ticket.video.id}/upload-finished`, {});
await client.call('POST', `/v1/pages/${page.id}/videos/from-url`, {
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
});
for (let tries = 0; ; tries++) {
  const { data: videos } = await client.call(
    'GET',
    `/v1/real-estates/${realEstateId}/videos?page_id=${page.id}`,
  );
  if ((videos as { status: string }[]).every((v) => v.status === 'ready')) break;
  if (tries > 100) throw new Error('os vídeos não ficaram prontos');
  await new Promise((r) => setTimeout(r, 100));
}
const url = `${server.landingUrl}/imoveis/${page.slug}`;
const html = await (await fetch(url)).text();
if (!html.includes('data-src=') || !html.includes('data-embed='))
  throw new Error('a página não mostra os dois vídeos');
const trackerSrc = /data-t="(\/p\/[^"]+)"/.exec(html)?.[1];
if (!trackerSrc) throw new Error('a página não carrega o rastreador');
const trackerCode = await (await fetch(`${server.landingUrl}${trackerSrc}`)).text();

// navigator.webdriver false, as in a visitor's browser: the tracker runs and sends its pageview.
const chrome = await launchChrome(['--disable-blink-features=AutomationControlled']);
const results: {
  tracker: boolean;
  failed: string[];
  lcpElement: string | undefined;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  si: number;
  a11y: number;
  seo: number;
  bp: number;
  bytes: Record<string, number>;
}[] = [];
try {
  for (let i = 0; i < RUNS * 2; i++) {
    const tracker = i % 2 === 0;
    const out = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      blockedUrlPatterns: tracker ? [] : ['*/p/*.js'],
    });
    const lhr = out!.lhr;
    const a = lhr.audits;
    const items =
      (a['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
        ?.items ?? [];
    const bytes: Record<string, number> = {};
    for (const it of items)
      bytes[it.resourceType ?? 'Other'] = (bytes[it.resourceType ?? 'Other'] ?? 0) + (it.transferSize ?? 0);
    const failed = Object.entries(lhr.categories['best-practices']?.auditRefs ?? [])
      .map(([, ref]) => a[ref.id])
      .filter(
        (audit) =>
          audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => {
        const detail = (
          audit!.details as { items?: { description?: string; url?: string }[] } | undefined
        )?.items
          ?.map((item) => item.description ?? item.url)
          .filter(Boolean)
          .join(' | ');
        return detail ? `${audit!.id} (${detail})` : audit!.id;
      });
    const lcpElement = (
      a['largest-contentful-paint-element']?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    results.push({
      tracker,
      failed,
      lcpElement,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
      bp: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
      lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
      cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
      tbt: a['total-blocking-time']?.numericValue ?? NaN,
      fcp: a['first-contentful-paint']?.numericValue ?? NaN,
      si: a['speed-index']?.numericValue ?? NaN,
      bytes,
    });
  }
} finally {
  await chrome.kill();
  await server.kill('SIGTERM');
  server.cleanup();
}

/** The median of the runs that measured it (a failed Lighthouse run reports NaN: left out). */
const median = <T>(xs: T[], key: (x: T) => number) => {
  const values = xs
    .map(key)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return values.length ? values[Math.floor(values.length / 2)]! : NaN;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
console.log(
  `\nbench:landing — Lighthouse ${RUNS}× com e ${RUNS}× sem o rastreador (mobile, 4G simulado) em ${url}\n`,
);
for (const [i, r] of results.entries()) {
  console.log(
    `  execução ${Math.floor(i / 2) + 1} ${r.tracker ? 'com rastreador' : 'sem rastreador'}: desempenho ${r.score}, acessibilidade ${r.a11y}, SEO ${r.seo}, boas práticas ${r.bp}; LCP ${r.lcp.toFixed(0)} ms, FCP ${r.fcp.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, TBT ${r.tbt.toFixed(0)} ms, Speed Index ${r.si.toFixed(0)} ms${r.failed.length ? `; boas práticas perdidas em ${r.failed.join(', ')}` : ''}`,
  );
}
console.log(`  elemento do LCP: ${results[0]?.lcpElement ?? '?'}`);
const withTracker = results.filter((r) => r.tracker);
const without = results.filter((r) => !r.tracker);
for (const [label, rs] of [
  ['com rastreador', withTracker],
  ['sem rastreador', without],
] as const) {
  console.log(
    `\n  mediana ${label}: desempenho ${median(rs, (r) => r.score)} (meta 100), LCP ${median(rs, (r) => r.lcp).toFixed(0)} ms (meta < 1200), CLS ${median(rs, (r) => r.cls).toFixed(3)} (meta 0), TBT ${median(rs, (r) => r.tbt).toFixed(0)} ms (meta 0)`,
  );
}
console.log(
  `  custo do rastreador no LCP (mediana com − sem, mesma execução): ${(median(withTracker, (r) => r.lcp) - median(without, (r) => r.lcp)).toFixed(0)} ms`,
);
console.log(
  `  página sem fotos (HTML com CSS e JS embutidos): ${kb(Buffer.byteLength(html))} bruto, ${kb(gzipSync(html).length)} gzip (meta ≤ 25 KB); CSS ${kb(gzipSync(styles).length)} gzip, JS ${kb(gzipSync(scripts).length)} gzip; rastreador ${trackerSrc} ${kb(gzipSync(trackerCode).length)} gzip (depois do load, cache de um ano)`,
);
console.log(
  `  transferido pelo navegador: ${Object.entries(results[0]!.bytes)
    .map(([k, v]) => `${k} ${kb(v)}`)
    .join(', ')}`,
);
process.exit(0);
