/**
 * Auto-save of a form made of rows (an integration, a preference), the way Integrações and
 * Configurações save:
 *
 * - each row saves `delayMs` after its own last edit (`schedule`), or at once when its field loses
 *   focus with an edit waiting (`blur`);
 * - saves of one row are chained, so they reach the server in order: a change made while the row is
 *   saving waits for that save, then is sent;
 * - an edit still waiting is saved when the screen is left, and closing the tab while a save is
 *   waiting or in flight asks the browser to confirm;
 * - `flush` sends every waiting edit and waits for the saves in flight (before a test of what the
 *   server stored).
 *
 * What a row holds and shows (its status, its error, what is due) belongs to the form: `saveRow`
 * saves one row from the form's latest state and resolves false when it failed (the form keeps the
 * error; the next edit, blur or flush tries again).
 */
import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

export interface RowSaveOptions {
  /** Saved on the way to something else (a flush): the form skips its success message. */
  quiet?: boolean;
}

/** Saves one row now; resolves true when saved or when nothing was left to save. */
export type SaveRow<K extends string> = (key: K, options: Required<RowSaveOptions>) => Promise<boolean>;

type Timer = ReturnType<typeof setTimeout>;

export function useRowAutoSave<K extends string>(
  saveRow: SaveRow<K>,
  { delayMs = INTEGRATION_AUTOSAVE_DELAY_MS }: { delayMs?: number } = {},
) {
  // Timers and queued saves call the latest saveRow (reading the latest state), not their render's.
  const saveRowRef = useRef(saveRow);
  useLayoutEffect(() => {
    saveRowRef.current = saveRow;
  });

  const timers = useRef(new Map<K, Timer>());
  /** Saves queued or in flight, per row; removed once settled. */
  const chains = useRef(new Map<K, Promise<boolean>>());

  /** Drops a row's waiting timer (nothing is due any more). */
  const cancel = useCallback((key: K) => {
    const timer = timers.current.get(key);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(key);
  }, []);

  /** Saves one row now (dropping its timer), after any save of it still in flight. */
  const save = useCallback(
    (key: K, { quiet = false }: RowSaveOptions = {}): Promise<boolean> => {
      cancel(key);
      const run = () => saveRowRef.current(key, { quiet });
      const next = (chains.current.get(key) ?? Promise.resolve(true)).then(run, run);
      chains.current.set(key, next);
      // Settling only tidies the map up; saveRow reports its own failures.
      void next.finally(() => {
        if (chains.current.get(key) === next) chains.current.delete(key);
      });
      return next;
    },
    [cancel],
  );

  /** (Re)starts a row's timer: it saves `delayMs` after its last edit. */
  const schedule = useCallback(
    (key: K) => {
      cancel(key);
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          // Failures are the form's to show (saveRow keeps them in the row).
          void save(key);
        }, delayMs),
      );
    },
    [cancel, save, delayMs],
  );

  /** A row's field lost focus: save it now if an edit is waiting. */
  const blur = useCallback(
    (key: K) => {
      // Failures are the form's to show (saveRow keeps them in the row).
      if (timers.current.has(key)) void save(key);
    },
    [save],
  );

  /**
   * Sends every edit still waiting for its timer (and the rows in `due`, whose save failed or has
   * not started), quietly, and waits for every save in flight. False if one failed.
   */
  const flush = useCallback(
    async (due: readonly K[] = []): Promise<boolean> => {
      // Each save's outcome is awaited below, through the chains.
      for (const key of new Set([...timers.current.keys(), ...due])) void save(key, { quiet: true });
      const results = await Promise.all([...chains.current.values()]);
      return results.every(Boolean);
    },
    [save],
  );

  // Leaving the screen with an edit still waiting for its timer: save it now.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      // Nobody is left to show the outcome; the save itself still reaches the server.
      for (const key of [...pending.keys()]) void save(key);
    };
  }, [save]);

  // Closing the tab while a save is waiting or in flight: ask the browser to confirm.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (timers.current.size > 0 || chains.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return { schedule, cancel, save, blur, flush };
}
