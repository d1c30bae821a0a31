/**
 * Group commit, shared by the two public hot paths (lead capture and analytics beacons): requests that
 * arrive while a transaction is being prepared share the next one (multi-row statements, one round
 * trip each), so a burst costs a few transactions, not one per request. Every caller gets its answer
 * only after the commit that holds its item — nothing acknowledged lives only in memory. If a shared
 * batch fails, its items are retried one by one, so one bad item never fails the others.
 */

export interface GroupCommitOptions<I, R> {
  /** Stores a batch (in one transaction) and answers each item, in order. */
  run: (items: I[]) => Promise<R[]>;
  /** After a batch committed (wake workers and the like). */
  committed?: (results: R[]) => void;
  /** Items per transaction. */
  maxBatch?: number;
  /** Shared transactions at once; items arriving meanwhile wait for the next one. */
  maxInFlight?: number;
  /** Items with the same key are never in two batches at once (they wait for the next one). */
  keyOf?: (item: I) => string;
}

interface Waiting<I, R> {
  input: I;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

export class GroupCommit<I, R> {
  private queue: Waiting<I, R>[] = [];
  private scheduled = false;
  private inFlight = 0;
  /** Keys of the items in the batches being stored. */
  private busy = new Set<string>();
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(private readonly opts: GroupCommitOptions<I, R>) {
    this.maxBatch = opts.maxBatch ?? 100;
    this.maxInFlight = opts.maxInFlight ?? 4;
  }

  submit(input: I): Promise<R> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.inFlight >= this.maxInFlight || !this.queue.length) return;
    this.scheduled = true;
    // Wait for the current tick's arrivals, so they share the transaction.
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.take();
      if (!batch.length) return;
      const keys = this.opts.keyOf ? new Set(batch.map((w) => this.opts.keyOf!(w.input))) : null;
      for (const k of keys ?? []) this.busy.add(k);
      this.inFlight++;
      this.runBatch(batch)
        // runBatch() settles every waiting item itself; should it throw anyway, nobody is left waiting
        // (rejecting an already settled item does nothing).
        .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
        .finally(() => {
          for (const k of keys ?? []) this.busy.delete(k);
          this.inFlight--;
          this.schedule();
        });
      this.schedule();
    });
  }

  /** The next batch: the oldest items, skipping those whose key is in a batch being stored. */
  private take(): Waiting<I, R>[] {
    const keyOf = this.opts.keyOf;
    if (!keyOf || !this.busy.size) return this.queue.splice(0, this.maxBatch);
    const batch: Waiting<I, R>[] = [];
    const rest: Waiting<I, R>[] = [];
    for (const w of this.queue)
      (batch.length < this.maxBatch && !this.busy.has(keyOf(w.input)) ? batch : rest).push(w);
    this.queue = rest;
    return batch;
  }

  private async runBatch(batch: Waiting<I, R>[]) {
    try {
      const results = await this.opts.run(batch.map((w) => w.input));
      this.afterCommit(results);
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) {
        try {
          const results = await this.opts.run([w.input]);
          this.afterCommit(results);
          w.resolve(results[0]!);
        } catch (e) {
          w.reject(e);
        }
      }
    }
  }

  /**
   * `committed`, which must never make a committed batch look failed: that would store its items again,
   * one by one. What it throws (a bug) is reported as a process warning, on stderr.
   */
  private afterCommit(results: R[]) {
    try {
      this.opts.committed?.(results);
    } catch (err) {
      process.emitWarning(err instanceof Error ? err : new Error(String(err)), 'GroupCommitWarning');
    }
  }
}

/**
 * A function that submits one item to its app's group-commit queue: one queue per `deps` object (one
 * per app, created on first use), every item of that app arriving together shares `run`.
 */
export function groupedPerApp<D extends object, I, R>(
  run: (deps: D, items: I[]) => Promise<R[]>,
  options: Omit<GroupCommitOptions<I, R>, 'run'> = {},
): (deps: D, item: I) => Promise<R> {
  const queues = new WeakMap<D, GroupCommit<I, R>>();
  return (deps, item) => {
    let queue = queues.get(deps);
    if (!queue) {
      queue = new GroupCommit<I, R>({ ...options, run: (items) => run(deps, items) });
      queues.set(deps, queue);
    }
    return queue.submit(item);
  };
}

/**
 * A function that submits one item to the queue of its key (per process, created on first use): the
 * items of one key arriving together share `run`, items of different keys never do. Past `maxKeys`
 * queues the map is forgotten and starts again (the batches under way still answer their items).
 * The outbound batchers use it: the ad platforms' events of one connection share a request.
 */
export function groupedByKey<I, R>(
  keyOf: (item: I) => string,
  run: (items: I[]) => Promise<R[]>,
  options: Omit<GroupCommitOptions<I, R>, 'run' | 'keyOf'> & { maxKeys?: number } = {},
): (item: I) => Promise<R> {
  const { maxKeys = 1_000, ...rest } = options;
  const queues = new Map<string, GroupCommit<I, R>>();
  return (item) => {
    const key = keyOf(item);
    let queue = queues.get(key);
    if (!queue) {
      if (queues.size >= maxKeys) queues.clear();
      queue = new GroupCommit<I, R>({ ...rest, run });
      queues.set(key, queue);
    }
    return queue.submit(item);
  };
}
