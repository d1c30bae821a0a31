import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyReport, makeReport } from '@/test/analytics-fixtures';
import type { Delivery, Lead } from '@vitrine/contracts';
import { demoUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { handle, reply, sent, type SentQuery } from '@/test/network';
import { DashboardRoute } from './dashboard';

const AGENCY = demoUser.real_estates[0]!.id;
const BASE = `/v1/real-estates/${AGENCY}`;
const NOW = new Date('2025-03-10T18:00:00.000Z');

function lead(n: number): Lead {
  return {
    id: `lead-${n}`,
    name: `Lead ${n}`,
    email: null,
    phone: '11988887777',
    message: null,
    status: 'novo',
    source: 'landing_page',
    source_details: null,
    listing_code: null,
    page: { id: 3, title: 'Casa no Butantã', slug: 'casa' },
    contact_id: null,
    is_repeat: false,
    is_test: false,
    quarantined: false,
    quarantine_reason: null,
    consent: true,
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    gclid: null,
    fbclid: null,
    referrer: null,
    session_id: null,
    // Lead 1 is the newest; each next one an hour older.
    created_at: new Date(NOW.getTime() - n * 3_600_000).toISOString(),
    status_changed_at: null,
    // Past the agency's response deadline (the server's flag).
    overdue: n >= 3,
    over_plan_limit: false,
  };
}

function list<T>(data: T[], total: number, page: number, perPage: number) {
  return {
    data,
    meta: {
      current_page: page,
      per_page: perPage,
      total,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      from: data.length ? (page - 1) * perPage + 1 : null,
      to: data.length ? (page - 1) * perPage + data.length : null,
      quarantined: 0,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
}

/** `total` novo leads, newest first, paged as the API pages them. */
function replyNovoLeads(total: number) {
  handle('listLeads', (config) => {
    const p = config.query;
    const perPage = Number(p.per_page);
    const page = Number(p.page);
    const all = Array.from({ length: total }, (_, i) => lead(i + 1));
    return list(all.slice((page - 1) * perPage, page * perPage), total, page, perPage);
  });
}

const failedDelivery: Delivery = {
  id: 'd-1',
  webhook_id: 'msg_1',
  lead_id: 'lead-7',
  lead: { name: 'Maria Souza', is_test: false },
  integration: 'arbo',
  status: 'dead',
  attempts: 8,
  last_status_code: 401,
  last_error: 'Chave de API inválida',
  next_attempt_at: null,
  delivered_at: null,
  external_id: null,
  created_at: '2025-03-09T15:00:00.000Z',
  updated_at: '2025-03-09T15:00:00.000Z',
};

let analyticsParams: SentQuery | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  analyticsParams = undefined;
});
afterEach(() => vi.useRealTimers());

function replyAnalytics(body: unknown, status = 200) {
  handle('getAnalytics', (config) => {
    analyticsParams = config.query;
    return reply(status, body);
  });
}
function replyDeliveries(byStatus: Partial<Record<string, Delivery[]>> = {}) {
  handle('listDeliveries', (config) => {
    const rows = byStatus[config.query.status as string] ?? [];
    return list(rows, rows.length, 1, 5);
  });
}

function renderDashboard() {
  return renderWithRouter(
    [
      { path: '/dashboard', element: <DashboardRoute /> },
      { path: '*', element: <p>outra página</p> },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: ['/dashboard'] },
  );
}

describe('/dashboard: the week at a glance', () => {
  it('shows the last 7 days with sparklines and the change against the week before', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const visitors = await screen.findByTestId('week-visitors');
    expect(analyticsParams).toEqual({ from: '2025-03-04', to: '2025-03-10', page: '1', per_page: '1' });
    expect(visitors).toHaveTextContent('Visitantes120+20%');
    expect(within(visitors).getByRole('img')).toHaveAccessibleName(
      'Visitantes por dia: de 30 a 50; mínimo 30, máximo 50.',
    );
    expect(within(screen.getByTestId('week-conversion')).getByRole('img')).toHaveAccessibleName(
      /^Conversão por dia: de 0% a/,
    );
    expect(screen.getByRole('link', { name: 'Abrir o Analytics' })).toHaveAttribute(
      'href',
      '/analytics?periodo=7d',
    );
    // What the dashboard already showed stays: the agency and the lead count.
    expect(screen.getByTestId('dashboard-agency-name')).toHaveTextContent('Imobiliária Demonstração');
    expect(await screen.findByTestId('leads-summary')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Atalhos' })).toBeInTheDocument();
  });

  it('lists the leads waiting longest first, from the last pages of the list', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(12);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('waiting-leads');
    await waitFor(() => expect(within(card).getAllByRole('link')).toHaveLength(6));
    const names = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toEqual([
      'Lead 12Casa no ButantãAtrasadohá 12 horas',
      'Lead 11Casa no ButantãAtrasadohá 11 horas',
      'Lead 10Casa no ButantãAtrasadohá 10 horas',
      'Lead 9Casa no ButantãAtrasadohá 9 horas',
      'Lead 8Casa no ButantãAtrasadohá 8 horas',
    ]);
    expect(within(card).getAllByRole('link')[0]).toHaveAttribute('href', '/leads?lead=lead-12');
    expect(within(card).getByRole('link', { name: 'Ver os 12 leads novos' })).toHaveAttribute(
      'href',
      '/leads?status=novo',
    );
    const requested = sent('GET')
      .filter((r) => r.path === `${BASE}/leads` && r.query.status === 'novo')
      .map((r) => r.query.page);
    expect(requested).toEqual(['1', '3', '2']);
  });

  it('with few new leads needs one request', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(3);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('waiting-leads');
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(3));
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent('Lead 3');
    expect(within(card).getAllByRole('listitem')[0]).toHaveTextContent('Atrasado');
    expect(within(card).getAllByRole('listitem')[2]).not.toHaveTextContent('Atrasado');
    expect(sent('GET').filter((r) => r.path === `${BASE}/leads` && r.query.status === 'novo')).toHaveLength(
      1,
    );
  });

  it('says when nobody waits', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('waiting-leads');
    expect(await within(card).findByText(/Nenhum lead novo esperando/)).toBeInTheDocument();
  });

  it('shows the deliveries that failed, linking to their lead', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries({ dead: [failedDelivery] });
    renderDashboard();
    const card = await screen.findByTestId('deliveries-attention');
    const link = await within(card).findByRole('link', { name: /Maria Souza → Arbo/ });
    expect(link).toHaveAttribute('href', '/leads?lead=lead-7');
    expect(link).toHaveTextContent('HTTP 401: Chave de API inválida');
    expect(within(card).getByText('Falha definitiva')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Abrir o registro de entregas' })).toHaveAttribute(
      'href',
      '/leads?tab=entregas&status=dead',
    );
  });

  it('says when every delivery reached the CRM', async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('deliveries-attention');
    expect(await within(card).findByText('Todas as entregas ao CRM estão em dia.')).toBeInTheDocument();
  });

  it('ranks the listings by leads and by conversion (with enough visits to mean something)', async () => {
    const report = makeReport();
    const pages = [
      ...report.breakdowns.pages,
      // 1 visit, 1 lead: 100% but luck; stays out of the conversion ranking.
      {
        key: '9',
        label: 'Sobrado',
        visitors: 1,
        sessions: 1,
        pageviews: 1,
        leads: 1,
        conversion_rate: 1,
        page: { id: 9, title: 'Sobrado' },
      },
    ];
    replyAnalytics({ ...report, breakdowns: { ...report.breakdowns, pages } });
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const byLeads = await screen.findByTestId('top-by-leads');
    await waitFor(() => expect(within(byLeads).getAllByRole('listitem')).toHaveLength(3));
    expect(within(byLeads).getAllByRole('listitem')[0]).toHaveTextContent(
      'Casa no Butantã80 visitasLeads: 5',
    );
    const byConversion = screen.getByTestId('top-by-conversion');
    const rows = within(byConversion).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Casa no Butantã5 de 80 visitasConversão: 6,3%',
      '2Apartamento na Vila Mariana1 de 40 visitasConversão: 2,5%',
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/analytics?periodo=7d&page_id=3');
  });

  it('keeps the "Leads por origem" card in place while the week loads, and says so', async () => {
    handle('getAnalytics', () => new Promise(() => undefined));
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('lead-sources');
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByText('Carregando os leads por origem...')).toBeInTheDocument();
    expect(within(card).queryByText('Nenhum lead no período.')).not.toBeInTheDocument();
  });

  it("breaks the week's leads down by source, and each listing's by source", async () => {
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const card = await screen.findByTestId('lead-sources', {}, { timeout: 5000 });
    const bySource = await within(card).findByRole('list', { name: 'Leads por origem' });
    expect(card).toHaveAttribute('aria-busy', 'false');
    expect(
      within(bySource)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Página3 (50%)', 'Portal ZAP2 (33,3%)', 'Instagram1 (16,7%)']);
    const byListing = within(card).getByRole('list', { name: 'Leads por imóvel e origem' });
    const [casa, none] = within(byListing).getAllByRole('listitem');
    expect(casa).toHaveTextContent('Casa no Butantã5 leadsPágina 3 · Portal ZAP 2');
    expect(within(casa!).getByRole('link', { name: 'Casa no Butantã' })).toHaveAttribute(
      'href',
      '/leads?page_id=3',
    );
    expect(none).toHaveTextContent('Sem imóvel1 leadInstagram 1');
  });

  it('a week without visits says how they arrive; an error offers a retry', async () => {
    const user = userEvent.setup();
    replyAnalytics(emptyReport());
    replyNovoLeads(0);
    replyDeliveries();
    const view = renderDashboard();
    expect(await screen.findByText(/Nenhuma visita nos últimos 7 dias/)).toBeInTheDocument();
    view.unmount();

    replyAnalytics({ message: 'Falha no analytics.' }, 500);
    replyNovoLeads(0);
    replyDeliveries();
    renderDashboard();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Falha no analytics.');
    replyAnalytics(makeReport());
    replyNovoLeads(0);
    replyDeliveries();
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByTestId('week-visitors')).toBeInTheDocument();
  });
});

describe('/dashboard: only what the role can open', () => {
  function renderAs(role: 'owner' | 'admin' | 'agent') {
    const user = {
      ...demoUser,
      real_estates: [{ ...demoUser.real_estates[0]!, role }],
    };
    return renderWithRouter(
      [
        { path: '/dashboard', element: <DashboardRoute /> },
        { path: '*', element: <p>outra página</p> },
      ],
      { auth: fakeAuth({ user }), initialEntries: ['/dashboard'] },
    );
  }
  const shortcuts = () =>
    within(screen.getByRole('region', { name: 'Atalhos' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));

  beforeEach(() => {
    replyAnalytics(emptyReport());
    replyNovoLeads(0);
    replyDeliveries();
  });

  it('a Corretor gets no "Editar perfil" nor shortcuts to Integrações, Usuários or the agency account', async () => {
    renderAs('agent');
    await screen.findByRole('region', { name: 'Atalhos' });
    expect(screen.queryByRole('link', { name: 'Editar perfil' })).toBeNull();
    expect(shortcuts()).toEqual(['/paginas', '/leads', '/analytics']);
  });

  it('owners and admins get them all', async () => {
    for (const role of ['owner', 'admin'] as const) {
      const view = renderAs(role);
      await screen.findByRole('region', { name: 'Atalhos' });
      expect(screen.getByRole('link', { name: 'Editar perfil' })).toHaveAttribute('href', '/conta');
      expect(shortcuts()).toEqual([
        '/paginas',
        '/leads',
        '/origens',
        '/integracoes',
        '/portais',
        '/conversoes',
        '/analytics',
        '/usuarios',
        '/conta',
      ]);
      view.unmount();
    }
  });
});
