/** Listens: loads the configuration, builds the app, seeds the demo on an empty database, shuts down gracefully. */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import {
  demoPhotosWorthPreparing,
  prepareDemoPhotos,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  seedDemo,
} from './modules/demo/index.ts';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // Known before the database opens: a first start on the embedded database will seed the demo.
  const firstStart = demoPhotosWorthPreparing(config);
  const app = await buildApp({ config });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const ms = Math.round(performance.now() - startedAt);
  const url = config.APP_URL;
  const lines = [
    '',
    `  Vitrine Imóveis pronto em ${ms} ms (${app.database.kind})`,
    `  Console:  ${url}`,
    `  Páginas:  ${config.LANDING_URL}/imoveis/… (outra origem: docs/operations.md)`,
    config.API_DOCS ? `  API docs: ${url}/docs` : '',
    config.SEED_DEMO ? `  Login de demonstração: ${DEMO_EMAIL} / ${DEMO_PASSWORD}` : '',
    '',
  ].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1);
  if (config.NODE_ENV === 'production' && !config.secureCookies) {
    app.log.warn({ appUrl: url }, 'APP_URL is not https: cookies are not Secure and HSTS is off');
  }
  process.stdout.write(lines.join('\n') + '\n');
  app.log.info({ address }, 'listening');

  // The demo (first start only: seedDemo does nothing on a database with accounts) is seeded after the
  // server answers; its login waits for it (modules/demo/demo-seeding.ts).
  if (config.SEED_DEMO) {
    const seedStartedAt = performance.now();
    app.demoSeeding
      // The photos (sharp, on libvips threads) are drawn now, not while the database opens: on two
      // cores they slowed the start itself.
      .start(() => seedDemo(app.deps, { photos: firstStart ? prepareDemoPhotos() : undefined }))
      .then(
        (seeded) => {
          if (seeded)
            app.log.info(
              { email: DEMO_EMAIL, ms: Math.round(performance.now() - seedStartedAt) },
              'demo data created',
            );
        },
        (err: unknown) => {
          if (!closing) app.log.error({ err }, 'demo seed failed');
        },
      );
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.cause) console.error(err.cause);
  process.exit(1);
});
