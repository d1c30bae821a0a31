import { paths } from '@vitrine/contracts/paths';
import { STORAGE_LOGIN_HANDOVER_KEY, type LoginHandover } from '@vitrine/contracts/constants';
import { useLocation, type Location } from 'react-router';
import { ServerPage } from '@/components/server-page';

export interface LoginLocationState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** Pre-filled e-mail (after a password reset). */
  prefill?: { email: string; password: string };
  /** Arrived here because the server ended the session (401). */
  expired?: boolean;
}

/** Where to go after signing in: the protected page the visitor came from (none: the dashboard). */
function destination(state: LoginLocationState): string | undefined {
  const from = state.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.loginAlias)
    return undefined;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** What the sign-in form is told (STORAGE_LOGIN_HANDOVER_KEY); without storage it opens on the dashboard. */
function handOver(state: LoginLocationState) {
  const handover: LoginHandover = {
    next: destination(state),
    expired: state.expired === true,
    email: state.prefill?.email,
  };
  try {
    sessionStorage.setItem(STORAGE_LOGIN_HANDOVER_KEY, JSON.stringify(handover));
  } catch {
    /* no storage: the form opens as a plain /entrar */
  }
}

/**
 * /entrar and /login inside the console: the sign-in form is the public site's, rendered by the
 * server (decision 013), so a navigation of the console to it (a protected page while signed out, an
 * expired session, a link) loads it from there, at the same address, handing over where to go back,
 * whether the session expired and the e-mail to fill in.
 */
export function LoginRoute() {
  const { pathname, search, state } = useLocation();
  const s = (state ?? null) as LoginLocationState | null;
  if (s) handOver(s);
  return <ServerPage target={`${pathname}${search}`} />;
}
