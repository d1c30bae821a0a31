import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Leaving with unsaved changes asks first: in the app (the router's blocker, for the editor's
 * "Sair sem salvar?" dialog) and when closing the tab. `allowLeaving()` lets one navigation through
 * (after deleting the page).
 */
export function useLeaveGuard(isDirty: boolean) {
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);
  return {
    blocker,
    allowLeaving: () => {
      leaving.current = true;
    },
  };
}
