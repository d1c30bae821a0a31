/**
 * Authentication state (docs/product.md#session): starts unauthenticated and loading, restores the user from
 * localStorage, keeps the selected real estate valid and persisted, and follows other tabs.
 */
import { STORAGE_SELECTED_REAL_ESTATE_KEY, STORAGE_USER_KEY } from '@vitrine/contracts/constants';
import { MESSAGES } from '@vitrine/contracts/errors';
import type { RegisterBody, User } from '@vitrine/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { onSessionExpired } from '@/lib/api-client';
import {
  clearStoredSession,
  parseSelectedId,
  parseStoredUser,
  readStoredSelectedId,
  readStoredUser,
  writeStoredSelectedId,
  writeStoredUser,
} from '@/lib/storage';
import { toUser } from '@/lib/user';
import { getMe } from './api/get-me';
import { postLogin } from './api/login';
import { postLogout } from './api/logout';
import { postRegister } from './api/register';
import { AuthContext, type AuthContextValue } from './auth-context';

interface AuthState {
  user: User | null;
  selectedRealEstateId: number | null;
  isLoading: boolean;
  /** Set by a 401 (the server ended the session); cleared by the next sign-in. */
  sessionExpired?: boolean;
}

const SIGNED_OUT: AuthState = { user: null, selectedRealEstateId: null, isLoading: false };

/** The preferred id when it is still one of the user's real estates, otherwise the first, or none. */
export function pickSelection(user: User, preferred: number | null): number | null {
  if (preferred !== null && user.real_estates.some((r) => r.id === preferred)) return preferred;
  return user.real_estates[0]?.id ?? null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ user: null, selectedRealEstateId: null, isLoading: true });
  // Actions read the latest state synchronously (e.g. select right after refreshUser resolves).
  const stateRef = useRef(state);
  const apply = useCallback((next: AuthState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  /** Drops cached data of every agency except `keepId` (none when signed out). */
  const dropAgencyQueries = useCallback(
    (keepId: number | null) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'agency' && q.queryKey[1] !== keepId });
    },
    [queryClient],
  );

  // Bumped whenever the session ends, so that an answer that arrives afterwards (a background
  // /v1/me started before a logout or a 401) cannot bring the old session back.
  const sessionEpoch = useRef(0);

  const clearSession = useCallback(() => {
    sessionEpoch.current += 1;
    clearStoredSession();
    apply(SIGNED_OUT);
    dropAgencyQueries(null);
  }, [apply, dropAgencyQueries]);

  /** Stores a freshly received user and a valid selection. */
  const establish = useCallback(
    (user: User, preferredId: number | null): User => {
      const selectedRealEstateId = pickSelection(user, preferredId);
      writeStoredUser(user);
      writeStoredSelectedId(selectedRealEstateId);
      apply({ user, selectedRealEstateId, isLoading: false });
      return user;
    },
    [apply],
  );

  const refreshUser = useCallback(async (): Promise<User> => {
    const epoch = sessionEpoch.current;
    try {
      const user = toUser((await getMe())?.user);
      if (!user) throw new Error(MESSAGES.refreshMissingUser);
      if (epoch !== sessionEpoch.current)
        throw new Error('A sessão foi encerrada durante a atualização do usuário.');
      return establish(user, stateRef.current.selectedRealEstateId);
    } catch (error) {
      console.error('Falha ao atualizar o usuário.', error);
      if (epoch === sessionEpoch.current) clearSession();
      throw error;
    }
  }, [establish, clearSession]);

  const login = useCallback(
    async (email: string, password: string): Promise<User> => {
      try {
        const user = toUser((await postLogin({ email, password }))?.user);
        if (!user) throw new Error(MESSAGES.loginMissingUser);
        return establish(user, readStoredSelectedId());
      } catch (error) {
        console.error('Falha no login.', error);
        clearSession();
        throw error;
      }
    },
    [establish, clearSession],
  );

  const register = useCallback(
    async (body: RegisterBody): Promise<User> => {
      const user = toUser((await postRegister(body))?.user);
      if (!user) throw new Error(MESSAGES.loginMissingUser);
      return establish(user, null);
    },
    [establish],
  );

  const logout = useCallback(async (): Promise<void> => {
    clearSession();
    try {
      await postLogout();
    } catch (error) {
      console.error('Falha ao encerrar a sessão na API.', error);
    }
  }, [clearSession]);

  const selectRealEstate = useCallback(
    (id: number | null) => {
      const current = stateRef.current;
      if (!current.user) return;
      if (id !== null && !current.user.real_estates.some((r) => r.id === id)) return;
      writeStoredSelectedId(id);
      apply({ ...current, selectedRealEstateId: id });
      dropAgencyQueries(id);
    },
    [apply, dropAgencyQueries],
  );

  // Restore on start; a stored user is then refreshed from /v1/me in the background.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const stored = readStoredUser();
    if (!stored.ok) {
      clearSession();
      return;
    }
    if (!stored.user) {
      apply(SIGNED_OUT);
      return;
    }
    establish(stored.user, readStoredSelectedId());
    refreshUser().catch(() => {
      /* refreshUser already logged it and cleared the session */
    });
  }, [apply, clearSession, establish, refreshUser]);

  // Other tabs: follow changes of the two keys (the event only fires in the other tabs).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      if (event.key === null) {
        sessionEpoch.current += 1;
        apply(SIGNED_OUT);
        dropAgencyQueries(null);
        return;
      }
      if (event.key === STORAGE_USER_KEY) {
        const parsed = parseStoredUser(event.newValue);
        if (!parsed.ok) {
          clearSession();
        } else if (!parsed.user) {
          sessionEpoch.current += 1;
          apply(SIGNED_OUT);
          dropAgencyQueries(null);
        } else {
          const preferred = readStoredSelectedId() ?? stateRef.current.selectedRealEstateId;
          apply({
            user: parsed.user,
            selectedRealEstateId: pickSelection(parsed.user, preferred),
            isLoading: false,
          });
        }
        return;
      }
      if (event.key === STORAGE_SELECTED_REAL_ESTATE_KEY) {
        const current = stateRef.current;
        const id = parseSelectedId(event.newValue);
        if (id === null) apply({ ...current, selectedRealEstateId: null });
        else if (current.user?.real_estates.some((r) => r.id === id)) {
          apply({ ...current, selectedRealEstateId: id });
          dropAgencyQueries(id);
        }
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [apply, clearSession, dropAgencyQueries]);

  // A 401 anywhere: the API client already cleared storage and redirects; reset the state too.
  useEffect(
    () =>
      onSessionExpired(() => {
        sessionEpoch.current += 1;
        apply({ ...SIGNED_OUT, sessionExpired: true });
        dropAgencyQueries(null);
      }),
    [apply, dropAgencyQueries],
  );

  const value = useMemo<AuthContextValue>(() => {
    const selectedRealEstate =
      state.user?.real_estates.find((r) => r.id === state.selectedRealEstateId) ?? null;
    return {
      user: state.user,
      isLoading: state.isLoading,
      isAuthenticated: state.user !== null,
      sessionExpired: state.sessionExpired === true,
      selectedRealEstate,
      selectRealEstate,
      login,
      logout,
      refreshUser,
      register,
    };
  }, [state, selectRealEstate, login, logout, refreshUser, register]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
