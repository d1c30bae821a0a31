/**
 * The alerts' direct hand-over (issue 28), beside the lead-alert workers (`npm start`, the production
 * server; a worker process for the leads it captures itself). A captured group still commits its alert
 * job, but one that starts only ALERT_HAND_OVER_GRACE_SECONDS later; once the group has committed, its
 * alerts are sent from the rows the capture holds (no job fetched, nothing read again), together with
 * the groups committed within the next ALERT_HAND_OVER_WINDOW_MS (one e-mail per recipient for up to
 * DIGEST_MAX_LEADS leads), and the jobs are taken back (deleted while they still wait) in the
 * transaction that queues the failed e-mails' retries and the visitors' auto-replies (sendGroupAlerts).
 *
 * What keeps an alert from being lost is that job. A process killed before taking it back leaves it to
 * any worker, which runs it when it starts (the alert comes two minutes late); an e-mail sent by a
 * process killed before the take-back is sent again: at least once, never not at all. A send that
 * outlasts the grace (an SMTP server stalled for minutes) may meet its job's run: the alert goes twice,
 * the retries and auto-replies once (only whoever took the job queues them). In processes without the
 * workers (API replicas), past the hand-over's room and at shutdown, the job starts at once, as before.
 */
import type { JobDeps } from '../../jobs/define-job.ts';
import { handOverRoom } from '../../lib/hand-over-room.ts';
import type { Queue } from '../../plugins/queue.ts';
import { DIGEST_MAX_LEADS, sendGroupAlerts, type AlertRow } from './send-lead-alert.ts';
import { leadAlertQueue } from './jobs/lead-alert.queue.ts';

/** How long a handed-over group's job waits before any worker may run it. */
export const ALERT_HAND_OVER_GRACE_SECONDS = 120;
/** How long a committed group's alerts wait for other groups' (a burst: one e-mail per recipient). */
export const ALERT_HAND_OVER_WINDOW_MS = 100;
/** Leads whose alerts are reserved, waiting or being sent, at most; past it a group's job starts at once. */
const MAX_LEADS = 2_000;
/** How long a shutdown waits for the alerts in flight: under server.ts's 10 s forced exit. */
const STOP_WAIT_MS = 8_000;

export interface AlertHandOver {
  /**
   * Reserves room for `count` leads' alerts (false: none; the group's job starts at once). A reservation
   * is either run (`run`) once its group commits or given back (`release`) if the group fails.
   */
  reserve(count: number): boolean;
  /** Gives back a reservation whose group did not commit. */
  release(count: number): void;
  /** A committed group's alerts: its job's id and its alerted leads' rows (as many as reserved). */
  run(group: { jobId: string; rows: AlertRow[] }): void;
}

/** Per queue (one per app): the capture finds its process's hand-over through the queue it writes to. */
const handOvers = new WeakMap<Queue, AlertHandOver>();

/** This process's alert hand-over, if it runs the lead-alert workers. */
export function alertHandOverOf(queue: Queue): AlertHandOver | undefined {
  return handOvers.get(queue);
}

/** When a handed-over group's job may start without the hand-over. */
export const alertJobStart = (now: Date) => new Date(now.getTime() + ALERT_HAND_OVER_GRACE_SECONDS * 1000);

/**
 * Starts the hand-over beside the lead-alert workers (lead-alert.job.ts `start`). At shutdown it
 * reserves no more room (new groups' jobs start at once), sends what waits at once and awaits the sends
 * in flight, up to STOP_WAIT_MS; a group that reserved before and commits after is sent at its commit.
 */
export function startAlertHandOver(deps: JobDeps): { stop(): Promise<void> } {
  /** Leads reserved, waiting or being sent. */
  const room = handOverRoom(MAX_LEADS);
  /** Committed groups waiting for the window's end. */
  let waiting: { jobId: string; rows: AlertRow[] }[] = [];
  let waitingLeads = 0;
  let timer: NodeJS.Timeout | undefined;

  /** Sends the waiting groups, whole groups of up to DIGEST_MAX_LEADS leads per send. */
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const groups = waiting;
    waiting = [];
    waitingLeads = 0;
    while (groups.length) {
      const batch = [groups.shift()!];
      let count = batch[0]!.rows.length;
      while (groups.length && count + groups[0]!.rows.length <= DIGEST_MAX_LEADS) {
        count += groups[0]!.rows.length;
        batch.push(groups.shift()!);
      }
      send(batch, count);
    }
  };
  const send = (batch: { jobId: string; rows: AlertRow[] }[], count: number) => {
    const rows = batch.flatMap((g) => g.rows);
    const jobOf = new Map(batch.flatMap((g) => g.rows.map((r) => [r.lead.id, g.jobId] as const)));
    room.hold(
      count,
      sendGroupAlerts(
        deps,
        rows.map((r) => r.lead.id),
        {
          read: rows,
          // The groups' jobs taken back: the leads of those this process took are its own to follow up.
          end: async (tx) => {
            const took = new Set(
              await deps.queue.takeBack(
                tx,
                leadAlertQueue,
                batch.map((g) => g.jobId),
              ),
            );
            return new Set([...jobOf].filter(([, jobId]) => took.has(jobId)).map(([leadId]) => leadId));
          },
        },
      ).catch((err: unknown) =>
        // Their jobs are still there: they send the alerts when they start.
        deps.log.error({ err, leads: count }, 'alert hand-over failed; the jobs send the alerts'),
      ),
    );
  };

  const handOver: AlertHandOver = {
    reserve: (count) => room.reserve(count),
    release: (count) => room.release(count),
    run(group) {
      if (!group.rows.length) return;
      waiting.push(group);
      waitingLeads += group.rows.length;
      if (room.stopping || waitingLeads >= DIGEST_MAX_LEADS) flush();
      else timer ??= setTimeout(flush, ALERT_HAND_OVER_WINDOW_MS);
    },
  };
  handOvers.set(deps.queue, handOver);
  return {
    async stop() {
      // What waits is sent now; then, until every reserved group has committed (or failed) and every
      // send has ended.
      const stopped = room.stop(STOP_WAIT_MS);
      flush();
      await stopped;
    },
  };
}
