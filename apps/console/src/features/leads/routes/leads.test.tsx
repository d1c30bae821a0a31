import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import type { Answer } from '@/lib/api-client';
import { failure, handle, reply, sent, type SentQuery } from '@/test/network';
import type { Delivery, Lead, LeadDetail, Member } from '@vitrine/contracts';
import { LeadsRoute } from './leads';

// recharts needs a real layout engine; the chart has its own tests of what it counts.
vi.mock('../components/leads-per-day-chart', () => ({ LeadsPerDayChart: () => null }));

const AGENCY = demoUser.real_estates[0]!.id;

function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Maria Souza',
    email: 'maria@example.com',
    phone: '11988887777',
    message: 'Quero visitar',
    status: 'novo',
    source: 'landing_page',
    source_details: null,
    listing_code: null,
    page: { id: 3, title: 'Casa no Butantã', slug: 'casa-no-butanta' },
    contact_id: 'c1',
    is_repeat: true,
    is_test: false,
    quarantined: false,
    quarantine_reason: null,
    consent: true,
    utm: { source: 'google', medium: 'cpc', campaign: 'verao', term: null, content: null },
    gclid: null,
    fbclid: null,
    referrer: null,
    session_id: null,
    created_at: '2025-03-10T15:05:00Z',
    status_changed_at: null,
    overdue: false,
    over_plan_limit: false,
    ...overrides,
  };
}

function page<T>(
  data: T[],
  meta: Partial<{ current_page: number; per_page: number; total: number; last_page: number }> = {},
) {
  const perPage = meta.per_page ?? 25;
  const current = meta.current_page ?? 1;
  const total = meta.total ?? data.length;
  return {
    data,
    meta: {
      current_page: current,
      per_page: perPage,
      total,
      last_page: meta.last_page ?? Math.max(1, Math.ceil(total / perPage)),
      from: data.length ? (current - 1) * perPage + 1 : null,
      to: data.length ? (current - 1) * perPage + data.length : null,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
}

/** The leads list as the server answers it: a page, and in meta how many are in quarantine. */
function leadList(data: Lead[], meta: Parameters<typeof page>[1] = {}, quarantined = 0): Answer<'listLeads'> {
  const list = page(data, meta);
  return { ...list, meta: { ...list.meta, quarantined } };
}

function detail(overrides: Partial<LeadDetail> = {}): LeadDetail {
  return { ...makeLead(), contact_leads: [], deliveries: [], ...overrides };
}

let listRequests: SentQuery[] = [];

beforeEach(() => {
  // The side panel's line of what went to the ad platforms (docs/product.md#ad-conversions).
  handle('getLeadConversions', {
    data: {
      summary: 'Enviado ao Meta; aguardando envio ao Google.',
      conversions: [
        {
          platform: 'meta',
          event: 'Lead',
          status: 'delivered',
          at: '2026-11-27T13:00:00.000Z',
          message: null,
        },
      ],
    },
  });
  resetToastsForTests();
  setXsrfCookie('t');
  listRequests = [];
  // The page filter reads only each page's id and title.
  handle('listPages', page([{ id: 3, title: 'Casa no Butantã' }]) as unknown as Answer<'listPages'>);
  // The team, for the "Responsável" filter.
  handle('listMembers', page([]));
});

function replyList(body: Answer<'listLeads'>) {
  handle('listLeads', (config) => {
    if (config.params.id !== String(AGENCY)) return failure(404);
    listRequests.push(config.query);
    return body;
  });
}

function renderLeads(url = '/leads', user = demoUser) {
  const view = renderWithRouter(
    [
      {
        path: '/leads',
        element: (
          <>
            <LeadsRoute />
            <Toaster />
          </>
        ),
      },
      { path: '*', element: <p>outra página</p> },
    ],
    { auth: fakeAuth({ user }), initialEntries: [url] },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, search };
}

const lastList = () => listRequests[listRequests.length - 1];

describe('/leads list', () => {
  it('asks for page 1 with 25 per page and shows "x–y de N"', async () => {
    replyList(leadList([makeLead()], { total: 1 }));
    renderLeads();
    expect(await screen.findAllByText('Maria Souza')).not.toHaveLength(0);
    expect(lastList()).toEqual({ page: '1', per_page: '25' });
    expect(screen.getByRole('navigation', { name: 'Paginação de leads' })).toHaveTextContent(
      '1–1 de 1 leads',
    );
    // Phone in pt-BR, the repeat badge, the campaign summary.
    expect(screen.getAllByText('(11) 98888-7777')).not.toHaveLength(0);
    expect(screen.getAllByText('Retorno')).not.toHaveLength(0);
    expect(screen.getAllByText('google / cpc · verao')).not.toHaveLength(0);
    expect(screen.queryByText('Atrasado')).not.toBeInTheDocument();
  });

  it('flags leads past the response deadline and those over the plan', async () => {
    replyList(leadList([makeLead({ overdue: true, over_plan_limit: true })], { total: 1 }));
    renderLeads();
    expect(await screen.findAllByText('Atrasado')).not.toHaveLength(0);
    expect(screen.getAllByText('Além do plano')).not.toHaveLength(0);
  });

  it('reads the filters from the URL and sends them', async () => {
    replyList(leadList([makeLead({ status: 'ganho' })]));
    renderLeads('/leads?status=ganho&search=maria&quarantined=1&page=2&per_page=50');
    await screen.findAllByText('Maria Souza');
    expect(lastList()).toEqual({
      status: 'ganho',
      search: 'maria',
      quarantined: '1',
      page: '2',
      per_page: '50',
    });
    expect(screen.getByLabelText('Status')).toHaveValue('ganho');
    expect(screen.getByLabelText('Buscar')).toHaveValue('maria');
    expect(screen.getByRole('switch', { name: 'Quarentena' })).toBeChecked();
  });

  it('writes filter changes to the URL, back to page 1, and the back button undoes them', async () => {
    const user = userEvent.setup();
    replyList(leadList([makeLead()], { total: 60, last_page: 3, current_page: 2 }));
    const { router, search } = renderLeads('/leads?page=2');
    await screen.findAllByText('Maria Souza');

    await user.selectOptions(screen.getByLabelText('Status'), 'proposta');
    await waitFor(() => expect(search().toString()).toBe('status=proposta'));
    await waitFor(() => expect(lastList()).toEqual({ status: 'proposta', page: '1', per_page: '25' }));

    await user.selectOptions(screen.getByLabelText('Imóvel'), '3');
    await waitFor(() => expect(search().get('page_id')).toBe('3'));

    await user.click(screen.getByRole('switch', { name: 'Incluir leads de teste' }));
    await waitFor(() => expect(search().get('include_tests')).toBe('1'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(search().get('include_tests')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Incluir leads de teste' })).not.toBeChecked();
  });

  it('the period reads and is typed as dd/mm/aaaa; the URL and the API get YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    replyList(leadList([makeLead()]));
    const { search } = renderLeads('/leads?from=2025-03-01');
    await screen.findAllByText('Maria Souza');
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('Até');
    expect(from).toHaveValue('01/03/2025');
    expect(from).toHaveAttribute('inputmode', 'numeric');

    await user.type(to, '15032025');
    expect(to).toHaveValue('15/03/2025');
    await waitFor(() => expect(search().get('to')).toBe('2025-03-15'));
    await waitFor(() =>
      expect(lastList()).toEqual({ from: '2025-03-01', to: '2025-03-15', page: '1', per_page: '25' }),
    );

    // An impossible day is refused where it was typed and never reaches the URL.
    await user.clear(from);
    await user.type(from, '31022025');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(
      expect.stringContaining('De: 31/02/2025 não é uma data válida.'),
    );
    expect(search().get('to')).toBe('2025-03-15');
    expect(search().get('from')).toBeNull();

    // A final day before the first one is pointed out on "Até".
    await user.clear(from);
    await user.type(from, '20032025');
    await waitFor(() => expect(search().get('from')).toBe('2025-03-20'));
    expect(to).toHaveAccessibleDescription(
      expect.stringContaining('Até: a data final é anterior à inicial (20/03/2025).'),
    );
  });

  it('debounces the search before it reaches the URL', async () => {
    const user = userEvent.setup();
    replyList(leadList([makeLead()]));
    const { search } = renderLeads();
    await screen.findAllByText('Maria Souza');
    await user.type(screen.getByLabelText('Buscar'), 'joão');
    expect(search().get('search')).toBeNull();
    await waitFor(() => expect(search().get('search')).toBe('joão'));
    await waitFor(() => expect(lastList()).toEqual({ search: 'joão', page: '1', per_page: '25' }));
    // One request for the whole word, not one per letter.
    expect(listRequests.filter((p) => p?.search)).toHaveLength(1);
  });

  it('pages forward and back', async () => {
    const user = userEvent.setup();
    handle('listLeads', (config) => {
      listRequests.push(config.query);
      const current = Number(config.query.page);
      return leadList([makeLead({ name: `Lead da página ${current}` })], {
        total: 30,
        current_page: current,
        last_page: 2,
      });
    });
    const { search } = renderLeads();
    await screen.findAllByText('Lead da página 1');
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    await screen.findAllByText('Lead da página 2');
    expect(search().get('page')).toBe('2');
    expect(lastList()).toEqual({ page: '2', per_page: '25' });
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Página anterior' }));
    await screen.findAllByText('Lead da página 1');
    expect(search().get('page')).toBeNull();
  });

  it('the export link carries the filters but not the page', async () => {
    replyList(leadList([makeLead()]));
    renderLeads('/leads?status=novo&from=2025-01-01&page=2');
    const link = await screen.findByRole('link', { name: 'Exportar CSV' });
    expect(link).toHaveAttribute(
      'href',
      `/v1/real-estates/${AGENCY}/leads/export?status=novo&from=2025-01-01`,
    );
  });

  it('hides the property filter when the pages list is unavailable', async () => {
    handle('listPages', failure(404, { message: 'Not Found' }));
    replyList(leadList([makeLead()]));
    renderLeads();
    await screen.findAllByText('Maria Souza');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Imóvel')).not.toBeInTheDocument();
  });
});

describe('/leads: who is in charge', () => {
  const member = (id: number, name: string): Member => ({
    id,
    name,
    email: `m${id}@imobiliaria.test`,
    role: 'agent',
    status: 'active',
    invited_at: null,
    joined_at: '2025-03-01T12:00:00.000Z',
    invite_expires_at: null,
    in_rotation: false,
  });
  const withMembers = () => handle('listMembers', page([member(7, 'Bruno Lima'), member(8, 'Carla Reis')]));
  const twoLeads = () =>
    leadList([
      makeLead({ assigned_user_id: 7, assigned_user_name: 'Bruno Lima' }),
      makeLead({ id: '22222222-2222-4222-8222-222222222222', name: 'João Sem Dono', assigned_user_id: null }),
    ]);

  it('shows the "Responsável" column (name or —) in the table and on the phone card', async () => {
    withMembers();
    replyList(twoLeads());
    renderLeads();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Responsável' })).toBeInTheDocument();
    const rowOf = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('Maria Souza')).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(rowOf('João Sem Dono')).getByText('—')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Leads' })).getAllByRole('listitem');
    expect(within(cards[0]!).getByText('Bruno Lima')).toBeInTheDocument();
    expect(within(cards[0]!).getByLabelText('Responsável')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('—')).toBeInTheDocument();
  });

  it('filters by member or "Sem responsável", kept in the URL and sent as assigned_to', async () => {
    const user = userEvent.setup();
    withMembers();
    replyList(twoLeads());
    const { search } = renderLeads('/leads?assigned_to=8');
    await screen.findAllByText('Maria Souza');
    expect(lastList()).toEqual({ assigned_to: '8', page: '1', per_page: '25' });
    const filter = await screen.findByLabelText('Responsável', { selector: 'select' });
    await waitFor(() => expect(filter).toHaveValue('8'));
    await user.selectOptions(filter, 'none');
    await waitFor(() => expect(search().toString()).toBe('assigned_to=none'));
    await waitFor(() => expect(lastList()).toEqual({ assigned_to: 'none', page: '1', per_page: '25' }));
    await user.selectOptions(filter, '7');
    await waitFor(() => expect(search().get('assigned_to')).toBe('7'));
    // "Limpar filtros" clears it with the others
    await user.click(screen.getAllByRole('button', { name: 'Limpar filtros' })[0]!);
    await waitFor(() => expect(search().get('assigned_to')).toBeNull());
  });

  it('an agent who sees only their own leads gets no "Responsável" filter (nor asks for the team)', async () => {
    const agent = { ...singleAgencyUser };
    const teamCalls: unknown[] = [];
    handle('listMembers', (c) => {
      teamCalls.push(c.query);
      return failure(403, { message: 'Esta ação não é permitida.' });
    });
    handle('listPages', page([]) as unknown as Answer<'listPages'>);
    const body = twoLeads();
    handle('listLeads', ({ params }) =>
      params.id === String(agent.real_estates[0]!.id)
        ? { ...body, meta: { ...body.meta, own_leads_only: true } }
        : failure(404),
    );
    renderLeads('/leads', agent);
    await screen.findAllByText('Maria Souza');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.queryByLabelText('Responsável', { selector: 'select' })).not.toBeInTheDocument();
    expect(teamCalls).toEqual([]);
  });

  it('an agent who sees every lead can filter "Meus leads" by themselves or nobody', async () => {
    const agent = { ...singleAgencyUser };
    handle('listPages', page([]) as unknown as Answer<'listPages'>);
    const body = twoLeads();
    handle('listLeads', { ...body, meta: { ...body.meta, own_leads_only: false } });
    renderLeads('/leads', agent);
    const filter = await screen.findByLabelText('Responsável', { selector: 'select' });
    const options = within(filter)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Todos', 'Sem responsável', 'Bruno Corretor (você)']);
  });
});

describe('/leads: where each lead came from', () => {
  const zap = makeLead({
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Carla Portal',
    source: 'portal_zap',
    listing_code: 'CASA-1',
    source_details: { temperature: 'Alta', transaction_type: 'SELL', lead_origin: 'ZAP' },
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
  });
  const lost = makeLead({
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Diego Sem Imóvel',
    source: 'portal_olx',
    page: null,
    listing_code: 'XYZ-999',
    source_details: { temperature: 'Média', transaction_type: 'RENT' },
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
  });
  const insta = makeLead({
    id: '55555555-5555-4555-8555-555555555555',
    name: 'Eva Insta',
    source: 'instagram',
    page: null,
    source_details: {
      platform: 'ig',
      form_name: 'Lançamento Vila Nova',
      campaign_name: 'Verão 2025',
      ad_name: 'Carrossel 3 quartos',
      answers: [
        { question: 'Quantos quartos você procura?', answer: '3' },
        { question: 'Quando pretende se mudar?', answer: 'Em até 6 meses' },
      ],
    },
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
  });
  const api = makeLead({
    id: '66666666-6666-4666-8666-666666666666',
    name: 'Fábio API',
    source: 'api',
    page: null,
    source_details: { origin: 'RD Station', renda_familiar: 'R$ 8 a 12 mil' },
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
  });

  it('shows a badge per source and "imóvel não encontrado (código X)" when the code matched no page', async () => {
    replyList(leadList([zap, lost, insta, api]));
    renderLeads();
    await screen.findAllByText('Carla Portal');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    const badge = (row: HTMLElement) => row.querySelector('[data-slot="badge"][data-source]');
    expect(rows.map((r) => badge(r)?.textContent)).toEqual(['Portal ZAP', 'OLX', 'Instagram', 'API']);
    expect(new Set(rows.map((r) => badge(r)?.className)).size).toBe(4);
    expect(within(rows[1]!).getByText('imóvel não encontrado (código XYZ-999)')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Casa no Butantã')).toBeInTheDocument();
    // A Meta lead's campaign is under its badge; the phone cards say the same.
    expect(within(rows[2]!).getByText('Verão 2025')).toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Leads' });
    expect(within(cards).getByText('imóvel não encontrado (código XYZ-999)')).toBeInTheDocument();
    expect(within(cards).getAllByText('Portal ZAP')).toHaveLength(1);
  });

  it('the source filter lists every source, and "Sem imóvel encontrado" is kept in the URL and sent', async () => {
    const user = userEvent.setup();
    replyList(leadList([lost]));
    const { search } = renderLeads('/leads?source=portal_olx');
    await screen.findAllByText('Diego Sem Imóvel');
    const source = screen.getByLabelText('Origem');
    expect(source).toHaveValue('portal_olx');
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Todas',
      'Página',
      'Portal ZAP',
      'VivaReal',
      'OLX',
      'Facebook',
      'Instagram',
      'API',
      'Lead de teste',
    ]);
    const chip = screen.getByRole('button', { name: 'Sem imóvel encontrado' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    await waitFor(() => expect(search().get('listing_not_found')).toBe('1'));
    await waitFor(() =>
      expect(lastList()).toEqual({ source: 'portal_olx', listing_not_found: '1', page: '1', per_page: '25' }),
    );
    expect(screen.getByRole('button', { name: 'Sem imóvel encontrado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('link', { name: /Exportar CSV/ }).getAttribute('href')).toContain(
      'listing_not_found=1',
    );
    await user.click(screen.getByRole('button', { name: 'Sem imóvel encontrado' }));
    await waitFor(() => expect(search().get('listing_not_found')).toBeNull());
  });

  it('opens from the lead sources screen link (?listing_not_found=1)', async () => {
    replyList(leadList([lost]));
    renderLeads('/leads?listing_not_found=1');
    await screen.findAllByText('Diego Sem Imóvel');
    expect(lastList()).toEqual({ listing_not_found: '1', page: '1', per_page: '25' });
    expect(screen.getByRole('button', { name: 'Sem imóvel encontrado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it("a portal lead's detail shows the source, the code not found, temperature and deal", async () => {
    replyList(leadList([lost]));
    handle('getLead', { data: detail(lost) });
    renderLeads(`/leads?lead=${lost.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Diego Sem Imóvel' });
    const origin = within(dialog).getByRole('region', { name: 'Origem' });
    const field = (label: string) => within(origin).getByText(label).nextElementSibling?.textContent;
    expect(field('Imóvel')).toBe('imóvel não encontrado (código XYZ-999)');
    expect(field('Código do imóvel')).toBe('XYZ-999');
    expect(field('Canal')).toBe('OLX');
    expect(field('Temperatura')).toBe('Média');
    expect(field('Negócio')).toBe('Aluguel');
  });

  it("a form lead's detail shows the form, campaign, ad and the answers as a definition list", async () => {
    replyList(leadList([insta]));
    handle('getLead', { data: detail(insta) });
    renderLeads(`/leads?lead=${insta.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Eva Insta' });
    const origin = within(dialog).getByRole('region', { name: 'Origem' });
    const field = (label: string) => within(origin).getByText(label).nextElementSibling?.textContent;
    expect(field('Canal')).toBe('Instagram');
    expect(field('Formulário')).toBe('Lançamento Vila Nova');
    expect(field('Campanha')).toBe('Verão 2025');
    expect(field('Anúncio')).toBe('Carrossel 3 quartos');
    const answers = within(dialog).getByRole('region', { name: 'Respostas do formulário (Instagram)' });
    const terms = within(answers)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(answers)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Quantos quartos você procura?', 'Quando pretende se mudar?']);
    expect(values).toEqual(['3', 'Em até 6 meses']);
  });

  it("an API lead's detail shows the origin it named and its extra fields", async () => {
    replyList(leadList([api]));
    handle('getLead', { data: detail(api) });
    renderLeads(`/leads?lead=${api.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Fábio API' });
    const origin = within(dialog).getByRole('region', { name: 'Origem' });
    expect(within(origin).getByText('Origem informada').nextElementSibling).toHaveTextContent('RD Station');
    const extra = within(dialog).getByRole('region', { name: 'Campos enviados pela API' });
    expect(within(extra).getByText('renda familiar').nextElementSibling).toHaveTextContent('R$ 8 a 12 mil');
  });
});

describe('/leads empty and error states', () => {
  it('with no leads at all, points to publishing a page', async () => {
    replyList(leadList([]));
    renderLeads();
    expect(await screen.findByText('Nenhum lead ainda.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Publique uma página' })).toHaveAttribute('href', '/paginas');
  });

  it('with filters, offers to clear them', async () => {
    const user = userEvent.setup();
    replyList(leadList([]));
    const { search } = renderLeads('/leads?status=perdido&search=zz');
    await screen.findByText('Nenhum lead com esses filtros.');
    const empty = screen.getByText('Nenhum lead com esses filtros.').parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(search().toString()).toBe(''));
  });

  it('shows the error with a retry that works', async () => {
    const user = userEvent.setup();
    handle('listLeads', failure(500, { message: 'Falha no servidor.' }), { once: true });
    replyList(leadList([makeLead()]));
    renderLeads();
    expect(await screen.findByText('Falha no servidor.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByText('Maria Souza')).not.toHaveLength(0);
  });

  it("shows the server's 422 message for a bad filter", async () => {
    handle(
      'listLeads',
      failure(422, { message: 'A data inicial deve estar no formato AAAA-MM-DD.', errors: {} }),
    );
    renderLeads();
    expect(await screen.findByText('A data inicial deve estar no formato AAAA-MM-DD.')).toBeInTheDocument();
  });
});

describe('/leads quarantine: visible, one click away, released from the list', () => {
  const withQuarantine = (body: Answer<'listLeads'>, quarantined: number) => ({
    ...body,
    meta: { ...body.meta, quarantined },
  });

  it('says how many leads are in quarantine and shows them with one click', async () => {
    const user = userEvent.setup();
    handle('listLeads', (config) => {
      listRequests.push(config.query);
      const inQuarantine = config.query?.quarantined === '1';
      return inQuarantine ? withQuarantine(leadList([]), 3) : withQuarantine(leadList([makeLead()]), 3);
    });
    const { search } = renderLeads();
    const notice = await screen.findByTestId('quarantine-notice');
    expect(notice).toHaveTextContent('3 leads em quarentena');
    await user.click(within(notice).getByRole('button', { name: 'Ver os 3 em quarentena' }));
    await waitFor(() => expect(search().get('quarantined')).toBe('1'));
    await waitFor(() => expect(lastList()).toEqual({ quarantined: '1', page: '1', per_page: '25' }));
  });

  it('an empty list with leads in quarantine says so and links to them (never a bare "Nenhum lead ainda")', async () => {
    const user = userEvent.setup();
    replyList(withQuarantine(leadList([]), 2));
    const { search } = renderLeads();
    expect(
      await screen.findByText('Nenhum lead liberado, mas há 2 leads em quarentena.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nenhum lead ainda.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver os 2 em quarentena' }));
    await waitFor(() => expect(search().get('quarantined')).toBe('1'));
  });

  it('with filters and nothing outside the quarantine, offers both ways', async () => {
    replyList(withQuarantine(leadList([]), 1));
    renderLeads('/leads?search=robo');
    const title = await screen.findByText('Nenhum lead com esses filtros.');
    const empty = title.parentElement!;
    expect(within(empty).getByText('Com esses filtros há 1 lead em quarentena.')).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Ver o lead em quarentena' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Limpar filtros' })).toBeInTheDocument();
  });

  it('lists each quarantined lead with its reason and a "Liberar" that releases it', async () => {
    const user = userEvent.setup();
    const bot = makeLead({
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Rita Rápida',
      quarantined: true,
      quarantine_reason: 'campo oculto preenchido (robô)',
    });
    let released = false;
    handle('listLeads', (config) => {
      listRequests.push(config.query);
      return released ? withQuarantine(leadList([]), 0) : withQuarantine(leadList([bot]), 1);
    });
    handle('releaseLead', () => {
      released = true;
      return { data: { id: bot.id, deliveries: 1 }, message: 'Lead liberado e encaminhado às integrações.' };
    });
    const { search } = renderLeads('/leads?quarantined=1');
    expect(await screen.findByTestId('quarantine-header')).toHaveTextContent('1 lead em quarentena');
    expect(screen.getAllByText('campo oculto preenchido (robô)')).not.toHaveLength(0);
    const [release] = screen.getAllByRole('button', { name: 'Liberar Rita Rápida' });
    await user.click(release!);
    expect(
      await screen.findByText('Rita Rápida: Lead liberado e encaminhado às integrações.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhum lead em quarentena.')).toBeInTheDocument();
    expect(sent('POST').filter((r) => r.path === `/v1/leads/${bot.id}/release`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Ver todos os leads' }));
    await waitFor(() => expect(search().get('quarantined')).toBeNull());
  });
});

describe('a lead in the side panel', () => {
  const LEAD = makeLead();
  const DETAIL_URL = `/v1/leads/${LEAD.id}`;

  it('opens from ?lead= (e-mail deep link) with contact links and a prefilled WhatsApp', async () => {
    replyList(leadList([LEAD]));
    handle('getLead', {
      data: detail({
        contact_leads: [
          makeLead({
            id: '22222222-2222-4222-8222-222222222222',
            page: { id: 4, title: 'Apto Centro', slug: 'apto' },
          }),
        ],
      }),
    });
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    await within(dialog).findByText('Quero visitar');
    const whatsapp = within(dialog).getByRole('link', { name: /WhatsApp/ });
    const text = new URL(whatsapp.getAttribute('href')!).searchParams.get('text');
    expect(text).toContain('Olá Maria, aqui é da Imobiliária Demonstração, sobre o imóvel Casa no Butantã');
    expect(within(dialog).getByRole('link', { name: 'Ligar' })).toHaveAttribute('href', 'tel:+5511988887777');
    expect(within(dialog).getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      'mailto:maria@example.com',
    );
    expect(within(dialog).getByRole('link', { name: /Casa no Butantã/ })).toHaveAttribute(
      'href',
      '/imoveis/casa-no-butanta',
    );
    expect(within(dialog).getByText('Apto Centro')).toBeInTheDocument();
  });

  it('opens from the list and closes back to it', async () => {
    const user = userEvent.setup();
    replyList(leadList([LEAD]));
    handle('getLead', { data: detail() });
    const { search } = renderLeads('/leads?status=novo');
    const [link] = await screen.findAllByRole('link', { name: 'Maria Souza' });
    await user.click(link!);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    expect(search().get('lead')).toBe(LEAD.id);
    const conversions = await within(dialog).findByTestId('lead-conversions');
    expect(conversions).toHaveTextContent('Enviado ao Meta; aguardando envio ao Google.');
    expect(within(conversions).getByRole('listitem')).toHaveTextContent(
      'Meta: Lead · enviado em 27/11/2026 10:00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Fechar detalhes do lead' }));
    await waitFor(() => expect(search().toString()).toBe('status=novo'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the status at once and keeps it when the server agrees', async () => {
    const user = userEvent.setup();
    replyList(leadList([LEAD]));
    handle('getLead', { data: detail() });
    let resolvePatch: (value: Answer<'updateLead'>) => void = () => undefined;
    handle('updateLead', (config) => {
      expect(config.body).toEqual({ status: 'visita_agendada' });
      return new Promise((resolve) => {
        resolvePatch = resolve;
      });
    });
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    const select = await within(dialog).findByLabelText('Status');
    await user.selectOptions(select, 'visita_agendada');
    // Optimistic: before the server answers, the panel and the list already show it.
    expect(select).toHaveValue('visita_agendada');
    await waitFor(() => expect(screen.getAllByText('Visita agendada').length).toBeGreaterThan(1));
    resolvePatch({
      data: makeLead({ status: 'visita_agendada', status_changed_at: '2025-03-11T10:00:00Z' }),
    });
    expect(await screen.findByText('Status atualizado')).toBeInTheDocument();
    expect(select).toHaveValue('visita_agendada');
  });

  it('rolls the status back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    replyList(leadList([LEAD]));
    handle('getLead', { data: detail() });
    handle('updateLead', failure(500, { message: 'Banco indisponível.' }));
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    const select = await within(dialog).findByLabelText('Status');
    await user.selectOptions(select, 'ganho');
    expect(await screen.findByText('Não foi possível mudar o status')).toBeInTheDocument();
    expect(screen.getByText('Banco indisponível.')).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('novo'));
  });

  it("releases a quarantined lead with 'Liberar lead'", async () => {
    const user = userEvent.setup();
    const quarantined = detail({ quarantined: true, quarantine_reason: 'campo oculto preenchido (robô)' });
    replyList(leadList([LEAD]));
    handle('getLead', { data: quarantined }, { once: true });
    handle('getLead', { data: detail() });
    handle('releaseLead', {
      data: { id: LEAD.id, deliveries: 1 },
      message: 'Lead liberado e encaminhado às integrações.',
    });
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    expect(await within(dialog).findByText(/campo oculto preenchido/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Liberar lead' }));
    expect(await screen.findByText('Lead liberado e encaminhado às integrações.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Liberar lead' })).not.toBeInTheDocument(),
    );
    expect(sent('POST').filter((r) => r.path === `${DETAIL_URL}/release`)).toHaveLength(1);
  });

  it('shows the 409 of a lead that is no longer in quarantine', async () => {
    const user = userEvent.setup();
    replyList(leadList([LEAD]));
    handle('getLead', { data: detail({ quarantined: true, quarantine_reason: 'x' }) });
    handle('releaseLead', failure(409, { message: 'Este lead não está em quarentena.' }));
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    await user.click(await within(dialog).findByRole('button', { name: 'Liberar lead' }));
    expect(await screen.findByText('Não foi possível liberar o lead')).toBeInTheDocument();
    expect(screen.getByText('Este lead não está em quarentena.')).toBeInTheDocument();
  });

  it('shows the delivery ledger, its attempts, and replays a failed delivery', async () => {
    const user = userEvent.setup();
    const delivery = {
      id: '33333333-3333-4333-8333-333333333333',
      webhook_id: 'msg_3',
      integration: 'webhook' as const,
      status: 'dead' as const,
      attempts: 8,
      last_status_code: 500,
      last_error: 'O CRM respondeu 500.',
      next_attempt_at: null,
      delivered_at: null,
    };
    replyList(leadList([LEAD]));
    handle('getLead', { data: detail({ deliveries: [delivery] }) }, { once: true });
    handle('getLead', { data: detail({ deliveries: [{ ...delivery, status: 'pending' }] }) });
    handle('getDelivery', {
      data: {
        ...delivery,
        lead_id: LEAD.id,
        lead: { name: LEAD.name, is_test: false },
        external_id: null,
        created_at: LEAD.created_at,
        updated_at: LEAD.created_at,
        ledger: [
          {
            attempt: 1,
            started_at: '2025-03-10T15:05:01Z',
            duration_ms: 120,
            status_code: 500,
            outcome: 'retry',
            response: 'erro interno',
            error: null,
          },
        ],
      },
    });
    handle(
      'replayDelivery',
      reply(202, { data: { ...delivery, status: 'pending' }, message: 'Entrega reenviada para a fila.' }),
    );
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Maria Souza' });
    const item = await within(dialog).findByTestId('delivery-webhook');
    expect(within(item).getByText('Falha definitiva')).toBeInTheDocument();
    expect(within(item).getByText('8 tentativas')).toBeInTheDocument();
    expect(within(item).getByText(/O CRM respondeu 500/)).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /Ver tentativas/ }));
    expect(await within(item).findByText('Falhou, nova tentativa agendada')).toBeInTheDocument();
    expect(within(item).getByText('erro interno')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /Reenviar/ }));
    expect(await screen.findByText('Entrega reenviada para a fila.')).toBeInTheDocument();
    // Refreshed: now queued, so no replay button.
    await waitFor(() => expect(within(item).getByText('Na fila')).toBeInTheDocument());
    expect(within(item).queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();
  });

  it('says when the lead does not exist (other agency, wrong link)', async () => {
    replyList(leadList([LEAD]));
    handle('getLead', failure(404, { message: 'Lead não encontrado.' }));
    renderLeads(`/leads?lead=${LEAD.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Lead não encontrado')).toBeInTheDocument();
  });
});

describe("the 'Entregas' tab", () => {
  const delivery: Delivery = {
    id: '44444444-4444-4444-8444-444444444444',
    webhook_id: 'msg_4',
    lead_id: '11111111-1111-4111-8111-111111111111',
    lead: { name: 'Maria Souza', is_test: false },
    integration: 'webhook',
    status: 'failed',
    attempts: 2,
    last_status_code: 503,
    last_error: 'Serviço indisponível',
    next_attempt_at: '2025-03-10T16:00:00Z',
    external_id: null,
    delivered_at: null,
    created_at: '2025-03-10T15:05:00Z',
    updated_at: '2025-03-10T15:06:00Z',
  };

  it('reads its filters from the URL (the Integrações screen links here) and replays', async () => {
    const user = userEvent.setup();
    const requests: unknown[] = [];
    handle('listDeliveries', (config) => {
      requests.push(config.query);
      return page([delivery]);
    });
    handle('replayDelivery', failure(409, { message: 'Esta entrega já está na fila de envio.' }));
    renderLeads('/leads?tab=entregas&integration=webhook&status=failed');
    expect(await screen.findByRole('tab', { name: 'Entregas' })).toHaveAttribute('aria-selected', 'true');
    await screen.findAllByText('Serviço indisponível', { exact: false });
    expect(requests[0]).toEqual({ integration: 'webhook', status: 'failed', page: '1', per_page: '25' });
    expect(screen.getByLabelText('Integração')).toHaveValue('webhook');
    expect(screen.getAllByRole('link', { name: 'Maria Souza' })[0]).toHaveAttribute(
      'href',
      `/leads?tab=entregas&integration=webhook&status=failed&lead=${delivery.lead_id}`,
    );

    await user.click(screen.getAllByRole('button', { name: /Reenviar/ })[0]!);
    expect(await screen.findByText('Esta entrega já está na fila de envio.')).toBeInTheDocument();
  });

  it('a corretor (agent) sees leads and deliveries, but neither the CSV export nor the replay (owner/admin only)', async () => {
    const user = userEvent.setup();
    const agent = { ...demoUser, real_estates: [{ ...demoUser.real_estates[0]!, role: 'agent' as const }] };
    replyList(leadList([makeLead()]));
    handle('listDeliveries', page([delivery]));
    renderLeads('/leads', agent);
    await screen.findAllByText('Maria Souza');
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Entregas' }));
    await screen.findAllByText('Serviço indisponível', { exact: false });
    expect(screen.queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();
  });

  it('switching tabs drops the other tab’s filters', async () => {
    const user = userEvent.setup();
    replyList(leadList([makeLead()]));
    handle('listDeliveries', page([]));
    const { search } = renderLeads('/leads?status=novo');
    await screen.findAllByText('Maria Souza');
    await user.click(screen.getByRole('tab', { name: 'Entregas' }));
    await waitFor(() => expect(search().toString()).toBe('tab=entregas'));
    expect(await screen.findByText('Nenhuma entrega ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Exportar CSV' })).not.toBeInTheDocument();
  });
});
