/**
 * Benchmark: catalog import (docs/product.md#targets: 10,000 listings in ≤ 10 s; memory flat as the file
 * grows).
 *
 * Imports N generated listings (CSV, UTF-8) through the real route and job into a fresh embedded
 * PGlite, and into PostgreSQL when one is reachable (a database created and dropped for the run),
 * then imports the same file again (everything unchanged), then a changed file (every row updated) while
 * measuring the live heap. Each size runs in its own process, so the memory figures of 1× and 2× the
 * rows can be compared. PGlite runs on disk (DATA_DIR), as `npm start` does.
 *
 *   npm run bench:import -w @vitrine/server [-- --rows 10000 --format csv|tsv|xml]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scratchPostgres } from './lib/harness.ts';

const here = fileURLToPath(import.meta.url);
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const ROWS = Number(arg('rows', '10000'));
const FORMAT = arg('format', 'csv') as 'csv' | 'tsv' | 'xml';

interface Result {
  db: string;
  rows: number;
  mb: number;
  seconds: number;
  rowsPerSecond: number;
  reimportSeconds: number;
  created: number;
  unchanged: number;
  peakRssMb: number;
  peakHeapMb: number;
  heapBaselineMb: number;
  baselineRssMb: number;
}

if (process.argv.includes('--child')) {
  const result = await child(arg('db', 'pglite'), Number(arg('n', '10000')), arg('url', ''));
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
} else {
  await parent();
}

async function parent() {
  const pgDb = await scratchPostgres();
  const runs: { db: string; rows: number; url?: string }[] = [
    { db: 'pglite', rows: ROWS },
    { db: 'pglite', rows: ROWS * 2 },
  ];
  if (pgDb)
    runs.push(
      { db: 'postgres', rows: ROWS, url: pgDb.url },
      { db: 'postgres', rows: ROWS * 2, url: pgDb.url },
    );
  else console.log('PostgreSQL indisponível (localhost:5432): só PGlite.');
  const results: Result[] = [];
  try {
    for (const run of runs) {
      process.stdout.write(`… ${run.db}, ${run.rows} imóveis (${FORMAT})\n`);
      const res = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          here,
          '--child',
          '--db',
          run.db,
          '--n',
          String(run.rows),
          '--url',
          run.url ?? '',
          '--format',
          FORMAT,
        ],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'inherit'],
          maxBuffer: 10 * 1024 * 1024,
        },
      );
      const line = res.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`a execução ${run.db}/${run.rows} falhou:\n${res.stdout}`);
      results.push(JSON.parse(line.slice(7)));
    }
  } finally {
    await pgDb?.drop();
  }
  console.log(`\nImportação de catálogo (${FORMAT.toUpperCase()}, UTF-8) — ${new Date().toISOString()}`);
  console.log(
    'banco     imóveis  arquivo   tempo    imóveis/s  reimportação  RSS antes  RSS pico  heap vivo (antes → pico)',
  );
  for (const r of results) {
    console.log(
      `${r.db.padEnd(9)} ${String(r.rows).padStart(7)}  ${`${r.mb.toFixed(1)} MB`.padStart(8)}  ${`${r.seconds.toFixed(2)} s`.padStart(7)}  ${String(Math.round(r.rowsPerSecond)).padStart(9)}  ${`${r.reimportSeconds.toFixed(2)} s`.padStart(12)}  ${`${r.baselineRssMb} MB`.padStart(9)}  ${`${r.peakRssMb} MB`.padStart(8)}  ${r.heapBaselineMb} → ${r.peakHeapMb} MB`,
    );
  }
  const ok = results.filter((r) => r.rows === ROWS).every((r) => r.seconds <= 10);
  console.log(`\nMeta: ${ROWS} imóveis em ≤ 10 s — ${ok ? 'atingida' : 'NÃO atingida'}.`);
  for (const db of new Set(results.map((r) => r.db))) {
    const [a, b] = [
      results.find((r) => r.db === db && r.rows === ROWS),
      results.find((r) => r.db === db && r.rows === ROWS * 2),
    ];
    if (a && b) {
      console.log(
        `${db}: com o dobro de imóveis, heap vivo acima do início ${a.peakHeapMb - a.heapBaselineMb} → ${b.peakHeapMb - b.heapBaselineMb} MB; RSS pico acima do início ${a.peakRssMb - a.baselineRssMb} → ${b.peakRssMb - b.baselineRssMb} MB.`,
      );
    }
  }
}

async function child(db: string, rows: number, url: string): Promise<Result> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { catalogImports } = await import('../src/db/schema.ts');
  const { createUser } = await import('../src/modules/auth/users.ts');
  const { createRealEstate } = await import('../src/modules/real-estates/create-real-estate.ts');
  const { writeCatalogFile } = await import('../src/modules/catalog-import/testing/generate-catalog.ts');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-import-'));
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      APP_URL: 'http://localhost:3000',
      ...(db === 'postgres' ? { DATABASE_URL: url } : {}),
    },
    { dataDir, appKey: randomBytes(32) },
  );
  const app = await buildApp({ config });
  await app.ready();
  try {
    const email = `bench.${randomBytes(4).toString('hex')}@teste.com.br`;
    const userId = await createUser(app.deps, { name: 'Bench', email, password: 'senha-do-bench' });
    const realEstateId = await createRealEstate(app.deps, { name: 'Imobiliária Bench', ownerId: userId });
    const client = await signIn(app, email, 'senha-do-bench');

    const file = path.join(dataDir, `catalog.${FORMAT}`);
    await writeCatalogFile(file, { format: FORMAT, count: rows });
    const bytes = statSync(file).size;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });

    // A real HTTP upload, streamed from disk (openAsBlob), as a browser would send it.
    const importOnce = async () => {
      const form = new FormData();
      form.append('real_estate_id', String(realEstateId));
      form.append('catalog', await openAsBlob(file), `catalog.${FORMAT}`);
      const started = performance.now();
      const res = await fetch(`${base}/v1/pages/import/facebook-catalog`, {
        method: 'POST',
        headers: client,
        body: form,
      });
      const text = await res.text();
      if (res.status !== 202) throw new Error(`upload: ${res.status} ${text}`);
      const id = JSON.parse(text).data.id as string;
      for (;;) {
        const [row] = await app.database.db.select().from(catalogImports).where(eq(catalogImports.id, id));
        if (row?.status === 'done' || row?.status === 'failed') {
          if (row.status === 'failed') throw new Error(`import failed: ${row.error}`);
          return { seconds: (performance.now() - started) / 1000, row };
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    global.gc?.();
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
    const first = await importOnce();
    const second = await importOnce();
    clearInterval(rssSampler);

    // Live heap (after a forced GC, every 250 ms) while a changed catalog is imported: every row is
    // updated. Measured apart from the timed runs, which the forced collections would slow down.
    await writeCatalogFile(file, { format: FORMAT, count: rows, revision: 1 });
    global.gc?.();
    const heapBaseline = process.memoryUsage().heapUsed;
    let peakHeap = heapBaseline;
    const heapSampler = setInterval(() => {
      global.gc?.();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 250);
    const third = await importOnce();
    clearInterval(heapSampler);
    if (third.row.updated + third.row.unchanged !== rows)
      throw new Error('third import did not see every row');
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    return {
      db,
      rows,
      mb: bytes / 1024 / 1024,
      seconds: first.seconds,
      rowsPerSecond: rows / first.seconds,
      reimportSeconds: second.seconds,
      created: first.row.created,
      unchanged: second.row.unchanged,
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(peakHeap),
      heapBaselineMb: mb(heapBaseline),
      baselineRssMb: mb(baseline.rss),
    };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Logs in through the API and returns the headers the console would send (cookies + X-XSRF-TOKEN). */
async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Record<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.forEach((c) => jar.set(c.name, c.value));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' }));
  const headers = () => ({
    cookie: cookie(),
    'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
  });
  const login = await app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: headers(),
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  keep(login);
  return headers();
}
