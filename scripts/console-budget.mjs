// The console's first load: the JavaScript that the built index.html loads and modulepreloads (gzip),
// chunk by chunk, against the budget (docs/product.md#targets: ≤ 150 KB). Run by the console test
// suite (apps/console/src/bundle-budget.test.ts) and by hand:
//
//   node scripts/console-budget.mjs [--build]     (--build: compile the console first if it is stale)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const consoleDist = path.join(root, 'apps/console/dist');

/** Fails the build past this (gzip bytes of the initial JavaScript). */
export const INITIAL_JS_BUDGET = 150 * 1024;

const attr = (tag, name) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];

/**
 * What index.html makes the browser fetch before the first screen: its module script(s), the chunks
 * it modulepreloads, and its stylesheets. Sizes in bytes, raw and gzip (level 9, as a server sends).
 */
export function measureInitialLoad(dist = consoleDist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src');
    const rel = attr(tag, 'rel');
    const isPreload = tag.startsWith('<link') && rel === 'modulepreload';
    const isCss = tag.startsWith('<link') && rel === 'stylesheet';
    if (!isScript && !isPreload && !isCss) continue;
    const url = attr(tag, isScript ? 'src' : 'href');
    const content = readFileSync(path.join(dist, url.replace(/^\//, '')));
    files.push({
      file: url.replace(/^\/assets\//, ''),
      kind: isCss ? 'css' : isScript ? 'entry' : 'preload',
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
    });
  }
  const js = files.filter((f) => f.kind !== 'css');
  return {
    files,
    jsGzip: js.reduce((n, f) => n + f.gzip, 0),
    jsRaw: js.reduce((n, f) => n + f.raw, 0),
    cssGzip: files.filter((f) => f.kind === 'css').reduce((n, f) => n + f.gzip, 0),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The breakdown as printed: one line per file, largest first, then the totals against the budget. */
export function formatInitialLoad(m, budget = INITIAL_JS_BUDGET) {
  const width = Math.max(...m.files.map((f) => f.file.length));
  const lines = ['Console, carga inicial (o que o index.html carrega e pré-carrega), gzip:'];
  for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip))
    lines.push(
      `  ${f.file.padEnd(width)}  ${f.kind.padEnd(7)}  ${kb(f.gzip).padStart(9)}  (${kb(f.raw)} sem compressão)`,
    );
  lines.push(
    `  JavaScript inicial: ${kb(m.jsGzip)} gzip (${kb(m.jsRaw)} sem compressão); orçamento ${kb(budget)}`,
    `  CSS inicial: ${kb(m.cssGzip)} gzip`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--build')) (await import('./build-console.mjs')).buildConsole();
  const m = measureInitialLoad();
  console.log(formatInitialLoad(m));
  if (m.jsGzip > INITIAL_JS_BUDGET) {
    console.error(`\n✗ O JavaScript inicial do console passou do orçamento de ${kb(INITIAL_JS_BUDGET)}.`);
    process.exit(1);
  }
}
