/**
 * bench:public — Lighthouse (mobile preset: emulated mid-range phone, simulated slow 4G) against the
 * server-rendered public site (/, /entrar, /registrar, /blog and a post), in Debian's Chromium, like
 * bench:landing. Prints every category and the Web Vitals of each page (median of the runs) and fails
 * when a page misses its targets (docs/benchmarks.md#public-site--npm-run-benchpublic): every category ≥ 95,
 * LCP < 1.5 s.
 *
 *   npm run bench:public [-- --runs 3]
 */
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { startServer, launchChrome } from './lib/harness.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const PATHS = ['/', '/entrar', '/registrar', '/blog', '/blog/mais-leads-de-um-unico-anuncio'];
const TARGET = { score: 95, lcpMs: 1500 };

interface Run {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  fcp: number;
  cls: number;
  tbt: number;
  bytes: number;
}

const server = await startServer({});
const chrome = await launchChrome();
const results = new Map<string, Run[]>();
const htmlGzip = new Map<string, number>();
try {
  for (const p of PATHS) {
    const url = `${server.url}${p}`;
    htmlGzip.set(p, gzipSync(await (await fetch(url)).text()).length);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      const lhr = out!.lhr;
      if (lhr.runtimeError)
        console.log(`  ${p}: execução ${i + 1}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const a = lhr.audits;
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const items = (a['network-requests']?.details as { items?: { transferSize?: number }[] })?.items ?? [];
      runs.push({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
        fcp: a['first-contentful-paint']?.numericValue ?? NaN,
        cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
        tbt: a['total-blocking-time']?.numericValue ?? NaN,
        bytes: items.reduce((sum, it) => sum + (it.transferSize ?? 0), 0),
      });
      const failed = Object.values(lhr.categories)
        .filter((c) => (c.score ?? 0) < 1)
        .flatMap((c) =>
          c.auditRefs
            .map((r) => a[r.id])
            .filter(
              (x) =>
                x &&
                x.score !== null &&
                x.score < 1 &&
                x.scoreDisplayMode !== 'informative' &&
                x.scoreDisplayMode !== 'manual',
            ),
        )
        .map((x) => x!.id);
      if (i === 0 && failed.length)
        console.log(`  ${p}: auditorias abaixo de 100: ${[...new Set(failed)].join(', ')}`);
    }
    results.set(p, runs);
  }
} finally {
  await chrome.kill();
  await server.kill('SIGTERM');
  server.cleanup();
}

/** Median of the runs that measured (a run Lighthouse could not measure gives NaN, and fails the target). */
const median = (xs: number[]) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)]! : NaN;
};
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\nbench:public — Lighthouse ${RUNS}× por página (mobile, 4G simulado), medianas\n`);
console.log(
  '| página | desempenho | acessibilidade | boas práticas | SEO | LCP | FCP | CLS | TBT | transferido | HTML gzip |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let ok = true;
for (const [p, runs] of results) {
  const m = (k: keyof Run) => median(runs.map((r) => r[k]));
  const row = { perf: m('perf'), a11y: m('a11y'), bp: m('bp'), seo: m('seo'), lcp: m('lcp') };
  const unmeasured = runs.filter((r) => !Number.isFinite(r.lcp)).length;
  if (unmeasured)
    console.log(`  ${p}: ${unmeasured} execução(ões) sem medida de LCP (Lighthouse falhou nelas)`);
  if (
    Math.min(row.perf, row.a11y, row.bp, row.seo) < TARGET.score ||
    !(row.lcp < TARGET.lcpMs) ||
    unmeasured > 0
  )
    ok = false;
  console.log(
    `| ${p} | ${row.perf} | ${row.a11y} | ${row.bp} | ${row.seo} | ${row.lcp.toFixed(0)} ms | ${m('fcp').toFixed(0)} ms | ${m('cls').toFixed(3)} | ${m('tbt').toFixed(0)} ms | ${kb(m('bytes'))} | ${kb(htmlGzip.get(p)!)} |`,
  );
}
console.log(
  `\n  meta: todas as categorias ≥ ${TARGET.score} e LCP < ${TARGET.lcpMs} ms em cada página — ${ok ? 'atingida' : 'NÃO atingida'}`,
);
process.exit(ok ? 0 : 1);
