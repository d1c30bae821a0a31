/** Opens the database, applies migrations (a failure stops the start) and closes it on shutdown. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openDatabase, pgdataDir, runMigrations, type Database } from '../db/client.ts';
import { startEmbeddedAutovacuum } from '../db/embedded-autovacuum.ts';
import { pgliteTemplateFor } from '../db/template.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** A database opened by the caller (tests share one per file); not closed by the app. */
  database?: Database;
}

export default fp<DatabasePluginOptions>(
  async (app: FastifyInstance, opts) => {
    let database = opts.database;
    const owned = !database;
    if (!database) {
      database = await openDatabase({
        databaseUrl: app.config.DATABASE_URL,
        poolMax: app.config.DATABASE_POOL_MAX,
        dataDir: app.config.dataDir,
        inMemory: app.config.inMemoryDatabase,
        // A first start on the embedded database copies the migrated template, when one was prepared.
        loadDataDir:
          app.config.DATABASE_URL || app.config.inMemoryDatabase
            ? undefined
            : pgliteTemplateFor(pgdataDir(app.config.dataDir)),
      });
      try {
        await runMigrations(database);
      } catch (err) {
        await database.close().catch(() => undefined);
        throw new Error(`Falha ao aplicar as migrações do banco de dados: ${(err as Error).message}`, {
          cause: err,
        });
      }
      app.log.info({ kind: database.kind }, 'database ready');
    }
    app.decorate('database', database);
    if (!owned) return;
    // The embedded database's autovacuum (PGlite starts none), in the process that holds it.
    const stopAutovacuum = startEmbeddedAutovacuum(database, {
      intervalMs: app.config.EMBEDDED_AUTOVACUUM_SECONDS * 1000,
      log: app.log,
    });
    app.addHook('onClose', async () => {
      stopAutovacuum();
      await database.close();
    });
  },
  { name: 'database' },
);
