/**
 * Health and the public runtime configuration the console reads (support contacts).
 * - GET /health/live: the process is up and its event loop answers (no dependency checked; never shed).
 * - GET /health/ready: the database and the job queue answer; 503 otherwise (and under load shedding,
 *   and while shutting down), so a load balancer sends work elsewhere.
 * - GET /healthz: the original check (database), kept for existing probes.
 */
import type { FastifyInstance } from 'fastify';
import { mount } from '../../lib/mount.ts';

export default async function systemRoutes(app: FastifyInstance) {
  mount(
    app,
    'getLiveness',
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
    { config: { loadSheddingExempt: true } },
  );

  mount(app, 'getReadiness', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const failed: string[] = [];
    const check = async (what: string, probe: () => Promise<unknown>) => {
      try {
        await withTimeout(probe(), 2_000);
      } catch (err) {
        request.log.warn({ err: (err as Error).message, check: what }, 'readiness check failed');
        failed.push(what);
      }
    };
    await Promise.all([
      check('banco de dados', () => app.database.query('select 1')),
      // The queue's own connection (its pool on PostgreSQL).
      check('fila de jobs', () => app.queue.boss.getDb().executeSql('select 1')),
    ]);
    if (failed.length) {
      return reply.status(503).send({
        status: 'error',
        message: `Serviço indisponível: ${failed.join(' e ')} não responde${failed.length > 1 ? 'm' : ''}.`,
      });
    }
    return { status: 'ok', database: app.database.kind, queue: 'ok' };
  });

  mount(app, 'getHealth', async (_request, reply) => {
    try {
      await app.database.query('select 1');
      return { status: 'ok', database: app.database.kind };
    } catch {
      return reply.status(503).send({ status: 'error', message: 'Banco de dados indisponível.' });
    }
  });

  mount(app, 'getPublicConfig', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      data: {
        app_name: 'Vitrine Imóveis',
        support_email: app.config.SUPPORT_EMAIL,
        support_whatsapp: app.config.SUPPORT_WHATSAPP ?? null,
      },
    };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
