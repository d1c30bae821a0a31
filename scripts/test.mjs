// npm test: every suite, in order, with one closing line. The API suite runs on PGlite and, when a
// PostgreSQL server is reachable (DATABASE_URL, TEST_POSTGRES_URL or localhost:5432), on PostgreSQL too.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildConsole } from './build-console.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-test-report-'));

async function postgresUrl() {
  const url =
    process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@localhost:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (err) {
    console.warn(
      `\n! PostgreSQL indisponível em ${url.replace(/\/\/[^@]*@/, '//***@')} (${err.message}): a suíte da API roda só no PGlite.\n`,
    );
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const suites = [
  { name: 'contracts', args: ['--config', 'packages/contracts/vitest.config.ts'] },
  { name: 'console', args: ['--config', 'apps/console/vite.config.ts'] },
  {
    name: 'server (PGlite)',
    args: ['--config', 'apps/server/vitest.config.ts'],
    env: { TEST_DATABASE: 'pglite' },
  },
  {
    name: 'server (PostgreSQL)',
    args: ['--config', 'apps/server/vitest.config.ts'],
    env: { TEST_DATABASE: 'postgres' },
    needsPostgres: true,
  },
  { name: 'e2e', args: ['--config', 'e2e/vitest.config.ts'], before: () => buildConsole() },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const pgUrl = await postgresUrl();

for (const suite of suites) {
  if (only.length && !only.some((o) => suite.name.toLowerCase().startsWith(o.toLowerCase()))) continue;
  if (suite.needsPostgres && !pgUrl) {
    lines.push(`  ${suite.name}: não executada (sem PostgreSQL)`);
    continue;
  }
  console.log(`\n━━ ${suite.name} ━━`);
  suite.before?.();
  const report = path.join(tmp, `${suite.name.replace(/\W+/g, '-')}.json`);
  const res = spawnSync(
    'npx',
    ['vitest', 'run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...suite.env, ...(suite.needsPostgres ? { TEST_POSTGRES_URL: pgUrl } : {}) },
    },
  );
  let counts = { p: 0, f: 0, s: 0 };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    counts = { p: json.numPassedTests, f: json.numFailedTests, s: json.numPendingTests + json.numTodoTests };
  } catch {
    counts.f = 1;
  }
  if (res.status !== 0 && counts.f === 0) counts.f = 1; // a crashed suite is a failure, never a pass
  passed += counts.p;
  failed += counts.f;
  skipped += counts.s;
  lines.push(
    `  ${suite.name}: ${counts.p} passed, ${counts.f} failed${counts.s ? `, ${counts.s} skipped` : ''}`,
  );
}
rmSync(tmp, { recursive: true, force: true });

console.log('\nResumo:');
for (const l of lines) console.log(l);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
