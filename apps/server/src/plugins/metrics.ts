/**
 * Prometheus metrics (prom-client), only when METRICS_TOKEN is set: GET /metrics with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without the setting nothing is measured and /metrics is 404.
 *
 * - vitrine_http_request_duration_seconds{method,route,status_code}: latency histogram (route = the
 *   route's pattern, never the raw URL, so slugs and ids do not multiply the series);
 * - vitrine_leads_captured_total{channel}: leads accepted by the public form endpoint (form | json),
 *   counted by this process since it started;
 * - vitrine_deliveries{status}: deliveries in the ledger by status, counted in the database at scrape time;
 * - vitrine_queue_jobs{queue,state}: the job queue's depth (ready, deferred, active) per queue, from
 *   pg-boss's queue counters (refreshed by its monitor);
 * - vitrine_load_shed_total{reason}: requests answered 503 by load shedding;
 * - the Node.js process defaults (CPU, memory, event-loop lag, GC, handles).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { safeEqual } from '../lib/crypto.ts';
import { mount } from '../lib/mount.ts';

export interface Metrics {
  registry: Registry;
  loadShed: Counter<'reason'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when METRICS_TOKEN is configured. */
    metrics?: Metrics;
  }
}

const LEAD_ROUTE = '/v1/public/pages/:slug/leads';

export default fp(
  async (app: FastifyInstance) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const latency = new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'Tempo de resposta das requisições HTTP, por rota.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const leadsCaptured = new Counter({
      name: 'vitrine_leads_captured_total',
      help: 'Leads recebidos pelo formulário público desde o início do processo.',
      labelNames: ['channel'] as const,
      registers: [registry],
    });
    const loadShed = new Counter({
      name: 'vitrine_load_shed_total',
      help: 'Requisições recusadas com 503 por sobrecarga.',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'vitrine_deliveries',
      help: 'Entregas de leads no registro, por status (contadas no banco a cada coleta).',
      labelNames: ['status'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        const rows = await app.database.query<{ status: string; n: number }>(
          'select status, count(*)::int as n from deliveries group by status',
        );
        for (const r of rows) this.set({ status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'vitrine_queue_jobs',
      help: 'Profundidade da fila de jobs, por fila e estado (ready = prontos para rodar).',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await app.queue.boss.getQueues()) {
          this.set({ queue: q.name, state: 'ready' }, Number(q.readyCount ?? 0));
          this.set({ queue: q.name, state: 'deferred' }, Number(q.deferredCount ?? 0));
          this.set({ queue: q.name, state: 'active' }, Number(q.activeCount ?? 0));
        }
      },
    });

    app.decorate('metrics', { registry, loadShed });

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      latency.observe(
        { method: request.method, route, status_code: String(status) },
        reply.elapsedTime / 1000,
      );
      // The form endpoint answers 303 (browser form) or 201 (script) for a stored lead.
      if (route === LEAD_ROUTE && request.method === 'POST' && (status === 201 || status === 303)) {
        leadsCaptured.inc({ channel: status === 303 ? 'form' : 'json' });
      }
    });

    mount(
      app,
      'getMetrics',
      async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!given || !safeEqual(given, token)) {
          return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
            message: 'Informe o token de métricas (METRICS_TOKEN) no cabeçalho Authorization: Bearer.',
          });
        }
        reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
        return registry.metrics();
      },
      { config: { loadSheddingExempt: true } },
    );
  },
  { name: 'metrics', dependencies: ['database', 'queue'] },
);
