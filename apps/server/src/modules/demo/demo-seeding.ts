/**
 * The demo seed of a first start runs after the server answers (server.ts): the console, the welcome
 * page and the health checks do not wait for the demo's photos and 30 days of data. Until the seed
 * has committed, the one-click demo login and a sign-in as the demo user wait for it (a prospect who
 * clicks "Entrar na demonstração" at once gets in a few seconds later, as after a slow request);
 * past `waitMs` they answer 503 "A demonstração está sendo preparada" with a Retry-After, never a
 * wrong-password error or a 404 for a demo that is seconds away.
 */
import { HttpError } from '../../lib/http-errors.ts';
import { DEMO_EMAIL } from './seed-demo.ts';

export const DEMO_PREPARING_MESSAGE =
  'A demonstração está sendo preparada. Tente novamente em alguns segundos.';
/** Retry-After of the 503 (seconds). */
export const DEMO_PREPARING_RETRY_SECONDS = 5;

export interface DemoSeeding {
  /** True while a seed started by `start` runs. */
  readonly running: boolean;
  /** Runs the seed in the background; the promise settles with its result (a failure is rethrown). */
  start(seed: () => Promise<boolean>): Promise<boolean>;
  /** Waits (up to waitMs) for a running seed; then throws the 503 if it still runs. No-op otherwise. */
  ready(): Promise<void>;
  /** `ready()` when `email` is the demo login's; signing in as anyone else never waits. */
  readyFor(email: string): Promise<void>;
}

/** 8 s: under the console's 10 s request timeout, so the prospect sees the 503's message, not a timeout. */
export function createDemoSeeding({ waitMs = 8_000 }: { waitMs?: number } = {}): DemoSeeding {
  let running: Promise<unknown> | null = null;
  return {
    get running() {
      return running !== null;
    },
    start(seed) {
      const run = seed();
      running = run.catch(() => undefined);
      void running.then(() => {
        running = null;
      });
      return run;
    },
    async ready() {
      if (!running) return;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), waitMs);
      });
      const outcome = await Promise.race([running.then(() => 'done' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout')
        throw new HttpError(503, DEMO_PREPARING_MESSAGE, undefined, undefined, {
          'retry-after': String(DEMO_PREPARING_RETRY_SECONDS),
        });
    },
    async readyFor(email) {
      if (running && email.trim().toLowerCase() === DEMO_EMAIL) await this.ready();
    },
  };
}
