/** Prepares one migrated database for the run: a PGlite template dump, or a PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const tmp = await mkdtemp(path.join(tmpdir(), 'vitrine-test-'));
  if (process.env.TEST_DATABASE === 'postgres') {
    const adminUrl =
      process.env.TEST_POSTGRES_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@localhost:5432/postgres';
    const name = `vitrine_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await runMigrations(database);
    await database.close();
    project.provide('postgresUrl', url.toString());
    project.provide('pgliteTemplate', '');
    return async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await rm(tmp, { recursive: true, force: true });
    };
  }
  const database = await openDatabase({ inMemory: true });
  await runMigrations(database);
  const dump = await database.client!.dumpDataDir('none');
  const file = path.join(tmp, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresUrl', '');
  return async () => {
    await rm(tmp, { recursive: true, force: true });
  };
}
