/**
 * The direct hand-over (decision 004, issue 28): in a process that runs the delivery workers (`npm
 * start`, the production server; a worker process for the leads its own jobs capture), a captured
 * group's first attempts go straight to them once the group has committed, with the rows the capture
 * holds. No job row is written, fetched or completed, and nothing is read again. Past its room
 * (startDeliveryHandOver), in processes without the workers (API replicas) and at shutdown, the
 * capture writes the group's jobs.
 *
 * What keeps a lead from being lost: the deliveries are committed with the lead, `pending` and due, so
 * a process killed between the commit and the attempt's record leaves them to the sweep
 * (rescue-overdue-deliveries.ts, every 30 s), which enqueues a delivery two minutes overdue again. The
 * attempt's guard on `(status, attempts)` makes a second attempt harmless; the webhook-id stays the same.
 */
import type { JobDeps } from '../../jobs/define-job.ts';
import type { Queue } from '../../plugins/queue.ts';
import { handOverRoom } from '../../lib/hand-over-room.ts';
import { attemptFirstDeliveries, type PreparedAttempt } from './attempt-delivery.ts';
import { DELIVERY_GROUP_MAX, deliveryGroupPayloads, leadDeliveryQueue } from './jobs/lead-delivery.queue.ts';

export interface DeliveryHandOver {
  /**
   * Reserves room for `count` first attempts (false: none; the group writes its jobs). A reservation
   * is either run (`run`) once its group commits or given back (`release`) if the group fails.
   */
  reserve(count: number): boolean;
  /** Gives back a reservation whose group did not commit. */
  release(count: number): void;
  /** Runs a committed group's reserved first attempts; an attempt that fails unexpectedly goes back as a job. */
  run(attempts: PreparedAttempt[]): void;
}

/** Per queue (one per app): the capture finds its process's hand-over through the queue it writes to. */
const handOvers = new WeakMap<Queue, DeliveryHandOver>();

/** This process's hand-over, if it runs the delivery workers. */
export function deliveryHandOverOf(queue: Queue): DeliveryHandOver | undefined {
  return handOvers.get(queue);
}

/** How long a shutdown waits for the attempts in flight: under server.ts's 10 s forced exit. */
const STOP_WAIT_MS = 8_000;

/**
 * Starts the hand-over beside the delivery workers (lead-delivery.job.ts `start`). Its attempts in
 * flight are bounded as the workers' own are (two pollers × DELIVERY_CONCURRENCY jobs ×
 * DELIVERY_GROUP_MAX), in addition to them. At shutdown it reserves no more room (new groups commit
 * with their jobs); a group that reserved before and commits after gets its jobs then, and the
 * attempts and jobs in flight are awaited, up to STOP_WAIT_MS.
 */
export function startDeliveryHandOver(deps: JobDeps): { stop(): Promise<void> } {
  /** Attempts reserved or running. */
  const room = handOverRoom(2 * deps.config.DELIVERY_CONCURRENCY * DELIVERY_GROUP_MAX);
  /** A reserved group that committed during the shutdown: its jobs, as the capture would have written them. */
  const enqueue = (attempts: PreparedAttempt[]) =>
    deps.db.transaction((tx) =>
      deps.queue.enqueueMany(
        tx,
        leadDeliveryQueue,
        deliveryGroupPayloads(attempts.map((a) => (typeof a === 'string' ? a : a.delivery.id))),
      ),
    );
  const handOver: DeliveryHandOver = {
    reserve: (count) => room.reserve(count),
    release: (count) => room.release(count),
    run(attempts) {
      if (!attempts.length) return;
      room.hold(
        attempts.length,
        (room.stopping ? enqueue(attempts) : attemptFirstDeliveries(deps, attempts)).catch((err: unknown) =>
          // Not even a job could be written for the failed ones: the sweep finds them, two minutes late.
          deps.log.error({ err, deliveries: attempts.length }, 'delivery hand-over failed'),
        ),
      );
    },
  };
  handOvers.set(deps.queue, handOver);
  // Until every reserved group has committed (or failed) and every attempt or job insert has ended.
  return { stop: () => room.stop(STOP_WAIT_MS) };
}
