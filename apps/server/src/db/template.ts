/**
 * A migrated PGlite database, ready to copy (docs/operations.md#first-start-on-the-embedded-database): a
 * first start on an empty DATA_DIR loads it instead of running initdb and every migration in the WebAssembly
 * Postgres, which was most of the first start. `npm install` (prepare) and `npm run build` write it under
 * node_modules/.cache/vitrine; its name carries a hash of the migrations and of the PGlite version, so a new
 * migration or a new PGlite simply finds no template, and the start falls back to initdb + migrations. The
 * migrator still runs after the load (it finds everything applied).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PgBoss, fromPglite } from 'pg-boss';
import { migrationsFolder, serverRoot } from '../paths.ts';
import { openDatabase, runMigrations } from './client.ts';

const cacheDir = path.resolve(serverRoot, '../../node_modules/.cache/vitrine');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]))
    .sort();
}

/** Where the template for these migrations and this PGlite is (whether or not it exists). */
export function pgliteTemplateFile(migrations = migrationsFolder): string {
  const hash = createHash('sha256');
  const pglitePackage = path.resolve(serverRoot, '../../node_modules/@electric-sql/pglite/package.json');
  hash.update(existsSync(pglitePackage) ? JSON.parse(readFileSync(pglitePackage, 'utf8')).version : '?');
  for (const file of filesUnder(migrations)) {
    hash.update(path.relative(migrations, file));
    hash.update(readFileSync(file));
  }
  return path.join(cacheDir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The template for an embedded database about to be created in `pgdata`, when there is one. */
export function pgliteTemplateFor(pgdata: string, file = pgliteTemplateFile()): Blob | undefined {
  if (existsSync(path.join(pgdata, 'PG_VERSION'))) return undefined; // an existing database
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Writes the template: a new in-memory database, migrated, with pg-boss's schema. */
export async function writePgliteTemplate(file = pgliteTemplateFile()): Promise<string> {
  const database = await openDatabase({ inMemory: true });
  try {
    await runMigrations(database);
    const boss = new PgBoss({
      db: fromPglite(database.client!),
      backend: 'pglite',
      schema: 'pgboss',
      schedule: false,
      supervise: false,
    });
    await boss.start();
    await boss.stop({ graceful: false });
    const dump = await database.client!.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return file;
  } finally {
    await database.close();
  }
}
