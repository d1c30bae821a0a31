import { paths } from '@vitrine/contracts/paths';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '../auth-context';

/** Spec §2: spinner while auth loads; unauthenticated → /entrar (replace), remembering where from. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="Verificando sua sessão..." />;
  if (!isAuthenticated) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <>{children}</>;
}
