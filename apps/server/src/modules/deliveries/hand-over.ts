/**
 * The direct hand-over (decision 004, issue 28): in a process that runs the delivery workers (`npm
 * start`, the production server, `npm run worker` does not capture), a captured group's first attempts
 * go straight to them once the group has committed, with the rows the capture holds. No job row is
 * written, fetched or completed, and nothing is read again. Past HAND_OVER_MAX attempts in flight, and
 * in processes without the workers (API replicas), the capture writes the group's jobs as before.
 *
 * What keeps a lead from being lost: the deliveries are committed with the lead, `pending` and due, so
 * a process killed between the commit and the attempt's record leaves them to the sweep
 * (rescue-overdue-deliveries.ts, every 30 s), which enqueues a delivery two minutes overdue again. The
 * attempt's guard on `(status, attempts)` makes a second attempt harmless; the webhook-id stays the same.
 */
import type { JobDeps } from '../../jobs/define-job.ts';
import type { Queue } from '../../plugins/queue.ts';
import { attemptFirstDeliveries, type PreparedAttempt } from './attempt-delivery.ts';
import { DELIVERY_GROUP_MAX } from './jobs/lead-delivery.queue.ts';

export interface DeliveryHandOver {
  /** Whether `count` more first attempts fit now (false once the process is shutting down). */
  room(count: number): boolean;
  /** Runs committed first attempts now; an attempt that fails unexpectedly goes back as a job. */
  run(attempts: PreparedAttempt[]): void;
}

/** Per queue (one per app): the capture finds its process's hand-over through the queue it writes to. */
const handOvers = new WeakMap<Queue, DeliveryHandOver>();

/** This process's hand-over, if it runs the delivery workers. */
export function deliveryHandOverOf(queue: Queue): DeliveryHandOver | undefined {
  return handOvers.get(queue);
}

/**
 * Starts the hand-over beside the delivery workers (lead-delivery.job.ts `start`). Attempts in flight
 * are bounded as the workers' own are (two pollers × DELIVERY_CONCURRENCY jobs × DELIVERY_GROUP_MAX);
 * at shutdown, new groups get jobs again and the attempts in flight are awaited (up to 20 s, as the
 * queue's own graceful stop).
 */
export function startDeliveryHandOver(deps: JobDeps): { stop(): Promise<void> } {
  const max = 2 * deps.config.DELIVERY_CONCURRENCY * DELIVERY_GROUP_MAX;
  let inFlight = 0;
  let stopping = false;
  const running = new Set<Promise<void>>();
  const handOver: DeliveryHandOver = {
    room: (count) => !stopping && inFlight + count <= max,
    run(attempts) {
      if (!attempts.length) return;
      inFlight += attempts.length;
      const run = attemptFirstDeliveries(deps, attempts)
        .catch((err: unknown) =>
          // Not even a job could be written for the failed ones: the sweep finds them, two minutes late.
          deps.log.error({ err, deliveries: attempts.length }, 'delivery hand-over failed'),
        )
        .finally(() => {
          inFlight -= attempts.length;
          running.delete(run);
        });
      running.add(run);
    },
  };
  handOvers.set(deps.queue, handOver);
  return {
    async stop() {
      stopping = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => (timer = setTimeout(resolve, 20_000).unref())),
      ]);
      clearTimeout(timer);
      handOvers.delete(deps.queue);
    },
  };
}
