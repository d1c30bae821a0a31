/** Builds the application without listening: server.ts listens, tests use inject(). */
import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
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
import type { Deps } from './deps.ts';
import jobWorkers from './jobs/workers.ts';
import { defaultConsoleDist } from './paths.ts';
import { errSerializer } from './lib/redact.ts';
import type { SafeHttpClient } from './lib/outbound/safe-http.ts';
import { createThrottle, type Throttle } from './lib/throttle.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import hostRouting from './plugins/host-routing.ts';
import inputGuard from './plugins/input-guard.ts';
import loadShedding from './plugins/load-shedding.ts';
import metricsPlugin from './plugins/metrics.ts';
import queuePlugin from './plugins/queue.ts';
import securityHeaders from './plugins/security-headers.ts';
import sessionPlugin from './plugins/session.ts';
import analyticsRoutes from './modules/analytics/analytics.routes.ts';
import { createAnalytics, type Analytics } from './modules/analytics/index.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import billingRoutes from './modules/billing/billing.routes.ts';
import { createPaymentProvider } from './modules/billing/index.ts';
import catalogImportRoutes from './modules/catalog-import/catalog-import.routes.ts';
import deliveryRoutes from './modules/deliveries/deliveries.routes.ts';
import demoRoutes from './modules/demo/demo.routes.ts';
import { resumePausedDeliveries } from './modules/deliveries/index.ts';
import { createDemoSeeding, type DemoSeeding } from './modules/demo/index.ts';
import domainRoutes from './modules/domains/domains.routes.ts';
import inboundRoutes from './modules/inbound/inbound.routes.ts';
import feedRoutes from './modules/feeds/feeds.routes.ts';
import integrationRoutes from './modules/integrations/integrations.routes.ts';
import conversionRoutes from './modules/conversions/conversions.routes.ts';
import { createOutboundClient } from './modules/integrations/index.ts';
import landingRoutes from './modules/landing/landing.routes.ts';
import leadApiRoutes from './modules/inbound/lead-api.routes.ts';
import leadRoutes from './modules/leads/leads.routes.ts';
import metaLeadAdsRoutes from './modules/inbound/meta-lead-ads.routes.ts';
import { renderPagePreview } from './modules/landing/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import pageRoutes from './modules/pages/pages.routes.ts';
import preferenceRoutes from './modules/preferences/preferences.routes.ts';
import privacyRoutes from './modules/privacy/privacy.routes.ts';
import realEstateRoutes from './modules/real-estates/real-estates.routes.ts';
import siteRoutes from './modules/site/site.routes.ts';
import { createStorage, type Storage } from './modules/storage/index.ts';
import { registerInvitedUser } from './modules/team/index.ts';
import { isAwaitingUpload } from './modules/videos/index.ts';
import localUploadRoutes from './modules/storage/local-upload.routes.ts';
import videoRoutes from './modules/videos/videos.routes.ts';
import systemRoutes from './modules/system/system.routes.ts';
import teamRoutes from './modules/team/team.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    storage: Storage;
    mailer: Mailer;
    throttle: Throttle;
    outbound: SafeHttpClient;
    /** The same object as `deps.analytics` (tests move its clock). */
    analytics: Analytics;
    /** What services and job handlers are given (deps.ts): built once, here. */
    deps: Deps;
    /** The first start's demo seed, run after listen (server.ts); the demo login waits for it. */
    demoSeeding: DemoSeeding;
    /** Every route registered, with its endpoint-table name when `mount` registered it. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  endpoint: string | undefined;
}

export interface BuildOptions {
  config: AppConfig;
  /** An already open, migrated database (tests); otherwise the app opens its own. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

/** Errors are logged by type, message, code and frames: never a failed query's SQL parameters. */
function loggerOptions(opts: BuildOptions): FastifyServerOptions['logger'] {
  const { config } = opts;
  const logger: FastifyServerOptions['logger'] = opts.logger ?? {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    ...(config.LOG_PRETTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
  return logger && typeof logger === 'object'
    ? { ...logger, serializers: { ...logger.serializers, err: errSerializer } }
    : logger;
}

function decorateConfig(app: FastifyInstance, config: AppConfig) {
  for (const warning of config.warnings ?? []) app.log.warn(warning);
  app.decorate('config', config);
}

/** What the API and the worker process share: the database, the queue, the services and `app.deps`. */
async function registerCore(app: FastifyInstance, opts: BuildOptions) {
  const { config } = opts;
  await app.register(databasePlugin, { database: opts.database });
  app.decorate('throttle', createThrottle(app.database.db));
  app.decorate('storage', await createStorage(config));
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.dataDir,
    log: app.log,
    production: config.NODE_ENV === 'production',
  });
  app.decorate('mailer', mailer);
  const outbound = createOutboundClient(config);
  app.decorate('outbound', outbound);
  app.addHook('onClose', async () => outbound.close());
  // Fastify runs onClose hooks last added first: these two run after the queue's own close (added by
  // the plugin below), which lets running jobs finish their requests and e-mails.
  app.addHook('onClose', async () => mailer.close?.());
  await app.register(queuePlugin);
  const analytics = createAnalytics(app.database, config);
  app.decorate('analytics', analytics);
  app.decorate('deps', {
    db: app.database.db,
    queue: app.queue,
    config,
    log: app.log,
    mailer: app.mailer,
    storage: app.storage,
    outbound,
    analytics,
    payments: createPaymentProvider(config),
  });
}

/**
 * Fastify's default (10 s) is for a plugin that forgot to call done; on a busy 2-core machine a cold
 * start (migrations, the OpenAPI UI's files, pg-boss) can take longer than that and still be healthy.
 */
const PLUGIN_TIMEOUT_MS = 60_000;

/** The job workers without the HTTP side (worker.ts): the same core and the same jobs/registry.ts. */
export async function buildWorker(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(opts), pluginTimeout: PLUGIN_TIMEOUT_MS });
  decorateConfig(app, opts.config);
  await registerCore(app, opts);
  await app.register(jobWorkers);
  return app;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(opts),
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // A hop count trusts that many proxies nearest to us (the types only know the function form).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A `__proto__` or `constructor.prototype` key in a JSON body is dropped (it never reaches an object's
    // prototype), not answered as invalid JSON: a lead whose form named a field so is still a lead.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    routerOptions: { maxParamLength: 200 },
    // Errors the router raises before any route: Portuguese, and never echo the URL back.
    frameworkErrors: (error, _request, reply) => {
      const answer = reply as unknown as FastifyReply;
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        answer.status(414).send({ message: 'O endereço pedido é longo demais.' });
      else if (error.code === 'FST_ERR_BAD_URL')
        answer.status(400).send({ message: 'O endereço pedido é inválido.' });
      else answer.status(400).send({ message: 'Requisição inválida.' });
    },
  });
  decorateConfig(app, config);
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, endpoint: route.config?.endpoint });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Security headers on every answer, then load shedding (a shed request still carries the headers).
  await app.register(securityHeaders);
  await app.register(loadShedding);
  // The console or the landing pages, by Host (decision 017): before the cookies are parsed, so a
  // landing host never reads one.
  await app.register(hostRouting);
  // External plugins first, then ours, then the routes (fastify's documented order).
  // gzip/brotli for HTML, JSON, CSS and JS (a landing page is ~5 KB on the wire instead of ~14 KB).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, {
    limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 40, fieldSize: 4096, parts: 50 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vitrine Imóveis API',
        description: 'API do console e das páginas públicas.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'vitrine_session' },
          // The lead API (docs/lead-api.md): an agency's key, sent as `Authorization: Bearer vk_live_…`.
          leadApiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'Chave da API de leads (vk_live_…), criada em Origens de leads.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Swagger UI and /docs/json only when enabled (API_DOCS: on in development, off in production).
  // Swagger UI ships inline scripts: it answers with its own hash-pinned CSP instead of the console's.
  if (config.API_DOCS) {
    const secure = config.APP_URL.startsWith('https://');
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: (header) =>
        secure ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  }

  await app.register(errorHandler);
  await app.register(inputGuard);
  await registerCore(app, opts);
  await app.register(jobWorkers);
  await app.register(metricsPlugin);
  await app.register(sessionPlugin);
  await app.register(authPlugin);

  app.decorate('demoSeeding', createDemoSeeding());
  await app.register(systemRoutes);
  await app.register(authRoutes, { registerInvitedUser });
  await app.register(demoRoutes);
  await app.register(realEstateRoutes);
  await app.register(integrationRoutes, { resumePausedDeliveries });
  await app.register(deliveryRoutes);
  await app.register(inboundRoutes);
  await app.register(conversionRoutes, { resumePausedDeliveries });
  await app.register(pageRoutes, { renderPagePreview });
  await app.register(videoRoutes);
  await app.register(localUploadRoutes, { isAwaitingUpload });
  await app.register(catalogImportRoutes);
  await app.register(analyticsRoutes);
  await app.register(landingRoutes);
  await app.register(leadRoutes);
  await app.register(metaLeadAdsRoutes);
  await app.register(leadApiRoutes);
  await app.register(siteRoutes);
  await app.register(teamRoutes);
  await app.register(preferenceRoutes);
  await app.register(domainRoutes);
  await app.register(billingRoutes);
  await app.register(privacyRoutes);
  await app.register(feedRoutes);

  // Uploaded files: never executed by the browser, even an SVG. Served from the disk with the local
  // driver, and also with S3 for files uploaded before the switch that were not copied yet.
  mkdirSync(path.join(config.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: path.join(config.dataDir, 'uploads'),
    prefix: '/files/',
    decorateReply: false,
    setHeaders: (res) => {
      res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.header('x-content-type-options', 'nosniff');
      res.header('cache-control', 'public, max-age=31536000, immutable');
      // Public photos and logos: embeddable by other origins (e-mail clients, a CDN in front of the pages).
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
  await registerConsole(app, config.CONSOLE_DIST ? path.resolve(config.CONSOLE_DIST) : defaultConsoleDist);
  return app;
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const API_PREFIXES = [
  '/v1/',
  '/sanctum/',
  '/files/',
  '/uploads/',
  '/docs',
  '/healthz',
  '/health/',
  '/metrics',
  '/imoveis/',
  '/site/',
  '/feeds/',
];

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
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
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
        .send(
          '<!doctype html><meta charset="utf-8"><title>Console não compilado</title><p>O console ainda não foi compilado. Rode <code>npm run build</code> ou <code>npm start</code>.</p>',
        );
    }
    indexHtml ??= await readFile(indexFile, 'utf8');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
