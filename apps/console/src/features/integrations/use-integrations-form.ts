/**
 * The Integrações form as a hook: the pure reducer of integrations-state.ts plus the timers and
 * calls around it (spec §4). Each integration auto-saves INTEGRATION_AUTOSAVE_DELAY_MS after its
 * own last edit; saves of one integration are chained so that they reach the server in order.
 */
import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import { INTEGRATION_NAMES, type IntegrationName, type IntegrationView } from '@vitrine/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import type { SaveIntegrationInput } from './api/save-integration';
import { testResultsOf, type IntegrationsTestOutcome } from './api/test-integrations';
import {
  initIntegrationsState,
  integrationsReducer,
  shouldAutoSave,
  type AnyPayload,
} from './integrations-state';
import { MESSAGES } from './messages';
import { payloadFieldErrors, serverMessage } from './server-message';

/** The two calls the form makes, bound to the selected real estate (injected so tests can fake them). */
export interface IntegrationsGateway {
  save: (body: SaveIntegrationInput) => Promise<IntegrationView>;
  test: () => Promise<IntegrationsTestOutcome>;
}

type Timer = ReturnType<typeof setTimeout>;

export function useIntegrationsForm(initial: IntegrationView[], gateway: IntegrationsGateway) {
  const [state, dispatch] = useReducer(integrationsReducer, initial, initIntegrationsState);
  const [isTesting, setIsTesting] = useState(false);

  // Timers and in-flight saves read the latest state and gateway, not the ones of their render.
  const stateRef = useRef(state);
  const gatewayRef = useRef(gateway);
  useLayoutEffect(() => {
    stateRef.current = state;
    gatewayRef.current = gateway;
  });

  const timers = useRef(new Map<IntegrationName, Timer>());
  /** Saves queued or in flight, per integration; removed once settled. */
  const chains = useRef(new Map<IntegrationName, Promise<boolean>>());
  const scheduledRevision = useRef<Partial<Record<IntegrationName, number>>>({});
  const testing = useRef(false);

  /**
   * Saves one integration now (dropping its pending timer), after any save of it still in flight.
   * Resolves true when saved or when nothing was left to save. `quiet` skips the success toast.
   */
  const save = useCallback((name: IntegrationName, { quiet = false } = {}): Promise<boolean> => {
    const timer = timers.current.get(name);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(name);

    const run = async (): Promise<boolean> => {
      const entry = stateRef.current[name];
      if (!shouldAutoSave(entry)) return true;
      dispatch({ type: 'saveStarted', name });
      try {
        const saved = await gatewayRef.current.save({
          name,
          is_active: entry.is_active,
          payload: entry.payload,
        });
        dispatch({ type: 'saveSucceeded', name, saved });
        if (!quiet) toast(MESSAGES.saved);
        return true;
      } catch (error) {
        const message = serverMessage(error) ?? MESSAGES.saveFailed.description;
        dispatch({ type: 'saveFailed', name, message, fieldErrors: payloadFieldErrors(error) });
        toast({ ...MESSAGES.saveFailed, description: message });
        return false;
      }
    };
    const next = (chains.current.get(name) ?? Promise.resolve(true)).then(run, run);
    chains.current.set(name, next);
    void next.finally(() => {
      if (chains.current.get(name) === next) chains.current.delete(name);
    });
    return next;
  }, []);

  // (Re)start an integration's timer on each of its edits, while a save is due (spec §4).
  useEffect(() => {
    for (const name of INTEGRATION_NAMES) {
      const entry = state[name];
      if (scheduledRevision.current[name] === entry.revision) continue;
      scheduledRevision.current[name] = entry.revision;
      const timer = timers.current.get(name);
      if (timer !== undefined) clearTimeout(timer);
      timers.current.delete(name);
      if (shouldAutoSave(entry)) {
        timers.current.set(
          name,
          setTimeout(() => {
            timers.current.delete(name);
            void save(name);
          }, INTEGRATION_AUTOSAVE_DELAY_MS),
        );
      }
    }
  }, [state, save]);

  // Leaving the screen with an edit still waiting for its timer: save it now.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const name of [...pending.keys()]) void save(name);
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

  /** Sends every edit still waiting for its timer and waits for saves in flight. False if one failed. */
  const flush = useCallback(async (): Promise<boolean> => {
    for (const name of INTEGRATION_NAMES) {
      if (timers.current.has(name) || shouldAutoSave(stateRef.current[name]))
        void save(name, { quiet: true });
    }
    const results = await Promise.all([...chains.current.values()]);
    return results.every(Boolean);
  }, [save]);

  const edit = useCallback((name: IntegrationName, payload: AnyPayload) => {
    dispatch({ type: 'edit', name, payload });
  }, []);

  /** Takes the server's halt facts (paused/disabled after a refused delivery) without touching the form. */
  const refreshHalted = useCallback((views: IntegrationView[]) => {
    dispatch({ type: 'haltedRefreshed', views });
  }, []);

  /** 'Testar Integrações' (spec §4 "Test flow", messages of §8). */
  const runTest = useCallback(async () => {
    if (testing.current) return;
    testing.current = true;
    setIsTesting(true);
    toast(MESSAGES.testing);
    try {
      // The server tests what it has stored: send pending edits first. When one of them cannot be
      // saved, its error toast stays and nothing is tested (the result would describe old settings).
      if (!(await flush())) return;
      try {
        const outcome = await gatewayRef.current.test();
        dispatch({ type: 'testSucceeded', results: outcome.results, at: new Date().toISOString() });
        toast(MESSAGES.tested);
      } catch (error) {
        dispatch({ type: 'testFailed', results: testResultsOf(error), at: new Date().toISOString() });
        toast({
          ...MESSAGES.testFailed,
          description: serverMessage(error) ?? MESSAGES.testFailed.description,
        });
      }
    } finally {
      testing.current = false;
      setIsTesting(false);
    }
  }, [flush]);

  return { state, edit, flush, runTest, isTesting, refreshHalted };
}
