/**
 * Where the server's files are, from this module's place: `apps/server/src/paths.ts` when run from
 * source (tsx, tests), `apps/server/dist/*.js` when bundled (the production build inlines this module
 * into files one level below apps/server too), so the same `..` works for both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** apps/server/drizzle: the committed SQL migrations. */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** apps/console/dist: the built console. */
export const defaultConsoleDist = path.resolve(serverRoot, '../console/dist');
