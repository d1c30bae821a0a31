import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { isSignOutState } from '../layouts/sign-out';

const GUARD_KEY = 'vitrine.server-page';

/**
 * A page the server renders itself (/, /blog, /blog/{slug}: the public site, outside the console
 * bundle). Reached by a navigation inside the console (a link, "Sair"), it is loaded from the server.
 * If the server answered with the console again (Vite's dev server serves the SPA everywhere), the
 * second arrival shows a link instead of reloading forever.
 */
export function ServerPageRoute() {
  const { pathname, search, hash, state } = useLocation();
  // Arriving from "Sair": RootLayout ends the session first, then drops the state.
  const signingOut = isSignOutState(state);
  const target = `${pathname}${search}${hash}`;
  const [looped, setLooped] = useState(false);
  useEffect(() => {
    if (signingOut) return;
    let last: string | null = null;
    try {
      last = sessionStorage.getItem(GUARD_KEY);
      sessionStorage.setItem(GUARD_KEY, `${Date.now()} ${target}`);
    } catch {
      /* no storage: no guard */
    }
    const [at, ...rest] = (last ?? '').split(' ');
    // The same page asked for again within seconds: the server handed back the console.
    if (rest.join(' ') === target && Date.now() - Number(at) < 5000) {
      setLooped(true);
      try {
        sessionStorage.removeItem(GUARD_KEY);
      } catch {
        /* ignore */
      }
      return;
    }
    window.location.replace(target);
  }, [target, signingOut]);
  if (!looped) return <PageSpinner />;
  return (
    <p className="p-8 text-center">
      Esta página é gerada pelo servidor. <a href={target}>Abrir {target}</a>
    </p>
  );
}
