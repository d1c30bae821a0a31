/**
 * Runs the registry's jobs. Every process declares every queue (a first enqueue inside a transaction
 * needs it, see plugins/queue.ts); only processes with RUN_WORKER (the default, and `npm run worker`)
 * start the workers and the jobs' periodic work.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobDeps } from './define-job.ts';
import { parsePayload } from './define-job.ts';
import { jobRegistry } from './registry.ts';

export default fp(
  async (app: FastifyInstance) => {
    for (const job of jobRegistry) await app.queue.declare(job.name);
    if (!app.config.RUN_WORKER) return;

    // Shutting down: long jobs stop between steps and are retried on the next start.
    const shutdown = new AbortController();
    app.addHook('preClose', async () => shutdown.abort());
    const deps: JobDeps = { ...app.deps, signal: shutdown.signal };

    const timers: NodeJS.Timeout[] = [];
    app.addHook('onClose', async () => timers.forEach((t) => clearInterval(t)));
    for (const job of jobRegistry) {
      const { batchSize, pollers = 1 } = job.concurrency;
      await app.queue.work(
        job.name,
        {
          batchSize: typeof batchSize === 'function' ? batchSize(app.config) : batchSize,
          pollers,
          // A job with a heartbeat refreshes it four times per period (pg-boss: twice), so one refresh
          // lost to a busy pool or a dropped connection does not get a live job failed and run twice.
          ...(job.heartbeatSeconds ? { heartbeatRefreshSeconds: job.heartbeatSeconds / 4 } : {}),
        },
        (data, attempt) => job.handle(parsePayload(job, data), deps, attempt),
      );
      const started = job.start?.(deps);
      if (started) app.addHook('preClose', () => started.stop());
      const every = job.every;
      if (every) {
        const timer = setInterval(() => {
          every
            .run(deps)
            .catch((err: unknown) => app.log.error({ err, queue: job.name }, 'periodic job work failed'));
        }, every.seconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    }
  },
  { name: 'jobs', dependencies: ['queue'] },
);
