import { defineConfig } from 'vitest/config';

/**
 * The API suite. TEST_DATABASE=pglite (default) runs every file on its own embedded database cloned
 * from a migrated template; TEST_DATABASE=postgres runs the same files on a real PostgreSQL database
 * created for the run (TEST_POSTGRES_URL or postgres://localhost:5432/postgres) and dropped afterwards.
 */
const kind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export default defineConfig({
  test: {
    name: `server-${kind}`,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { TEST_DATABASE: kind },
  },
});
