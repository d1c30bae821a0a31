import type { RealEstateSummary, RegisterBody, User } from '@vitrine/contracts';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /**
   * The session ended with a 401 (not a sign-out): protected routes then go to /login
   * (docs/product.md#protected-routes).
   */
  sessionExpired: boolean;
  selectedRealEstate: RealEstateSummary | null;
  selectRealEstate: (id: number | null) => void;
  login: (email: string, password: string) => Promise<User>;
  logout: () => Promise<void>;
  refreshUser: () => Promise<User>;
  register: (body: RegisterBody) => Promise<User>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
