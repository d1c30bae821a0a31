/** Builds the application without listening: server.ts listens, tests use inject(). */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '@vitrine/contracts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { createThrottle, type Throttle } from './lib/throttle.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import queuePlugin from './plugins/queue.ts';
import sessionPlugin from './plugins/session.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import catalogImportRoutes from './modules/catalog-import/catalog-import.routes.ts';
import deliveryRoutes from './modules/deliveries/deliveries.routes.ts';
import integrationRoutes from './modules/integrations/integrations.routes.ts';
import landingRoutes from './modules/landing/landing.routes.ts';
import leadRoutes from './modules/leads/leads.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import pageRoutes from './modules/pages/pages.routes.ts';
import realEstateRoutes from './modules/real-estates/real-estates.routes.ts';
import { createLocalStorage, type Storage } from './modules/storage/storage.ts';
import systemRoutes from './modules/system/system.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    storage: Storage;
    mailer: Mailer;
    throttle: Throttle;
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open, migrated database (tests); otherwise the app opens its own. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultConsoleDist = path.resolve(here, '../../console/dist');

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      ...(config.LOG_PRETTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // External plugins first, then ours, then the routes (fastify's documented order).
  // gzip/brotli for HTML, JSON, CSS and JS (a landing page is ~5 KB on the wire instead of ~14 KB).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 40, fieldSize: 4096, parts: 50 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Vitrine Imóveis API', description: 'API do console e das páginas públicas.', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'vitrine_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(errorHandler);
  await app.register(databasePlugin, { database: opts.database });
  app.decorate('throttle', createThrottle(app.database.db));
  app.decorate('storage', createLocalStorage({ dataDir: config.dataDir, publicBaseUrl: config.APP_URL }));
  app.decorate('mailer', createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.dataDir, log: app.log }));
  await app.register(queuePlugin);
  await app.register(sessionPlugin);
  await app.register(authPlugin);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(realEstateRoutes);
  await app.register(integrationRoutes);
  await app.register(deliveryRoutes);
  await app.register(pageRoutes);
  await app.register(catalogImportRoutes);
  await app.register(landingRoutes);
  await app.register(leadRoutes);

  // Uploaded files: never executed by the browser, even an SVG.
  await app.register(fastifyStatic, {
    root: app.storage.root,
    prefix: '/files/',
    decorateReply: false,
    setHeaders: (res) => {
      res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  await registerConsole(app, config.CONSOLE_DIST ? path.resolve(config.CONSOLE_DIST) : defaultConsoleDist);

  const sweep = setInterval(() => app.throttle.sweep().catch(() => undefined), 10 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return app;
}

const API_PREFIXES = ['/v1/', '/sanctum/', '/files/', '/docs', '/healthz', '/imoveis/'];

/** The console's built files, and index.html for every other GET that asks for a page (history fallback). */
async function registerConsole(app: FastifyInstance, dist: string) {
  const indexFile = path.join(dist, 'index.html');
  const hasConsole = existsSync(indexFile);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  let indexHtml: string | undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((p) => request.url.startsWith(p)) &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (!isPage) return reply.status(404).send({ message: MESSAGES.routeNotFound });
    if (!hasConsole) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>Console não compilado</title><p>O console ainda não foi compilado. Rode <code>npm run build</code> ou <code>npm start</code>.</p>');
    }
    indexHtml ??= await readFile(indexFile, 'utf8');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
