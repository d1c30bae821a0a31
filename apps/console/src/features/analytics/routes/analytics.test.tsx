import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { emptyReport, makeReport, makeSession } from '@/test/analytics-fixtures';
import type { Answer } from '@/lib/api-client';
import { handle, reply, type SentQuery } from '@/test/network';
import { AnalyticsRoute } from './analytics';

// 15:00 in São Paulo on 10 March 2025: "today" for the period presets.
const NOW = new Date('2025-03-10T18:00:00.000Z');

let requests: SentQuery[] = [];
const last = () => requests[requests.length - 1];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  requests = [];
  // The page filter reads only each page's id and title.
  handle('listPages', {
    data: [
      { id: 3, title: 'Casa no Butantã' },
      { id: 4, title: 'Apartamento na Vila Mariana' },
    ],
  } as unknown as Answer<'listPages'>);
});
afterEach(() => vi.useRealTimers());

function answerReport(body: unknown, status = 200) {
  handle('getAnalytics', (config) => {
    requests.push(config.query);
    return reply(status, body);
  });
}

function renderAnalytics(url = '/analytics') {
  const view = renderWithRouter(
    [
      { path: '/analytics', element: <AnalyticsRoute /> },
      { path: '*', element: <p>outra página</p> },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: [url] },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, search };
}

describe('/analytics', () => {
  it('asks for the last 30 days, page 1, and shows each figure with its change', async () => {
    answerReport(makeReport());
    renderAnalytics();
    const visitors = await screen.findByTestId('kpi-visitors');
    expect(last()).toEqual({ from: '2025-02-09', to: '2025-03-10', page: '1' });
    expect(visitors).toHaveTextContent('Visitantes120+20%');
    expect(visitors).toHaveTextContent('20% a mais que no período anterior');
    expect(screen.getByTestId('kpi-leads')).toHaveTextContent('6+100%');
    // Rates compare in percentage points; a lower bounce is the good direction.
    expect(screen.getByTestId('kpi-conversion_rate')).toHaveTextContent('4%+2,0 p.p.');
    const bounce = screen.getByTestId('kpi-bounce_rate');
    expect(bounce).toHaveTextContent('35%−5,0 p.p.');
    expect(within(bounce).getByText('−5,0 p.p.').parentElement).toHaveClass('text-emerald-700');
    expect(screen.getByTestId('kpi-avg_duration_seconds')).toHaveTextContent('1 min 35 s0%');
    expect(
      screen.getByText('Últimos 30 dias (09/02/2025 a 10/03/2025) · horário de Brasília'),
    ).toBeInTheDocument();
  });

  it('without visits in the previous period shows no change (nothing to compare with)', async () => {
    const report = makeReport();
    answerReport({
      ...report,
      previous_summary: { ...report.previous_summary, sessions: 0, visitors: 0, bounce_rate: 0 },
    });
    renderAnalytics();
    const bounce = await screen.findByTestId('kpi-bounce_rate');
    expect(bounce).toHaveTextContent(/^Rejeição35%$/);
    expect(screen.getByTestId('kpi-visitors')).toHaveTextContent(/^Visitantes120$/);
    expect(screen.getByText('Sem visitas nos 30 dias anteriores para comparar.')).toBeInTheDocument();
  });

  it('shows the breakdowns, the funnel and the sessions, each session linking to its timeline', async () => {
    answerReport(makeReport());
    renderAnalytics();
    await screen.findByTestId('kpi-visitors');
    const sources = screen.getByRole('table', { name: 'Origens e campanhas' });
    expect(within(sources).getByText('Campanha: verao')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Dispositivos' })).getByText('Celular'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Sites de origem' })).getByText('Direto'),
    ).toBeInTheDocument();

    const funnel = screen.getByTestId('funnel');
    expect(within(funnel).getAllByRole('listitem')).toHaveLength(6);
    expect(funnel).toHaveTextContent('WhatsApp ou formulário');
    // Each step is a share of the visits (steps are counted apart); the delivery, of the leads.
    expect(funnel).toHaveTextContent('20 (13,3% das visitas)');
    expect(funnel).toHaveTextContent('5 (83,3% dos leads)');

    const sessions = screen.getByRole('region', { name: 'Sessões' });
    const links = within(sessions).getAllByRole('link', { name: /Sessão de 10\/03\/2025 às 14:05/ });
    expect(links[0]).toHaveAttribute('href', '/analytics/session/s-2b7c1f');
    expect(within(sessions).getAllByText('Virou lead')).not.toHaveLength(0);
    expect(within(sessions).getByRole('navigation', { name: 'Paginação de sessões' })).toHaveTextContent(
      '1–2 de 2 sessões',
    );
  });

  it('shows the leads by source and by listing and source; leads without visits still show the report', async () => {
    answerReport(
      makeReport({
        ...emptyReport(),
        summary: { ...emptyReport().summary, leads: 2 },
        lead_sources: {
          total: [
            { source: 'portal_vivareal', leads: 1 },
            { source: 'api', leads: 1 },
          ],
          pages: [
            {
              page: { id: 3, title: 'Casa no Butantã' },
              leads: 1,
              by_source: [{ source: 'portal_vivareal', leads: 1 }],
            },
            { page: null, leads: 1, by_source: [{ source: 'api', leads: 1 }] },
          ],
        },
      }),
    );
    renderAnalytics();
    const card = await screen.findByTestId('lead-sources', {}, { timeout: 5000 });
    expect(card).toHaveTextContent('Últimos 30 dias');
    const bySource = within(card).getByRole('list', { name: 'Leads por origem' });
    expect(
      within(bySource)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VivaReal1 (50%)', 'API1 (50%)']);
    expect(within(card).getByRole('list', { name: 'Leads por imóvel e origem' })).toHaveTextContent(
      'Casa no Butantã1 leadVivaReal 1Sem imóvel1 leadAPI 1',
    );
  });

  it('a click anywhere on a session row opens its timeline', async () => {
    const user = userEvent.setup();
    answerReport(makeReport());
    const { router } = renderAnalytics();
    await screen.findByTestId('kpi-visitors');
    const sessions = screen.getByRole('region', { name: 'Sessões' });
    const row = within(sessions)
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Apartamento na Vila Mariana'))!;
    await user.click(within(row).getByText('Computador'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/session/s-9'));
  });

  it('reads the period and filters from the URL and sends them', async () => {
    answerReport(makeReport());
    renderAnalytics('/analytics?periodo=7d&page_id=3&source=google&device=mobile&page=2');
    await screen.findByTestId('kpi-visitors');
    expect(last()).toEqual({
      from: '2025-03-04',
      to: '2025-03-10',
      page_id: '3',
      source: 'google',
      device: 'mobile',
      page: '2',
    });
    expect(screen.getByRole('radio', { name: '7 dias' })).toBeChecked();
    expect(screen.getByLabelText('Página')).toHaveValue('3');
    expect(screen.getByLabelText('Origem')).toHaveValue('google');
    expect(screen.getByLabelText('Dispositivo')).toHaveValue('mobile');
    // With one page chosen the funnel is that listing's.
    expect(screen.getByText(/^Casa no Butantã · Últimos 7 dias/)).toBeInTheDocument();
  });

  it('writes changes to the URL (back to page 1) and the back button undoes them', async () => {
    const user = userEvent.setup();
    answerReport(makeReport());
    const { router, search } = renderAnalytics('/analytics?page=2');
    await screen.findByTestId('kpi-visitors');

    await user.click(screen.getByRole('radio', { name: '7 dias' }));
    await waitFor(() => expect(search().toString()).toBe('periodo=7d'));
    await waitFor(() => expect(last()).toEqual({ from: '2025-03-04', to: '2025-03-10', page: '1' }));

    await user.selectOptions(screen.getByLabelText('Dispositivo'), 'desktop');
    await waitFor(() => expect(search().get('device')).toBe('desktop'));

    // A breakdown row filters by itself.
    await user.click(screen.getByRole('button', { name: 'Filtrar por Instagram' }));
    await waitFor(() => expect(search().get('source')).toBe('instagram'));
    await waitFor(() => expect(last()).toMatchObject({ source: 'instagram', device: 'desktop' }));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get('source')).toBeNull());
    expect(screen.getByLabelText('Origem')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(search().toString()).toBe('periodo=7d'));
  });

  it('a custom period starts from the days on screen and takes chosen days', async () => {
    const user = userEvent.setup();
    answerReport(makeReport());
    const { search } = renderAnalytics('/analytics?periodo=7d');
    await screen.findByTestId('kpi-visitors');
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    await waitFor(() =>
      expect(search().toString()).toBe('periodo=personalizado&from=2025-03-04&to=2025-03-10'),
    );
    // The days read dd/mm/aaaa (DateField) whatever the browser's language; the URL keeps YYYY-MM-DD.
    const from = screen.getByLabelText('De');
    expect(from).toHaveValue('04/03/2025');
    await user.clear(from);
    await user.type(from, '15012025');
    await waitFor(() => expect(search().get('from')).toBe('2025-01-15'));
    await waitFor(() => expect(last()).toMatchObject({ from: '2025-01-15', to: '2025-03-10' }));
  });

  it('pages through the sessions', async () => {
    const user = userEvent.setup();
    handle('getAnalytics', (config) => {
      requests.push(config.query);
      const page = Number(config.query.page);
      const report = makeReport({ data: [makeSession({ id: `s-${page}` })] });
      return {
        ...report,
        meta: {
          ...report.meta,
          current_page: page,
          last_page: 2,
          total: 21,
          per_page: 20,
          from: page === 1 ? 1 : 21,
          to: page === 1 ? 20 : 21,
        },
      };
    });
    const { search } = renderAnalytics();
    await screen.findByTestId('kpi-visitors');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: /Sessão de/ })[0]).toHaveAttribute(
        'href',
        '/analytics/session/s-2',
      ),
    );
  });

  it('shows skeletons while loading', async () => {
    handle('getAnalytics', () => new Promise(() => undefined));
    renderAnalytics();
    expect(
      await screen.findByRole('status', { name: 'Carregando os números do período...' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Carregando as sessões...' })).toBeInTheDocument();
  });

  it('without visits says how data arrives and offers to publish a page', async () => {
    answerReport(emptyReport());
    renderAnalytics();
    expect(await screen.findByRole('heading', { name: 'Nenhuma visita neste período.' })).toBeInTheDocument();
    expect(screen.getByText(/contador de visitas embutido/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Publicar uma página' })).toHaveAttribute('href', '/paginas');
    expect(screen.getByRole('button', { name: 'Ver os últimos 90 dias' })).toBeInTheDocument();
  });

  it('without visits for the filters offers to clear them', async () => {
    const user = userEvent.setup();
    answerReport(emptyReport());
    const { search } = renderAnalytics('/analytics?device=tablet');
    expect(
      await screen.findByRole('heading', { name: 'Nenhuma visita com esses filtros no período.' }),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Limpar filtros' }).at(-1)!);
    await waitFor(() => expect(search().get('device')).toBeNull());
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    answerReport({ message: 'Falha ao consultar o analytics.' }, 500);
    renderAnalytics();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Falha ao consultar o analytics.');
    answerReport(makeReport());
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('kpi-visitors')).toBeInTheDocument();
  });
});
