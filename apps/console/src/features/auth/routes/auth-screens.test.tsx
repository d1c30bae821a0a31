import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import MockAdapter from 'axios-mock-adapter';
import { useLocation } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LoginRoute } from './login';
import { ResetPasswordRoute } from './reset-password';

function httpError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  });
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const mock = new MockAdapter(api);
beforeEach(() => {
  mock.reset();
  resetToastsForTests();
  setXsrfCookie('t');
});
afterAll(() => mock.restore());

describe('login screen', () => {
  const routes = [
    { path: '/entrar', Component: LoginRoute },
    { path: '/login', Component: LoginRoute },
    { path: '*', Component: Where },
  ];

  it("links 'Esqueci minha senha' to /esqueci-senha", () => {
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/login'] });
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      '/esqueci-senha',
    );
  });

  it('signs in and goes to /dashboard', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ login: vi.fn(async () => demoUser) });
    renderWithRouter(routes, { auth, initialEntries: ['/entrar'] });
    await user.type(screen.getByLabelText('E-mail'), 'Demo@Imobiliaria.test');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(auth.login).toHaveBeenCalledWith('demo@imobiliaria.test', 'demo1234');
  });

  it('goes back to the protected page the visitor came from', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ login: vi.fn(async () => demoUser) });
    const { router } = renderWithRouter(routes, { auth, initialEntries: ['/'] });
    await router.navigate('/entrar', {
      state: { from: { pathname: '/leads', search: '?page=2', hash: '' } },
    });
    await user.type(await screen.findByLabelText('E-mail'), 'demo@imobiliaria.test');
    await user.type(screen.getByLabelText('Senha'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/leads?page=2'),
    );
  });

  it("shows the server's 422 message on the field", async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => {
      throw httpError(422, {
        message: 'E-mail ou senha incorretos.',
        errors: { email: ['E-mail ou senha incorretos.'] },
      });
    });
    renderWithRouter(routes, { auth: fakeAuth({ login }), initialEntries: ['/entrar'] });
    await user.type(screen.getByLabelText('E-mail'), 'demo@imobiliaria.test');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('E-mail ou senha incorretos.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's 429 message above the form", async () => {
    const user = userEvent.setup();
    const login = vi.fn(async () => {
      throw httpError(429, { message: 'Muitas tentativas. Tente novamente em 30 segundos.' });
    });
    renderWithRouter(routes, { auth: fakeAuth({ login }), initialEntries: ['/entrar'] });
    await user.type(screen.getByLabelText('E-mail'), 'demo@imobiliaria.test');
    await user.type(screen.getByLabelText('Senha'), 'x');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Tente novamente em 30 segundos.',
    );
  });

  it('validates on the client before calling the API', async () => {
    const user = userEvent.setup();
    const auth = fakeAuth();
    renderWithRouter(routes, { auth, initialEntries: ['/entrar'] });
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Informe o e-mail.')).toBeInTheDocument();
    expect(auth.login).not.toHaveBeenCalled();
  });
});

describe('reset password screen', () => {
  const routes = [
    { path: '/redefinir-senha', Component: ResetPasswordRoute },
    { path: '*', Component: Where },
  ];

  it('posts token, email and the new password from the link, then goes to /entrar', async () => {
    mock.onPost('/v1/reset-password').reply(200, { message: 'Senha redefinida com sucesso.' });
    const user = userEvent.setup();
    renderWithRouter(routes, {
      auth: fakeAuth(),
      initialEntries: ['/redefinir-senha?token=abc123&email=ana%40exemplo.com'],
    });
    await user.type(screen.getByLabelText('Nova senha'), 'novasenha123');
    await user.type(screen.getByLabelText('Confirme a nova senha'), 'novasenha123');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/entrar'));
    expect(JSON.parse(mock.history.post[0]?.data as string)).toEqual({
      token: 'abc123',
      email: 'ana@exemplo.com',
      password: 'novasenha123',
      password_confirmation: 'novasenha123',
    });
  });

  it('shows an invalid-token 422 that belongs to no visible field', async () => {
    mock.onPost('/v1/reset-password').reply(422, {
      message: 'Este link de redefinição de senha é inválido ou expirou.',
      errors: { email: ['Este link de redefinição de senha é inválido ou expirou.'] },
    });
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
