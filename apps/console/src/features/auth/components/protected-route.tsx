import { paths } from '@vitrine/contracts/paths';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';

/**
 * docs/product.md#protected-routes: spinner while auth loads; unauthenticated → /entrar (replace),
 * remembering where from. After a 401 (docs/product.md#protected-routes) the destination is /login, with the
 * "session expired" notice: the API client's redirect and this one may race, and both must land on the same
 * screen.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, sessionExpired } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Verificando sua sessão..." />;
  if (!isAuthenticated)
    return (
      <Navigate
        to={sessionExpired ? paths.loginAlias : paths.login}
        replace
        state={sessionExpired ? { from: location, expired: true } : { from: location }}
      />
    );
  return <>{children}</>;
}
