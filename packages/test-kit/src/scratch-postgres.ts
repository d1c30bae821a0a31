/**
 * A throw-away PostgreSQL database for a benchmark, the soak or the image check: created on the
 * server named by TEST_POSTGRES_URL, DATABASE_URL or postgres://postgres@localhost:5432/postgres,
 * dropped by `drop()`. null when no PostgreSQL answers (the caller falls back to the embedded one).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** One query on a fresh connection. */
  query<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function scratchPostgres(prefix = 'vitrine_scratch'): Promise<ScratchDatabase | null> {
  const adminUrl =
    process.env.TEST_POSTGRES_URL ??
    process.env.DATABASE_URL ??
    'postgres://postgres@localhost:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async query<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
