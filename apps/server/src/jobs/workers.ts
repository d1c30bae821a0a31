/**
 * Runs the registry's jobs. Every process declares every queue (a first enqueue inside a transaction
 * needs it, see plugins/queue.ts); only processes with RUN_WORKER (the default, and `npm run worker`)
 * start the workers and the jobs' periodic work.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobAttempt, JobDefinition, JobDeps } from './define-job.ts';
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

    // What the jobs set up beside their workers (the hand-overs): stopped together, so their waits
    // (up to 8 s each) overlap within server.ts's 10 s instead of adding up, one hook after another.
    const beside: { stop(): Promise<void> }[] = [];
    app.addHook('preClose', async () => {
      await Promise.all(beside.map((b) => b.stop()));
    });
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
        (jobs) => runJobs(job, jobs, deps),
      );
      const started = job.start?.(deps);
      if (started) beside.push(started);
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

/**
 * The jobs a poller fetched: each payload checked (a job whose payload does not match its schema fails
 * alone), then the valid ones run together (`handleBatch`) or each on its own (`handle`), all at once.
 */
export async function runJobs(
  job: JobDefinition,
  jobs: { data: unknown; attempt: JobAttempt }[],
  deps: JobDeps,
): Promise<PromiseSettledResult<unknown>[]> {
  const settled: PromiseSettledResult<unknown>[] = [];
  const valid: { at: number; payload: unknown; attempt: JobAttempt }[] = [];
  jobs.forEach(({ data, attempt }, at) => {
    try {
      valid.push({ at, payload: parsePayload(job, data), attempt });
    } catch (reason) {
      settled[at] = { status: 'rejected', reason };
    }
  });
  const results = job.handleBatch
    ? await job
        .handleBatch(
          valid.map((v) => v.payload),
          deps,
          valid.map((v) => v.attempt),
        )
        .catch((reason: unknown) =>
          valid.map((): PromiseSettledResult<unknown> => ({ status: 'rejected', reason })),
        )
    : await Promise.allSettled(valid.map((v) => job.handle(v.payload, deps, v.attempt)));
  valid.forEach((v, i) => {
    settled[v.at] = results[i] ?? {
      status: 'rejected',
      reason: new Error(`${job.name}: no outcome for a job`),
    };
  });
  return settled;
}
