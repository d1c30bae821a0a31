import { paths } from '@vitrine/contracts/paths';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { useAuth } from '@/features/auth';
import { setLoginRedirect } from '@/lib/api-client';
import { isSignOutState } from './sign-out';

// The floating help button is not needed for the first paint.
const HelpWidget = lazy(async () => ({
  default: (await import('@/features/support')).HelpWidget,
}));

const SHELL_HELP_BUTTON =
  'max-md:top-2 max-md:right-3 max-md:bottom-auto max-md:size-10 max-md:shadow-none md:right-auto md:bottom-3 md:left-3 md:size-10';

/** Wraps every route: the 401 redirect through the router, scroll restoration, the help widget. */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const { user, logout } = useAuth();
  // Inside the dashboard shell the button never covers content: on a phone it sits in the top bar's
  // empty right end; from md up in the sidebar's bottom corner, under the account (sidebar.tsx).
  const inShell = useMatches().some((m) => (m.handle as { shell?: boolean } | undefined)?.shell);

  // 'Sair' navigates to '/' carrying SIGN_OUT_STATE and the session ends here, after '/' has
  // replaced the protected screen; signed out while still on it, ProtectedRoute would send the
  // user to /entrar instead. The state is dropped so that going back does not sign out again, once the
  // server has ended the session: '/' is a server page (ServerPageRoute), and leaving for it must not
  // cut the logout call short.
  useEffect(() => {
    if (!isSignOutState(location.state)) return;
    void logout().finally(() => navigate(location, { replace: true, state: null }));
  }, [location, logout, navigate]);

  useEffect(() => {
    setLoginRedirect(() => {
      const from = locationRef.current;
      if (from.pathname === paths.login || from.pathname === paths.loginAlias) return;
      void navigate(paths.loginAlias, { replace: true, state: { from, expired: true } });
    });
    return () => setLoginRedirect(null);
  }, [navigate]);

  return (
    <>
      <Outlet />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <HelpWidget
          contact={user ? { name: user.name, email: user.email } : null}
          className={inShell ? SHELL_HELP_BUTTON : undefined}
        />
      </Suspense>
    </>
  );
}
