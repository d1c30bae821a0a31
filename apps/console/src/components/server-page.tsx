import { useEffect, useState } from 'react';
import { useNavigationType } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { leaveFor } from '@/lib/leave-for';

const GUARD_KEY = 'vitrine.server-page';

/**
 * Loads `target`, a page the server renders itself, with a full navigation. If the server answered
 * with the console again (Vite's dev server serves the SPA everywhere), the second arrival shows a
 * link instead of reloading forever. Only an arrival by loading the document (or by history) can be
 * that: a navigation inside the console (a redirect to /entrar a second time) always leaves. `hold`: stay on the spinner (the caller has something to finish).
 */
export function ServerPage({ target, hold = false }: { target: string; hold?: boolean }) {
  const [looped, setLooped] = useState(false);
  const loaded = useNavigationType() === 'POP';
  useEffect(() => {
    if (hold) return;
    let last: string | null = null;
    try {
      last = sessionStorage.getItem(GUARD_KEY);
      sessionStorage.setItem(GUARD_KEY, `${Date.now()} ${target}`);
    } catch {
      /* no storage: no guard */
    }
    const [at, ...rest] = (last ?? '').split(' ');
    // The same page asked for again within seconds: the server handed back the console.
    if (loaded && rest.join(' ') === target && Date.now() - Number(at) < 5000) {
      setLooped(true);
      try {
        sessionStorage.removeItem(GUARD_KEY);
      } catch {
        /* ignore */
      }
      return;
    }
    leaveFor(target);
  }, [target, hold, loaded]);
  if (!looped) return <PageSpinner />;
  return (
    <p className="p-8 text-center">
      Esta página é gerada pelo servidor. <a href={target}>Abrir {target}</a>
    </p>
  );
}
