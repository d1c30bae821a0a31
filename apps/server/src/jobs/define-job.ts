/**
 * A background job as data: its queue name, the zod schema of its payload, its retry policy, how many
 * run at once, and its handler with explicit dependencies. Each job is declared in the module whose work
 * it does (`modules/<name>/jobs/<job>.job.ts`, exported from the module's index.ts); `jobs/registry.ts`
 * lists every definition; `jobs/workers.ts` runs them; `queue.enqueue(tx, job, payload)` validates the
 * payload and enqueues it.
 */
import type { JobInsert } from 'pg-boss';
import { z } from 'zod';
import type { AppConfig } from '../config.ts';
import type { Deps } from '../deps.ts';

export interface JobDeps extends Deps {
  /** Aborted when the process shuts down: a long job stops between steps and pg-boss retries it later. */
  signal: AbortSignal;
}

/**
 * What enqueueing a job needs: its queue, payload schema and retry policy. A job whose own services
 * enqueue it again (a delivery's next attempt) keeps this part in a file of its own
 * (`<job>.queue.ts`), which the services import instead of the definition, so the handler can import
 * them without an import cycle.
 */
export interface JobQueue<Payload extends z.ZodType = z.ZodType> {
  /** The pg-boss queue. Jobs of this name may be waiting in the database: never rename it. */
  name: string;
  /** Checked when the job is enqueued and again when a worker picks it up. */
  payload: Payload;
  /** pg-boss retries a job whose handler throws: `limit` times, `delaySeconds` apart (doubling with `backoff`). */
  retry: { limit: number; delaySeconds: number; backoff?: boolean };
  /** An active job older than this is failed (and retried) by pg-boss: a process died in the middle of it. */
  expireInSeconds?: number;
  /**
   * pg-boss's heartbeat: the process running the job refreshes it every quarter of this (workers.ts),
   * and pg-boss's supervisor (about every minute) fails an active job not refreshed for this long, which
   * is then retried after its retry delay. A dead process's job runs again a few minutes at most after
   * it died, while a live one that is only slow keeps running until `expireInSeconds` (pg-boss's 15
   * minutes unless set).
   */
  heartbeatSeconds?: number;
}

/** Which try of its job a handler runs: pg-boss's retry count and limit. */
export interface JobAttempt {
  /** Retries before this one (0 on the first try). */
  retryCount: number;
  retryLimit: number;
  /** No retry follows if this try throws: a job that must leave a trace writes it now. */
  last: boolean;
}

export interface JobDefinition<Payload extends z.ZodType = z.ZodType> extends JobQueue<Payload> {
  /** Jobs one poller fetches and runs at once, and how many pollers each process runs (default 1). */
  concurrency: { batchSize: number | ((config: AppConfig) => number); pollers?: number };
  handle(payload: z.output<Payload>, deps: JobDeps, attempt?: JobAttempt): Promise<void>;
  /**
   * The jobs one poller fetched together, run as one call (optional: without it each job runs `handle`
   * on its own, all at once). Answers each job's outcome in the payloads' order: a rejected job is
   * retried by pg-boss, the others complete. The new-lead alerts use it, so the leads of several
   * captured groups fetched together make one e-mail per recipient instead of one per group.
   */
  handleBatch?(
    payloads: z.output<Payload>[],
    deps: JobDeps,
    attempts: JobAttempt[],
  ): Promise<PromiseSettledResult<unknown>[]>;
  /** Work repeated beside the workers (sweeps, clean-ups), only in processes that run workers. */
  every?: { seconds: number; run(deps: JobDeps): Promise<unknown> };
  /**
   * Set up beside the workers, only in processes that run them (the deliveries' direct hand-over);
   * `stop` is awaited when the process shuts down, before the queue stops.
   */
  start?(deps: JobDeps): { stop(): Promise<void> };
}

/** Keeps the payload type of the definition (a plain annotation would widen it to `unknown`). */
export const defineJob = <Payload extends z.ZodType>(job: JobDefinition<Payload>): JobDefinition<Payload> =>
  job;

/**
 * Periodic work (a sweep, a clean-up): `run` every `everySeconds` beside the workers, and the same run
 * when the job is enqueued (an operator, a test). No payload; one at a time.
 */
export function definePeriodicJob(job: {
  name: string;
  everySeconds: number;
  /** An active run older than this is failed (and retried) by pg-boss. */
  expireInSeconds: number;
  retry?: JobQueue['retry'];
  run(deps: JobDeps): Promise<unknown>;
}): JobDefinition<z.ZodObject<Record<string, never>>> {
  return {
    name: job.name,
    payload: emptyPayload,
    retry: job.retry ?? { limit: 2, delaySeconds: 60 },
    expireInSeconds: job.expireInSeconds,
    concurrency: { batchSize: 1 },
    async handle(_payload, deps) {
      await job.run(deps);
    },
    every: { seconds: job.everySeconds, run: job.run },
  };
}

/** Keeps the payload type of a queue declared apart from its job (see JobQueue). */
export const defineJobQueue = <Payload extends z.ZodType>(queue: JobQueue<Payload>): JobQueue<Payload> =>
  queue;

const emptyPayload = z.object({});

export type JobPayload<J extends JobQueue> = z.input<J['payload']>;

/** A payload that does not match its job's schema: a bug in the caller, never the visitor's input. */
export class InvalidJobPayload extends Error {
  override name = 'InvalidJobPayload';
  constructor(job: string, issues: z.core.$ZodIssue[]) {
    super(
      `Payload inválido para o job ${job}: ${issues.map((i) => `${i.path.join('.') || '(raiz)'} ${i.message}`).join('; ')}`,
    );
  }
}

export function parsePayload<J extends JobQueue>(job: J, payload: unknown): z.output<J['payload']> {
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(job.name, parsed.error.issues);
  return parsed.data as z.output<J['payload']>;
}

/** The pg-boss row of one job: the validated payload with the definition's retry policy. */
export function toJobInsert<J extends JobQueue>(
  job: J,
  payload: JobPayload<J>,
  options: { startAfter?: Date; id?: string } = {},
): JobInsert {
  return {
    ...(options.id ? { id: options.id } : {}),
    data: parsePayload(job, payload) as object,
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    ...(job.retry.backoff ? { retryBackoff: true } : {}),
    ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
    ...(job.heartbeatSeconds ? { heartbeatSeconds: job.heartbeatSeconds } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  };
}
