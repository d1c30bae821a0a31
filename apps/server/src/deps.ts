/**
 * What business logic is given instead of the Fastify instance. Services and job handlers name the
 * parts they use (`deps: Pick<Deps, 'db' | 'queue'>`), so the same function runs from a route, a job
 * handler, a script or a test. The app builds one of these (`app.deps`) once, at start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { SafeHttpClient } from './lib/outbound/safe-http.ts';
import type { Analytics } from './modules/analytics/index.ts';
import type { PaymentProvider } from './modules/billing/index.ts';
import type { Mailer } from './modules/mail/index.ts';
import type { Storage } from './modules/storage/index.ts';
import type { Queue } from './plugins/queue.ts';

export interface Deps {
  db: Db;
  queue: Queue;
  config: AppConfig;
  log: FastifyBaseLogger;
  mailer: Mailer;
  storage: Storage;
  /** Requests to CRMs and webhooks: private networks and redirects refused (lib/outbound). */
  outbound: SafeHttpClient;
  /** Visitor salts, beacon ingestion, rollups and the analytics clock (modules/analytics). */
  analytics: Analytics;
  /** The subscriptions' payment provider: the local fake one, or Asaas (modules/billing). */
  payments: PaymentProvider;
}
