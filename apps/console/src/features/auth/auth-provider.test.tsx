import {
  STORAGE_SELECTED_REAL_ESTATE_KEY as SELECTED_KEY,
  STORAGE_USER_KEY as USER_KEY,
} from '@vitrine/contracts/constants';
import { MESSAGES } from '@vitrine/contracts/errors';
import type { User } from '@vitrine/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setLoginRedirect, type Answer } from '@/lib/api-client';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { failure, handle, reply, sent } from '@/test/network';
import { useAuth, type AuthContextValue } from './auth-context';
import { AuthProvider } from './auth-provider';

const redirect = vi.fn();
let queryClient: QueryClient;
let consoleError: ReturnType<typeof vi.spyOn>;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

/** Renders the provider and records every value it exposed. */
function renderAuth() {
  const seen: AuthContextValue[] = [];
  const hook = renderHook(
    () => {
      const value = useAuth();
      seen.push(value);
      return value;
    },
    { wrapper },
  );
  return { ...hook, seen };
}

function storeSession(user: User, selectedId?: number) {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  if (selectedId !== undefined) localStorage.setItem(SELECTED_KEY, String(selectedId));
}

const storedUser = () => JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as User | null;
const storedSelected = () => localStorage.getItem(SELECTED_KEY);

function fireStorage(key: string | null, newValue: string | null) {
  // The other tab already changed the shared storage when this tab is told.
  if (key) {
    if (newValue === null) localStorage.removeItem(key);
    else localStorage.setItem(key, newValue);
  }
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
  });
}

beforeEach(() => {
  redirect.mockReset();
  setLoginRedirect(redirect);
  setXsrfCookie('token');
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterAll(() => {
  setLoginRedirect(null);
});

describe('start and restore', () => {
  it('starts unauthenticated and loading, then settles signed out without calling the API', () => {
    const { result, seen } = renderAuth();
    expect(seen[0]).toMatchObject({
      user: null,
      isLoading: true,
      isAuthenticated: false,
      selectedRealEstate: null,
    });
    expect(result.current).toMatchObject({ user: null, isLoading: false, isAuthenticated: false });
    expect(sent('GET')).toHaveLength(0);
  });

  it('restores the user and the remembered selection from localStorage', async () => {
    storeSession(demoUser, 20);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    expect(result.current.isLoading).toBe(false);
    expect(result.current.user).toEqual(demoUser);
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.selectedRealEstate?.id).toBe(20);
    await waitFor(() => expect(sent('GET').map((c) => c.path)).toEqual(['/v1/me']));
  });

  it('falls back to the first real estate when the remembered one is gone, and persists it', () => {
    storeSession(demoUser, 999);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    expect(result.current.selectedRealEstate?.id).toBe(10);
    expect(storedSelected()).toBe('10');
  });

  it('refreshes a restored user from /v1/me in the background', async () => {
    storeSession(demoUser, 20);
    const renamed = { ...demoUser, name: 'Ana Atualizada' };
    handle('getMe', { user: renamed });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.user?.name).toBe('Ana Atualizada'));
    expect(storedUser()?.name).toBe('Ana Atualizada');
    expect(result.current.selectedRealEstate?.id).toBe(20);
  });

  it('clears the session when the background refresh fails', async () => {
    storeSession(demoUser, 20);
    handle('getMe', failure(401, { message: 'Unauthenticated.' }));
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.isAuthenticated).toBe(false));
    expect(storedUser()).toBeNull();
    expect(storedSelected()).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    // /v1/me is excluded from the 401 redirect; protected routes send the user to /entrar.
    expect(redirect).not.toHaveBeenCalled();
  });

  it.each([['not json'], ['{"name":"sem e-mail"}'], ['null']])(
    'clears the stored session when %s cannot be parsed',
    (raw) => {
      localStorage.setItem(USER_KEY, raw);
      localStorage.setItem(SELECTED_KEY, '10');
      const { result } = renderAuth();
      expect(result.current).toMatchObject({ user: null, isLoading: false, isAuthenticated: false });
      expect(localStorage.getItem(USER_KEY)).toBeNull();
      expect(storedSelected()).toBeNull();
      expect(sent('GET')).toHaveLength(0);
    },
  );
});

describe('login', () => {
  it('posts the credentials, stores the user and selects the first real estate', async () => {
    handle('login', { user: demoUser });
    const { result } = renderAuth();
    let returned: User | undefined;
    await act(async () => {
      returned = await result.current.login('demo@imobiliaria.test', 'demo1234');
    });
    expect(sent('POST')[0]?.body).toEqual({
      email: 'demo@imobiliaria.test',
      password: 'demo1234',
    });
    expect(returned).toEqual(demoUser);
    expect(result.current.user).toEqual(demoUser);
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.selectedRealEstate?.id).toBe(10);
    expect(storedUser()).toEqual(demoUser);
    expect(storedSelected()).toBe('10');
  });

  it('selects the remembered real estate when it is still in the list', async () => {
    localStorage.setItem(SELECTED_KEY, '20');
    handle('login', { user: demoUser });
    const { result } = renderAuth();
    await act(() => result.current.login('demo@imobiliaria.test', 'demo1234'));
    expect(result.current.selectedRealEstate?.id).toBe(20);
    expect(storedSelected()).toBe('20');
  });

  it('ignores a remembered real estate that the user no longer has', async () => {
    localStorage.setItem(SELECTED_KEY, '20');
    handle('login', { user: singleAgencyUser });
    const { result } = renderAuth();
    await act(() => result.current.login('bruno@imobiliaria.test', 'x'));
    expect(result.current.selectedRealEstate?.id).toBe(30);
    expect(storedSelected()).toBe('30');
  });

  it('fails with its message when the answer has no user, and clears the state', async () => {
    storeSession(demoUser, 20);
    handle('getMe', { user: demoUser });
    // An answer outside the contract (no user), sent raw: the provider must refuse it.
    handle('login', reply(200, { message: 'ok' }));
    const { result } = renderAuth();
    await act(async () => {
      await expect(result.current.login('a@b.c', 'x')).rejects.toThrow(
        'Resposta da API de login não contém o objeto do usuário.',
      );
    });
    expect(MESSAGES.loginMissingUser).toBe('Resposta da API de login não contém o objeto do usuário.');
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, selectedRealEstate: null });
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(storedSelected()).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });

  it('clears the state and logs when the API refuses', async () => {
    storeSession(demoUser, 20);
    handle('getMe', { user: demoUser });
    handle(
      'login',
      failure(422, {
        message: 'E-mail ou senha incorretos.',
        errors: { email: ['E-mail ou senha incorretos.'] },
      }),
    );
    const { result } = renderAuth();
    await act(async () => {
      await expect(result.current.login('a@b.c', 'x')).rejects.toMatchObject({ response: { status: 422 } });
    });
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalled();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('clears the local state first, then calls the API', async () => {
    storeSession(demoUser, 20);
    handle('getMe', { user: demoUser });
    const duringCall: Array<string | null> = [];
    handle('logout', () => {
      duringCall.push(localStorage.getItem(USER_KEY), localStorage.getItem(SELECTED_KEY));
      return reply(204);
    });
    const { result } = renderAuth();
    await act(() => result.current.logout());
    expect(sent('POST').map((c) => c.path)).toEqual(['/v1/logout']);
    expect(duringCall).toEqual([null, null]);
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, selectedRealEstate: null });
  });

  it('is not undone by a background refresh that answers afterwards', async () => {
    storeSession(demoUser, 20);
    let answerMe: (value: Answer<'getMe'>) => void = () => {};
    handle('getMe', () => new Promise((resolve) => (answerMe = resolve)));
    handle('logout', reply(204));
    const { result } = renderAuth();
    await waitFor(() => expect(sent('GET')).toHaveLength(1));
    await act(() => result.current.logout());
    await act(async () => {
      answerMe({ user: demoUser });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('only logs an API failure', async () => {
    storeSession(demoUser, 20);
    handle('getMe', { user: demoUser });
    handle('logout', failure(500, { message: 'boom' }));
    const { result } = renderAuth();
    await act(async () => {
      await expect(result.current.logout()).resolves.toBeUndefined();
    });
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), expect.anything());
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });
});

describe('refreshUser', () => {
  async function signedIn(selected = 20) {
    storeSession(demoUser, selected);
    handle('getMe', { user: demoUser }, { once: true });
    const hook = renderAuth();
    await waitFor(() => expect(sent('GET')).toHaveLength(1));
    return hook;
  }

  it('keeps the selected real estate when it still exists', async () => {
    const { result } = await signedIn(20);
    handle('getMe', { user: { ...demoUser, name: 'Novo nome' } }, { once: true });
    await act(() => result.current.refreshUser());
    expect(result.current.user?.name).toBe('Novo nome');
    expect(result.current.selectedRealEstate?.id).toBe(20);
  });

  it('picks the first when the selected one is gone', async () => {
    const { result } = await signedIn(20);
    const first = demoUser.real_estates[0]!;
    handle('getMe', { user: { ...demoUser, real_estates: [first] } }, { once: true });
    await act(() => result.current.refreshUser());
    expect(result.current.selectedRealEstate?.id).toBe(10);
    expect(storedSelected()).toBe('10');
  });

  it('selects none, and removes the stored key, when the user has no real estate', async () => {
    const { result } = await signedIn(20);
    handle('getMe', { user: { ...demoUser, real_estates: [] } }, { once: true });
    await act(() => result.current.refreshUser());
    expect(result.current.isAuthenticated).toBe(true);
    expect(result.current.selectedRealEstate).toBeNull();
    expect(storedSelected()).toBeNull();
  });

  it('fails with its own message when the answer has no user, and clears the session', async () => {
    const { result } = await signedIn(20);
    handle('getMe', reply(200, {}), { once: true }); // outside the contract: no user
    await act(async () => {
      await expect(result.current.refreshUser()).rejects.toThrow(MESSAGES.refreshMissingUser);
    });
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(storedSelected()).toBeNull();
  });

  it('clears the session when the call fails', async () => {
    const { result } = await signedIn(20);
    handle('getMe', reply(500, {}), { once: true });
    await act(async () => {
      await expect(result.current.refreshUser()).rejects.toBeTruthy();
    });
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});

describe('selection', () => {
  it('persists the chosen real estate, removes the key for none and ignores unknown ids', async () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    act(() => result.current.selectRealEstate(20));
    expect(result.current.selectedRealEstate?.name).toBe('Imóveis Litoral');
    expect(storedSelected()).toBe('20');
    act(() => result.current.selectRealEstate(12345));
    expect(result.current.selectedRealEstate?.id).toBe(20);
    expect(storedSelected()).toBe('20');
    act(() => result.current.selectRealEstate(null));
    expect(result.current.selectedRealEstate).toBeNull();
    expect(storedSelected()).toBeNull();
  });

  it('switching makes no API call and drops the cached data of the other agencies', async () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    queryClient.setQueryData(['agency', 10, 'profile'], { name: 'A' });
    queryClient.setQueryData(['agency', 20, 'profile'], { name: 'B' });
    queryClient.setQueryData(['public-config'], { app_name: 'x' });
    const { result } = renderAuth();
    await waitFor(() => expect(sent('GET')).toHaveLength(1));
    act(() => result.current.selectRealEstate(20));
    expect(sent('GET')).toHaveLength(1);
    expect(sent('POST')).toHaveLength(0);
    expect(queryClient.getQueryData(['agency', 10, 'profile'])).toBeUndefined();
    expect(queryClient.getQueryData(['agency', 20, 'profile'])).toEqual({ name: 'B' });
    expect(queryClient.getQueryData(['public-config'])).toEqual({ app_name: 'x' });
  });
});

describe('other tabs (storage events)', () => {
  it('follows a login in another tab', () => {
    const { result } = renderAuth();
    localStorage.setItem(SELECTED_KEY, '20');
    fireStorage(USER_KEY, JSON.stringify(demoUser));
    expect(result.current.user).toEqual(demoUser);
    expect(result.current.selectedRealEstate?.id).toBe(20);
  });

  it('follows a logout in another tab', async () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    fireStorage(USER_KEY, null);
    fireStorage(SELECTED_KEY, null);
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false, selectedRealEstate: null });
  });

  it('follows an account switch in another tab, ignoring ids the user does not have', () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    fireStorage(SELECTED_KEY, '20');
    expect(result.current.selectedRealEstate?.id).toBe(20);
    fireStorage(SELECTED_KEY, '777');
    expect(result.current.selectedRealEstate?.id).toBe(20);
  });

  it('clears the session when another tab writes an unreadable user', () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    fireStorage(USER_KEY, '{broken');
    expect(result.current.isAuthenticated).toBe(false);
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(storedSelected()).toBeNull();
  });

  it('ignores unrelated keys', () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    const { result } = renderAuth();
    fireStorage('something-else', 'x');
    expect(result.current.user).toEqual(demoUser);
    expect(result.current.selectedRealEstate?.id).toBe(10);
  });
});

describe('401 from any call', () => {
  it('clears the session and redirects to /login', async () => {
    storeSession(demoUser, 10);
    handle('getMe', { user: demoUser });
    handle('getRealEstate', failure(401, { message: 'Unauthenticated.' }));
    const { result } = renderAuth();
    await act(async () => {
      await api.get('/v1/real-estates/10').catch(() => undefined);
    });
    expect(result.current).toMatchObject({ user: null, isAuthenticated: false });
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(storedSelected()).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});

describe('register', () => {
  it('signs the new user in', async () => {
    handle('register', { user: singleAgencyUser });
    const { result } = renderAuth();
    const body = {
      name: 'Bruno',
      email: 'bruno@imobiliaria.test',
      password: 'segredo123',
      password_confirmation: 'segredo123',
      real_estate_name: 'Casa Própria Imóveis',
    };
    await act(() => result.current.register(body));
    expect(sent('POST')[0]?.body).toEqual(body);
    expect(result.current.user).toEqual(singleAgencyUser);
    expect(result.current.selectedRealEstate?.id).toBe(30);
    expect(storedUser()).toEqual(singleAgencyUser);
  });
});
