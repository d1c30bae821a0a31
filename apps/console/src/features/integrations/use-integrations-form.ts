/**
 * The Integrações form as a hook: the pure reducer of integrations-state.ts plus the calls around it
 * (docs/product.md#integration-auto-save). Each integration auto-saves INTEGRATION_AUTOSAVE_DELAY_MS after
 * its own last edit, its saves chained so that they reach the server in order (useRowAutoSave).
 */
import { INTEGRATION_AUTOSAVE_DELAY_MS } from '@vitrine/contracts/constants';
import { INTEGRATION_NAMES, type IntegrationName, type IntegrationView } from '@vitrine/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { useRowAutoSave } from '@/lib/use-row-auto-save';
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

export function useIntegrationsForm(initial: IntegrationView[], gateway: IntegrationsGateway) {
  const [state, dispatch] = useReducer(integrationsReducer, initial, initIntegrationsState);
  const [isTesting, setIsTesting] = useState(false);

  // Saves and tests read the latest state and gateway, not the ones of their render.
  const stateRef = useRef(state);
  const gatewayRef = useRef(gateway);
  useLayoutEffect(() => {
    stateRef.current = state;
    gatewayRef.current = gateway;
  });
  const testing = useRef(false);

  /** Saves one integration from the latest state; `quiet` skips the success toast. */
  const saveIntegration = useCallback(
    async (name: IntegrationName, { quiet }: { quiet: boolean }): Promise<boolean> => {
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
    },
    [],
  );
  const {
    schedule,
    cancel,
    flush: flushRows,
  } = useRowAutoSave(saveIntegration, {
    delayMs: INTEGRATION_AUTOSAVE_DELAY_MS,
  });

  // (Re)start an integration's timer on each of its edits, while a save is due
  // (docs/product.md#integration-auto-save).
  const scheduledRevision = useRef<Partial<Record<IntegrationName, number>>>({});
  useEffect(() => {
    for (const name of INTEGRATION_NAMES) {
      const entry = state[name];
      if (scheduledRevision.current[name] === entry.revision) continue;
      scheduledRevision.current[name] = entry.revision;
      if (shouldAutoSave(entry)) schedule(name);
      else cancel(name);
    }
  }, [state, schedule, cancel]);

  /** Sends every edit still waiting for its timer and waits for saves in flight. False if one failed. */
  const flush = useCallback(
    () => flushRows(INTEGRATION_NAMES.filter((name) => shouldAutoSave(stateRef.current[name]))),
    [flushRows],
  );

  const edit = useCallback((name: IntegrationName, payload: AnyPayload) => {
    dispatch({ type: 'edit', name, payload });
  }, []);

  /** Takes the server's halt facts (paused/disabled after a refused delivery) without touching the form. */
  const refreshHalted = useCallback((views: IntegrationView[]) => {
    dispatch({ type: 'haltedRefreshed', views });
  }, []);

  /** 'Testar Integrações' (docs/product.md#integration-test). */
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
