import { STORAGE_LOGIN_HANDOVER_KEY } from '@vitrine/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from '@/lib/leave-for';
import { resetToastsForTests } from '@/lib/toast';
import { setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { LoginRoute } from './login';
import { ResetPasswordRoute } from './reset-password';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));
/** What the console handed the server's sign-in form. */
const handover = () => JSON.parse(sessionStorage.getItem(STORAGE_LOGIN_HANDOVER_KEY) ?? 'null') as unknown;

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leaveFor).mockClear();
  resetToastsForTests();
  setXsrfCookie('t');
});

describe('login screen', () => {
  // The sign-in form is the server's (/entrar, /login: modules/site, decision 013); its form, errors
  // and sign-in are tested there and in the browser (e2e/public-site, e2e/session-expired).
  const routes = [
    { path: '/entrar', Component: LoginRoute },
    { path: '/login', Component: LoginRoute },
    { path: '*', Component: Where },
  ];

  it('loads the server’s sign-in form, on the address asked', async () => {
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/entrar'] });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/entrar'));
    sessionStorage.clear();
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/login'] });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/login'));
    expect(handover()).toBeNull();
  });

  it('hands over the protected page the visitor came from, to go back there once signed in', async () => {
    const { router } = renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/'] });
    await router.navigate('/entrar', {
      state: { from: { pathname: '/leads', search: '?page=2', hash: '' } },
    });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/entrar'));
    expect(handover()).toEqual({ next: '/leads?page=2', expired: false });
  });

  it('hands over the e-mail of a password just reset', async () => {
    const { router } = renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/'] });
    await router.navigate('/entrar', { state: { prefill: { email: 'ana@exemplo.com', password: '' } } });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/entrar'));
    expect(handover()).toEqual({ expired: false, email: 'ana@exemplo.com' });
  });

  it('leaves again for a second redirect inside the console, however soon', async () => {
    const { router } = renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/entrar'] });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    await router.navigate('/usuarios');
    await router.navigate('/entrar', { replace: true, state: { from: { pathname: '/usuarios' } } });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(2));
    expect(handover()).toEqual({ next: '/usuarios', expired: false });
  });

  it('shows a link instead of reloading forever when the server hands back the console', async () => {
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/entrar'] });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledTimes(1));
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/entrar'] });
    expect(await screen.findByRole('link', { name: 'Abrir /entrar' })).toHaveAttribute('href', '/entrar');
    expect(leaveFor).toHaveBeenCalledTimes(1);
  });
});

describe('reset password screen', () => {
  const routes = [
    { path: '/redefinir-senha', Component: ResetPasswordRoute },
    { path: '*', Component: Where },
  ];

  it('posts token, email and the new password from the link, then goes to /entrar', async () => {
    handle('resetPassword', { message: 'Senha redefinida com sucesso.' });
    const user = userEvent.setup();
    renderWithRouter(routes, {
      auth: fakeAuth(),
      initialEntries: ['/redefinir-senha?token=abc123&email=ana%40exemplo.com'],
    });
    await user.type(screen.getByLabelText('Nova senha'), 'novasenha123');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'novasenha123');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/entrar'));
    expect(sent('POST')[0]?.body).toEqual({
      token: 'abc123',
      email: 'ana@exemplo.com',
      password: 'novasenha123',
      password_confirmation: 'novasenha123',
    });
  });

  it('shows an invalid-token 422 that belongs to no visible field', async () => {
    handle(
      'resetPassword',
      failure(422, {
        message: 'Este link de redefinição de senha é inválido ou expirou.',
        errors: { email: ['Este link de redefinição de senha é inválido ou expirou.'] },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(routes, {
      auth: fakeAuth(),
      initialEntries: ['/redefinir-senha?token=old&email=ana%40exemplo.com'],
    });
    await user.type(screen.getByLabelText('Nova senha'), 'novasenha123');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'novasenha123');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link de redefinição de senha é inválido ou expirou.',
    );
  });

  it('explains a link without token', () => {
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/redefinir-senha'] });
    expect(screen.getByRole('alert')).toHaveTextContent('inválido ou expirou');
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute(
      'href',
      '/esqueci-senha',
    );
  });
});
