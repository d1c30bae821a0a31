/**
 * The job queue: pg-boss on the same database (PGlite or PostgreSQL), so a job can be enqueued in the
 * transaction that writes the rows it is about. The jobs themselves are defined in their modules and
 * listed in jobs/registry.ts; their workers are started by jobs/workers.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, fromPglite, type JobResult } from 'pg-boss';
// The statement pg-boss's own producers use to wake the listening workers of a queue (its channel is
// derived from the schema inside pg-boss; the version is pinned by the lockfile, and a test on
// PostgreSQL proves an API process wakes a worker process with it).
import { notifyQueue } from 'pg-boss/dist/plans.js';
import { createHash } from 'node:crypto';
import type { Statement, Tx } from '../db/client.ts';
import { toJobInsert, type JobAttempt, type JobPayload, type JobQueue } from '../jobs/define-job.ts';

export interface Queue {
  boss: PgBoss;
  /**
   * Enqueues a job of a definition in jobs/ inside the caller's transaction: the job exists if and only
   * if the transaction commits. The payload is checked against the job's schema first.
   */
  enqueue<J extends JobQueue>(
    tx: Tx,
    job: J,
    payload: JobPayload<J>,
    options?: { startAfter?: Date },
  ): Promise<void>;
  /** Many jobs of one definition in one statement, inside the caller's transaction. */
  enqueueMany<J extends JobQueue>(tx: Tx, job: J, payloads: JobPayload<J>[]): Promise<void>;
  /**
   * The statement that inserts these jobs, for a caller that sends it with its own transaction's
   * statements (db/client.ts pipelinedTransaction); none for no payloads. pg-boss builds it (its
   * insert SQL and payload) and hands it to a recording adapter instead of running it. It is a named
   * prepared statement: pg-boss's SQL for a queue never changes, its name is a hash of the text.
   */
  insertStatements<J extends JobQueue>(
    job: J,
    payloads: JobPayload<J>[],
    /** `id`: the job's own id (one payload only), for a caller that may take it back (takeBack). */
    options?: { startAfter?: Date; id?: string },
  ): Promise<Statement[]>;
  /**
   * Deletes jobs of `job` that no worker has started yet, inside the caller's transaction, and answers
   * the ids deleted: a hand-over that did their work takes its safety net back (leads/alert-hand-over.ts).
   * A job a worker has started is left to it.
   */
  takeBack(tx: Tx, job: JobQueue, ids: string[]): Promise<string[]>;
  /**
   * Creates a queue if needed and loads it into pg-boss's queue cache. Every queue is declared at start:
   * a first send inside a transaction must not look the queue up on another connection (on PGlite that
   * would wait for the very transaction that is sending).
   */
  declare(name: string): Promise<void>;
  /**
   * Registers a handler of up to `batchSize` jobs fetched together, which answers each job's outcome in
   * their order: a rejected job is retried by pg-boss, the others complete. Only jobs/workers.ts calls
   * it, for the registry's jobs.
   */
  work(
    name: string,
    options: { batchSize: number; pollers: number; heartbeatRefreshSeconds?: number },
    handle: (jobs: { data: unknown; attempt: JobAttempt }[]) => Promise<PromiseSettledResult<unknown>[]>,
  ): Promise<void>;
  /**
   * Wakes the workers of a job now, instead of at their next poll: this process's own, or, in a process
   * without workers on PostgreSQL (an API replica beside `npm run worker`), every worker process through
   * a NOTIFY sent after the caller's commit. Coalesced: one NOTIFY in flight per queue at a time.
   */
  wake(job: JobQueue): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { database } = app;
    // On PostgreSQL pg-boss gets its own small pool, so its polling and upkeep never wait on (or starve)
    // the API's connections; on PGlite there is one connection for everyone. A process that runs
    // workers on PostgreSQL also LISTENs (one more connection), so the API processes' NOTIFYs wake them.
    // The queues are not pg-boss "notify" queues: that would put a NOTIFY in every capture transaction,
    // and PostgreSQL serializes the commits of notifying transactions on one lock.
    const runsWorkers = app.config.RUN_WORKER;
    const boss =
      database.kind === 'pglite' && database.client
        ? new PgBoss({
            db: fromPglite(database.client),
            backend: 'pglite',
            schema: 'pgboss',
            schedule: false,
          })
        : new PgBoss({
            connectionString: database.url,
            max: 4,
            schema: 'pgboss',
            schedule: false,
            useListenNotify: runsWorkers,
          });
    boss.on('error', (err: unknown) => app.log.error({ err }, 'queue error'));
    await boss.start();

    const workers = new Map<string, string[]>();
    /** Queues with a NOTIFY in flight (false) or in flight and asked again meanwhile (true). */
    const notifying = new Map<string, boolean>();
    const notify = (name: string) => {
      if (notifying.has(name)) return void notifying.set(name, true);
      notifying.set(name, false);
      database
        .query(notifyQueue('pgboss', name))
        // A lost wake-up costs latency, never a job: the workers' polling finds it.
        .catch((err: unknown) => app.log.warn({ err, queue: name }, 'queue wake-up failed'))
        .finally(() => {
          const again = notifying.get(name);
          notifying.delete(name);
          if (again) notify(name);
        });
    };
    /** Each declared queue's pg-boss table (takeBack). */
    const tables = new Map<string, string>();
    /** insertStatements' names, by SQL text (one per queue). */
    const statementNames = new Map<string, string>();
    const queue: Queue = {
      boss,
      async enqueue(tx, job, payload, options) {
        const { data, ...jobOptions } = toJobInsert(job, payload, options);
        await boss.send(job.name, data!, { ...jobOptions, db: fromDrizzle(tx as never, sql as never) });
      },
      async enqueueMany(tx, job, payloads) {
        if (payloads.length)
          await boss.insert(
            job.name,
            payloads.map((p) => toJobInsert(job, p)),
            { db: fromDrizzle(tx as never, sql as never) },
          );
      },
      async insertStatements(job, payloads, options) {
        if (options?.id && payloads.length > 1) throw new Error(`${job.name}: one id for several jobs`);
        const statements: Statement[] = [];
        if (payloads.length)
          await boss.insert(
            job.name,
            payloads.map((p) => toJobInsert(job, p, options)),
            {
              db: {
                executeSql: async (text: string, values?: unknown[]) => {
                  let name = statementNames.get(text);
                  if (!name) {
                    name = `pgboss_${createHash('sha1').update(text).digest('base64url').slice(0, 16)}`;
                    statementNames.set(text, name);
                  }
                  statements.push({ name, text, values });
                  return { rows: [] };
                },
              },
            },
          );
        return statements;
      },
      async work(name, options, handle) {
        const ids: string[] = [];
        for (let i = 0; i < options.pollers; i++) {
          const id = await boss.work(
            name,
            {
              batchSize: options.batchSize,
              pollingIntervalSeconds: app.config.QUEUE_POLL_SECONDS,
              burstWhenBatchFull: true,
              perJobResults: true,
              includeMetadata: true,
              ...(options.heartbeatRefreshSeconds
                ? { heartbeatRefreshSeconds: options.heartbeatRefreshSeconds }
                : {}),
            },
            async (jobs): Promise<JobResult[]> => {
              const settled = await handle(
                jobs.map((job) => ({
                  data: job.data,
                  attempt: {
                    retryCount: job.retryCount,
                    retryLimit: job.retryLimit,
                    last: job.retryCount >= job.retryLimit,
                  },
                })),
              ).catch((err: unknown) =>
                jobs.map((): PromiseSettledResult<unknown> => ({ status: 'rejected', reason: err })),
              );
              return settled.map((r, i) => {
                if (r.status === 'rejected')
                  app.log.error({ err: r.reason, queue: name, job: jobs[i]!.id }, 'job failed');
                return { id: jobs[i]!.id, status: r.status === 'fulfilled' ? 'completed' : 'failed' };
              });
            },
          );
          ids.push(id);
        }
        workers.set(name, ids);
      },
      async takeBack(tx, job, ids) {
        if (!ids.length) return [];
        const table = tables.get(job.name);
        if (!table) throw new Error(`${job.name}: queue not declared`);
        const { rows } = (await tx.execute(
          sql`delete from ${sql.identifier('pgboss')}.${sql.identifier(table)} where name = ${job.name} and id = any(${sql.param(ids)}::uuid[]) and state = 'created' returning id`,
        )) as unknown as { rows: { id: string }[] };
        return rows.map((r) => r.id);
      },
      async declare(name) {
        let found = await boss.getQueue(name);
        if (!found) {
          await boss.createQueue(name);
          found = (await boss.getQueue(name))!;
        }
        tables.set(name, found.table);
        // complete() on an id that cannot exist is a no-op that fills the queue cache.
        await boss.complete(name, '00000000-0000-0000-0000-000000000000');
      },
      wake(job) {
        const local = workers.get(job.name);
        if (local) for (const id of local) boss.notifyWorker(id);
        else if (database.kind === 'postgres') notify(job.name);
      },
    };
    app.decorate('queue', queue);
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: 20_000 });
    });
  },
  { name: 'queue', dependencies: ['database'] },
);
