import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { DashboardLayout } from './dashboard-layout';
import { RootLayout } from './root-layout';

function Where() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return <p data-testid="where">{`${location.pathname}|${from}`}</p>;
}

const routes = [
  {
    Component: RootLayout,
    children: [
      {
        Component: DashboardLayout,
        children: [
          '/dashboard',
          '/leads',
          '/paginas',
          '/analytics',
          '/integracoes',
          '/usuarios',
          '/configuracoes',
          '/conta',
        ].map((path) => ({
          path,
          Component: () => <h1>Tela {path}</h1>,
        })),
      },
      { path: '/entrar', Component: Where },
      { path: '/', Component: Where },
    ],
  },
];

describe('dashboard shell', () => {
  it("shows 'Loading...' in the sidebar and a spinner while auth loads", () => {
    renderWithRouter(routes, { auth: fakeAuth({ isLoading: true }), initialEntries: ['/dashboard'] });
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    expect(screen.getByText('Verificando sua sessão...')).toBeInTheDocument();
    expect(screen.queryByText('Tela /dashboard')).not.toBeInTheDocument();
  });

  it('redirects unauthenticated visitors to /entrar, replacing the entry and remembering where from', async () => {
    const { router } = renderWithRouter(routes, { auth: fakeAuth(), initialEntries: ['/leads'] });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/entrar|/leads'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists the entries in order, Privacidade last, and highlights the active one', () => {
    renderWithRouter(routes, { auth: fakeAuth({ user: demoUser }), initialEntries: ['/paginas'] });
    const nav = within(screen.getByRole('complementary', { name: 'Barra lateral' })).getByRole('navigation', {
      name: 'Principal',
    });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Leads', '/leads'],
      ['Páginas', '/paginas'],
      ['Analytics', '/analytics'],
      ['Origens de leads', '/origens'],
      ['Integrações', '/integracoes'],
      ['Portais e anúncios', '/portais'],
      ['Conversões', '/conversoes'],
      ['Usuários', '/usuarios'],
      ['Privacidade', '/privacidade'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Páginas' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Leads' })).not.toHaveAttribute('aria-current');
  });

  it('footer shows the account and the e-mail and links to /configuracoes', () => {
    renderWithRouter(routes, {
      auth: fakeAuth({ user: demoUser, selectedRealEstate: demoUser.real_estates[1]! }),
      initialEntries: ['/dashboard'],
    });
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    const footerLink = aside.getByTestId('sidebar-account');
    expect(footerLink).toHaveAttribute('href', '/configuracoes');
    expect(footerLink).toHaveTextContent('Imóveis Litoral');
    expect(footerLink).toHaveTextContent('demo@imobiliaria.test');
  });

  it("falls back to 'Selecionar conta' without a selection", () => {
    renderWithRouter(routes, {
      auth: fakeAuth({ user: demoUser, selectedRealEstate: null }),
      initialEntries: ['/dashboard'],
    });
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    expect(aside.getByTestId('sidebar-account-name')).toHaveTextContent('Selecionar conta');
    // Logo fallback: initials of nothing.
    expect(aside.getByText('?')).toBeInTheDocument();
  });

  it("hides 'Trocar conta' with a single real estate", () => {
    renderWithRouter(routes, { auth: fakeAuth({ user: singleAgencyUser }), initialEntries: ['/dashboard'] });
    expect(screen.queryByText('Trocar conta')).not.toBeInTheDocument();
  });

  it("'Trocar conta' lists the real estates, highlights the selected one and selects on choice", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ user: demoUser, selectedRealEstate: demoUser.real_estates[0]! });
    renderWithRouter(routes, { auth, initialEntries: ['/dashboard'] });
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    await user.click(aside.getByRole('button', { name: /Trocar conta/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Imobiliária Demonstração'),
      expect.stringContaining('Imóveis Litoral'),
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[1]).toHaveAttribute('aria-checked', 'false');
    await user.click(items[1]!);
    expect(auth.selectRealEstate).toHaveBeenCalledWith(20);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it("'Sair' logs out and goes to /", async () => {
    const user = userEvent.setup();
    const auth = fakeAuth({ user: demoUser });
    renderWithRouter(routes, { auth, initialEntries: ['/dashboard'] });
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    await user.click(aside.getByRole('button', { name: 'Menu do usuário' }));
    await user.click(await screen.findByRole('menuitem', { name: /Sair/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/|'));
    // The session ends once '/' is on screen (RootLayout), exactly once.
    await waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(auth.logout).toHaveBeenCalledTimes(1);
  });

  it('the user menu closes on an outside click', async () => {
    // Radix makes the rest of the page inert while the menu is open; the click still reaches it.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithRouter(routes, { auth: fakeAuth({ user: demoUser }), initialEntries: ['/dashboard'] });
    const aside = within(screen.getByRole('complementary', { name: 'Barra lateral' }));
    await user.click(aside.getByRole('button', { name: 'Menu do usuário' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('the mobile drawer opens from the hamburger, has a close button and closes on navigation', async () => {
    const user = userEvent.setup();
    renderWithRouter(routes, { auth: fakeAuth({ user: demoUser }), initialEntries: ['/dashboard'] });
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu de navegação' });
    expect(within(drawer).getByRole('button', { name: 'Fechar menu' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Leads' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Tela /leads' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const again = await screen.findByRole('dialog', { name: 'Menu de navegação' });
    await user.click(within(again).getByRole('button', { name: 'Fechar menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

vi.mock('@/features/support', () => ({ HelpWidget: () => null }));
