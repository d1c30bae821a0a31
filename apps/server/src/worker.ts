/**
 * The job workers alone (jobs/registry.ts: lead deliveries, e-mail alerts, catalog imports), for a
 * scaled-out install: API replicas run with RUN_WORKER=false and one or more of these run beside them.
 * `npm start` runs the same workers inside the API process. PostgreSQL only: the embedded PGlite
 * database belongs to a single process.
 */
import { buildWorker } from './app.ts';
import { loadConfig } from './config.ts';

const startedAt = performance.now();
const config = loadConfig({ ...process.env, RUN_WORKER: 'true' });
if (!config.DATABASE_URL) {
  console.error(
    'O worker separado precisa de DATABASE_URL (PostgreSQL). Com o banco embutido, os workers rodam dentro de `npm start`.',
  );
  process.exit(1);
}
const app = await buildWorker({ config });
await app.ready();
// On stdout whatever LOG_LEVEL says, as server.ts's banner: what an operator (and the soak, which
// restarts it) waits for.
process.stdout.write(
  `  Worker pronto em ${Math.round(performance.now() - startedAt)} ms (${app.database.kind})\n`,
);
app.log.info('worker ready');
const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
