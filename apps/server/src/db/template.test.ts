/**
 * The migrated PGlite template of a first start (docs/operations.md#first-start-on-the-embedded-database):
 * named after the migrations (a new one finds no template), loaded into an empty data folder with every
 * migration and pg-boss's schema in place, and never over an existing database.
 */
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.ts';
import { openDatabase, pgdataDir, runMigrations } from './client.ts';
import { pgliteTemplateFile, pgliteTemplateFor, writePgliteTemplate } from './template.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-template-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('PGlite template', () => {
  it('is named after the migrations: another migration, another file', () => {
    const copy = path.join(tmp, 'drizzle');
    cpSync(migrationsFolder, copy, { recursive: true });
    expect(pgliteTemplateFile(copy)).toBe(pgliteTemplateFile());
    writeFileSync(path.join(copy, '9999_next.sql'), 'select 1;');
    expect(pgliteTemplateFile(copy)).not.toBe(pgliteTemplateFile());
    expect(path.basename(pgliteTemplateFile())).toMatch(/^pglite-template-[0-9a-f]{16}\.tar\.gz$/);
  });

  it('a first start loads it: every migration applied, pg-boss ready; an existing database is left alone', async () => {
    const file = path.join(tmp, 'template.tar.gz');
    await writePgliteTemplate(file);
    expect(existsSync(file)).toBe(true);

    const dataDir = path.join(tmp, 'data');
    const template = pgliteTemplateFor(pgdataDir(dataDir), file);
    expect(template).toBeInstanceOf(Blob);
    const database = await openDatabase({ dataDir, loadDataDir: template });
    try {
      const applied = await database.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(applied[0]!.n).toBe(journal.entries.length);
      const boss = await database.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'",
      );
      expect(boss[0]!.n).toBeGreaterThan(0);
      await runMigrations(database); // finds everything applied
      expect(await database.query('select count(*) from users')).toHaveLength(1);
    } finally {
      await database.close();
    }
    // Now a database exists there: never overwritten by the template.
    expect(pgliteTemplateFor(pgdataDir(dataDir), file)).toBeUndefined();
  }, 300_000);
});
