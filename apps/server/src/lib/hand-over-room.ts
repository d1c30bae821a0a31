/**
 * The room of a direct hand-over (deliveries/hand-over.ts, leads/alert-hand-over.ts): work a capture
 * group reserves before its write, runs once it commits (or gives back if it fails), bounded by `max`,
 * and awaited at shutdown, when no more is reserved.
 */
export interface HandOverRoom {
  /** Reserves `count` (false: none; past the room, or stopping). */
  reserve(count: number): boolean;
  /** Gives back a reservation whose group did not commit. */
  release(count: number): void;
  /** Work that holds `count` of the room until it settles (it must not reject). */
  hold(count: number, work: Promise<void>): void;
  /** Shutting down: nothing more is reserved. */
  readonly stopping: boolean;
  /**
   * Stops reserving and waits until every reservation has run (or been given back) and every work held
   * has settled, up to `waitMs` (under server.ts's 10 s forced exit).
   */
  stop(waitMs: number): Promise<void>;
}

export function handOverRoom(max: number): HandOverRoom {
  /** Reserved or running. */
  let taken = 0;
  let stopping = false;
  const running = new Set<Promise<void>>();
  return {
    reserve(count) {
      if (stopping || taken + count > max) return false;
      taken += count;
      return true;
    },
    release(count) {
      taken -= count;
    },
    hold(count, work) {
      const run = work.finally(() => {
        taken -= count;
        running.delete(run);
      });
      running.add(run);
    },
    get stopping() {
      return stopping;
    },
    async stop(waitMs) {
      stopping = true;
      const deadline = Date.now() + waitMs;
      while (taken > 0 && Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => (timer = setTimeout(resolve, Math.min(50, deadline - Date.now())))),
        ]);
        clearTimeout(timer);
      }
    },
  };
}
