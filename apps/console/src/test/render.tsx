import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth';

/** An auth context with the given state and spy actions, for screens tested without the API. */
export function fakeAuth(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user ?? null;
  return {
    user,
    isLoading: false,
    isAuthenticated: user !== null,
    sessionExpired: false,
    selectedRealEstate: user?.real_estates[0] ?? null,
    selectRealEstate: vi.fn(),
    login: vi.fn(),
    logout: vi.fn(async () => undefined),
    refreshUser: vi.fn(),
    register: vi.fn(),
    ...overrides,
  };
}

export function renderWithRouter(
  routes: RouteObject[],
  { auth, initialEntries = ['/'] }: { auth: AuthContextValue; initialEntries?: string[] },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries });
  const wrap = (value: AuthContextValue): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={value}>
        <RouterProvider router={router} />
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  const view = render(wrap(auth));
  return {
    ...view,
    router,
    queryClient,
    rerenderAuth: (value: AuthContextValue) => view.rerender(wrap(value)),
  };
}
