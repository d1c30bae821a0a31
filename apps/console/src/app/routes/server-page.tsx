import { useLocation } from 'react-router';
import { ServerPage } from '@/components/server-page';
import { isSignOutState } from '../layouts/sign-out';

/**
 * A page the server renders itself (/, /blog, /blog/{slug}: the public site, outside the console
 * bundle). Reached by a navigation inside the console (a link, "Sair"), it is loaded from the server.
 */
export function ServerPageRoute() {
  const { pathname, search, hash, state } = useLocation();
  // Arriving from "Sair": RootLayout ends the session first, then drops the state.
  return <ServerPage target={`${pathname}${search}${hash}`} hold={isSignOutState(state)} />;
}
