/**
 * docs/product.md#protected-routes: after a 401 the console lands on /login (the server's sign-in form, told
 * to show the Portuguese notice), while a visit to a protected route without a session still goes to /entrar.
 * Real AuthProvider, ProtectedRoute and RootLayout (the router-based 401 redirect), the API mocked.
 */
import {
  STORAGE_LOGIN_HANDOVER_KEY,
  STORAGE_SELECTED_REAL_ESTATE_KEY,
  STORAGE_USER_KEY,
} from '@vitrine/contracts/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from '@/app/layouts/root-layout';
import { api } from '@/lib/api-client';
import { getApiErrorMessage } from '@/lib/api-errors';
import { failure, handle } from '@/test/network';
import { leaveFor } from '@/lib/leave-for';
import { demoUser } from '@/test/fixtures';
import { AuthProvider } from './auth-provider';
import { ProtectedRoute } from './components/protected-route';
import { LoginRoute } from './routes/login';

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));
/** What the console handed the server's sign-in form. */
const handover = () => JSON.parse(sessionStorage.getItem(STORAGE_LOGIN_HANDOVER_KEY) ?? 'null') as unknown;

let lastError: unknown = null;

function Leads() {
  return (
    <button
      type="button"
      onClick={() => {
        api.get('/v1/real-estates/10/leads').catch((error: unknown) => {
          lastError = error;
        });
      }}
    >
      carregar
    </button>
  );
}

function renderApp(initial: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/leads',
            element: (
              <ProtectedRoute>
                <Leads />
              </ProtectedRoute>
            ),
          },
          { path: '/entrar', element: <LoginRoute /> },
          { path: '/login', element: <LoginRoute /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(leaveFor).mockClear();
  lastError = null;
  handle('getPublicConfig', {
    data: { app_name: 'Vitrine Imóveis', support_email: 'ajuda@vitrine.test', support_whatsapp: null },
  });
});

describe('session expired on the server', () => {
  it('the next call answers 401 → /login, with the notice in Portuguese', async () => {
    localStorage.setItem(STORAGE_USER_KEY, JSON.stringify(demoUser));
    localStorage.setItem(STORAGE_SELECTED_REAL_ESTATE_KEY, '10');
    handle('getMe', { user: demoUser });
    handle('listLeads', failure(401, { message: 'Unauthenticated.' }));
    const router = renderApp('/leads');
    const button = await screen.findByRole('button', { name: 'carregar' });
    await act(async () => {
      button.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // The sign-in form is the server's: the console hands over where to go back and why.
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/login'));
    expect(handover()).toEqual({ next: '/leads', expired: true });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_USER_KEY)).toBeNull();
    // the server keeps "Unauthenticated." (API contract); nobody reads it in English
    expect(getApiErrorMessage(lastError)).toBe('Sua sessão expirou. Entre novamente.');
  });

  it('a visit without a session still goes to /entrar', async () => {
    const router = renderApp('/leads');
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/entrar'));
    expect(router.state.location.pathname).toBe('/entrar');
    expect(handover()).toEqual({ next: '/leads', expired: false });
  });
});
