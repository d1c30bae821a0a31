import { DEMO_UNAVAILABLE_MESSAGE } from '@vitrine/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { DemoRoute } from './demo';
import { failure, handle, sent } from '@/test/network';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const routes = [
  { path: '/demo', Component: DemoRoute },
  { path: '/demonstracao', Component: DemoRoute },
  { path: '*', Component: Where },
];
const ENABLED = { data: { enabled: true, email: 'demo@imobiliaria.test', password: 'demo1234' } };

beforeEach(() => {
  setXsrfCookie('t');
});

describe('demo screen', () => {
  it('describes what is inside and enters in one click: demo login, session refreshed, lands on /leads', async () => {
    const user = userEvent.setup();
    handle('getPublicDemo', ENABLED);
    handle('demoLogin', { user: demoUser });
    const refreshUser = vi.fn(async () => demoUser);
    renderWithRouter(routes, { auth: fakeAuth({ refreshUser }), initialEntries: ['/demonstracao'] });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/painel funcionando/);
    expect(screen.getByRole('heading', { name: '15 páginas de imóveis' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Leads dos últimos 30 dias' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Webhook para o CRM, ativo e testado' })).toBeInTheDocument();
    expect(await screen.findByText('demo@imobiliaria.test')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Entrar na demonstração' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/leads'));
    expect(sent('POST').map((r) => r.path)).toEqual(['/v1/demo/login']);
    expect(refreshUser).toHaveBeenCalledTimes(1);
  });

  it('when the demo is off (production) says so and leads to registration, with no demo button', async () => {
    handle('getPublicDemo', { data: { enabled: false, email: null, password: null } });
    renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/demo'] });
    expect(
      await screen.findByText('A demonstração não está disponível nesta instalação.'),
    ).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /Criar minha conta/ });
    expect(links[0]).toHaveAttribute('href', '/registrar');
    expect(screen.queryByRole('button', { name: 'Entrar na demonstração' })).not.toBeInTheDocument();
    expect(screen.queryByText('demo1234')).not.toBeInTheDocument();
  });

  it("shows the server's message when the sign-in is refused, and stays on the screen", async () => {
    const user = userEvent.setup();
    handle('getPublicDemo', ENABLED);
    handle('demoLogin', failure(404, { message: DEMO_UNAVAILABLE_MESSAGE }));
    const refreshUser = vi.fn(async () => demoUser);
    renderWithRouter(routes, { auth: fakeAuth({ refreshUser }), initialEntries: ['/demo'] });
    await user.click(await screen.findByRole('button', { name: 'Entrar na demonstração' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DEMO_UNAVAILABLE_MESSAGE);
    expect(refreshUser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Entrar na demonstração' })).toBeEnabled();
  });
});
