/**
 * The job queue: pg-boss on the same database (PGlite or PostgreSQL), so a job can be enqueued in the
 * transaction that writes the rows it is about. Workers run in this process unless RUN_WORKER=false.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type JobInsert, type JobResult, type SendOptions } from 'pg-boss';
import type { Tx } from '../db/client.ts';

export interface Queue {
  boss: PgBoss;
  /** Enqueues inside the caller's transaction: the job exists if and only if the transaction commits. */
  sendInTx(tx: Tx, name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Many jobs of one queue in one statement, inside the caller's transaction. */
  insertInTx(tx: Tx, name: string, jobs: JobInsert[]): Promise<void>;
  /**
   * Creates a queue if needed and loads it into pg-boss's queue cache. Every queue is declared at start:
   * a first send inside a transaction must not look the queue up on another connection (on PGlite that
   * would wait for the very transaction that is sending).
   */
  declare(name: string): Promise<void>;
  /**
   * Registers a per-job handler, run for up to `batchSize` jobs at once; a job whose handler throws is
   * retried by pg-boss, the others complete. Returns false when this process does not run workers.
   */
  work<T>(name: string, options: { batchSize?: number; pollers?: number }, handle: (data: T) => Promise<void>): Promise<boolean>;
  /** Wakes this process's workers for a queue now, instead of at the next poll. */
  wake(name: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { database, config } = app;
    // On PostgreSQL pg-boss gets its own small pool, so its polling and upkeep never wait on (or starve)
    // the API's connections; on PGlite there is one connection for everyone.
    const boss =
      database.kind === 'pglite' && database.client
        ? new PgBoss({ db: fromPglite(database.client), backend: 'pglite', schema: 'pgboss', schedule: false })
        : new PgBoss({ connectionString: database.url, max: 4, schema: 'pgboss', schedule: false });
    boss.on('error', (err: unknown) => app.log.error({ err }, 'queue error'));
    await boss.start();

    const workers = new Map<string, string[]>();
    const queue: Queue = {
      boss,
      sendInTx: (tx, name, data, options) => boss.send(name, data, { ...options, db: fromDrizzle(tx as never, sql as never) }),
      async insertInTx(tx, name, jobs) {
        if (jobs.length) await boss.insert(name, jobs, { db: fromDrizzle(tx as never, sql as never) });
      },
      async work<T>(name: string, options: { batchSize?: number; pollers?: number }, handle: (data: T) => Promise<void>) {
        if (!config.RUN_WORKER) return false;
        const ids: string[] = [];
        for (let i = 0; i < (options.pollers ?? 1); i++) {
          const id = await boss.work<T>(
            name,
            { batchSize: options.batchSize ?? 1, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true, perJobResults: true },
            async (jobs): Promise<JobResult[]> => {
              const settled = await Promise.allSettled(jobs.map((job) => handle(job.data)));
              return settled.map((r, i) => {
                if (r.status === 'rejected') app.log.error({ err: r.reason, queue: name, job: jobs[i]!.id }, 'job failed');
                return { id: jobs[i]!.id, status: r.status === 'fulfilled' ? 'completed' : 'failed' };
              });
            },
          );
          ids.push(id);
        }
        workers.set(name, ids);
        return true;
      },
      async declare(name) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name);
        // complete() on an id that cannot exist is a no-op that fills the queue cache.
        await boss.complete(name, '00000000-0000-0000-0000-000000000000');
      },
      wake(name) {
        for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
      },
    };
    app.decorate('queue', queue);
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 20_000 });
    });
  },
  { name: 'queue', dependencies: ['database'] },
);
