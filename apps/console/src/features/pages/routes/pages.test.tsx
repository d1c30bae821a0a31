import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import type { Answer } from '@/lib/api-client';
import { failure, handle, sent, type SentQuery } from '@/test/network';
import { makePage, pageList } from '../test-fixtures';
import { PagesRoute } from './pages';

const AGENCY = demoUser.real_estates[0]!.id;
let listRequests: SentQuery[] = [];

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
  listRequests = [];
});

type ListAnswer = (params: SentQuery) => Answer<'listPages'>;

function replyList(body: Answer<'listPages'> | ListAnswer) {
  handle('listPages', (config) => {
    if (config.params.id !== String(AGENCY)) return failure(404);
    listRequests.push(config.query);
    return typeof body === 'function' ? body(config.query) : body;
  });
}

function renderPages(url = '/paginas') {
  const view = renderWithRouter(
    [
      {
        path: '/paginas',
        element: (
          <>
            <PagesRoute />
            <Toaster />
          </>
        ),
      },
      { path: '/paginas/:id', element: <p>editor</p> },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: [url] },
  );
  const search = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, search };
}

const lastList = () => listRequests[listRequests.length - 1];
const table = () => screen.getByRole('table');

describe('/paginas list', () => {
  it('shows each page with cover, code, status, price in BRL, leads and date; a public link only when not a draft', async () => {
    replyList(
      pageList([
        makePage({
          id: 1,
          title: 'Casa no Butantã',
          listing_code: 'CA-77',
          status: 'published',
          price_cents: 125_000_000,
          leads_count: 4,
          quarantined_leads_count: 2,
          photos: [{ id: 'p1', url: '/files/p1.jpg', width: 1, height: 1, alt: null }],
        }),
        makePage({ id: 2, title: 'Sala comercial', status: 'draft', price_cents: null }),
        makePage({
          id: 3,
          title: 'Kitnet no Centro',
          status: 'rented',
          purpose: 'rent',
          price_cents: 180_000,
        }),
      ]),
    );
    renderPages();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(lastList()).toEqual({ page: '1', per_page: '15' });
    expect(rows).toHaveLength(4);
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'Casa no Butantã' })).toHaveAttribute('href', '/paginas/1');
    expect(first.getByText(/Cód\. CA-77/)).toBeInTheDocument();
    expect(first.getByText('Publicada')).toBeInTheDocument();
    expect(first.getByText((t) => t.replace(/\u00a0/g, ' ') === 'R$ 1.250.000,00')).toBeInTheDocument();
    expect(first.getByText('4')).toBeInTheDocument();
    // Quarantined leads are not counted as leads; they are shown apart, a click from the Leads screen.
    expect(first.getByRole('link', { name: '2 em quarentena' })).toHaveAttribute(
      'href',
      '/leads?page_id=1&quarantined=1',
    );
    expect(within(rows[2]!).queryByText(/em quarentena/)).toBeNull();
    expect(first.getByText('10/03/2025')).toBeInTheDocument();
    const publicLink = first.getByRole('link', { name: /Ver a página pública de Casa no Butantã/ });
    // The landing pages' own origin (LANDING_URL), not the console's.
    expect(publicLink).toHaveAttribute('href', 'http://127.0.0.1:3000/imoveis/apartamento-1');
    expect(publicLink).toHaveAttribute('target', '_blank');

    const draft = within(rows[2]!);
    expect(draft.getByText('Rascunho')).toBeInTheDocument();
    expect(draft.getByText('Consulte')).toBeInTheDocument();
    expect(draft.queryByRole('link', { name: /página pública/ })).toBeNull();

    const rented = within(rows[3]!);
    expect(rented.getByText('Alugado')).toBeInTheDocument();
    expect(rented.getByText((t) => t.replace(/\u00a0/g, ' ') === 'R$ 1.800,00/mês')).toBeInTheDocument();
  });

  it('reads the filters from the URL and writes changes back (search debounced, back to page 1)', async () => {
    replyList(((params) =>
      pageList([makePage({ id: 1 })], {
        total: 40,
        current_page: Number(params.page),
      })) satisfies ListAnswer);
    const { search } = renderPages('/paginas?status=published&page=2');
    await screen.findByRole('table');
    expect(lastList()).toEqual({ page: '2', per_page: '15', status: 'published' });
    expect(screen.getByLabelText('Status')).toHaveValue('published');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Pinheiros');
    await waitFor(() => expect(search().get('search')).toBe('Pinheiros'));
    expect(search().get('page')).toBeNull();
    await waitFor(() =>
      expect(lastList()).toEqual({ page: '1', per_page: '15', status: 'published', search: 'Pinheiros' }),
    );
    // One request for the whole word, not one per letter.
    expect(listRequests.filter((p) => typeof p.search === 'string' && p.search !== 'Pinheiros')).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Finalidade'), 'rent');
    expect(search().get('purpose')).toBe('rent');
    await userEvent.selectOptions(screen.getByLabelText('Status'), '');
    expect(search().get('status')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(search().get('page')).toBe('2');
    await waitFor(() =>
      expect(lastList()).toMatchObject({ page: '2', purpose: 'rent', search: 'Pinheiros' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(search().toString()).toBe('');
  });

  it("deletes the selected pages after confirming 'Excluir selecionadas'", async () => {
    let pages = [
      makePage({ id: 1, title: 'Casa A' }),
      makePage({ id: 2, title: 'Casa B' }),
      makePage({ id: 3, title: 'Casa C' }),
    ];
    replyList(() => pageList(pages));
    let deleteBody: unknown = null;
    handle('deleteManyPages', (config) => {
      deleteBody = config.body;
      pages = pages.filter((p) => p.id === 2);
      return { data: { deleted: 2 } };
    });
    renderPages();
    await screen.findByRole('table');
    await userEvent.click(within(table()).getByRole('checkbox', { name: 'Selecionar Casa A' }));
    await userEvent.click(within(table()).getByRole('checkbox', { name: 'Selecionar Casa C' }));
    expect(screen.getByRole('region', { name: 'Ações em lote' })).toHaveTextContent('2 páginas selecionadas');

    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionadas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir 2 páginas?' });
    // Nothing is deleted before the confirmation.
    expect(deleteBody).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(deleteBody).toEqual({ ids: [1, 3] }));
    expect(await screen.findByText('2 páginas excluídas')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Casa A')).toBeNull());
    expect(within(table()).getByText('Casa B')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ações em lote' })).toBeNull();
  });

  it('cancelling the confirmation deletes nothing; "select all" takes the rows on screen', async () => {
    replyList(pageList([makePage({ id: 1 }), makePage({ id: 2 })]));
    renderPages();
    await screen.findByRole('table');
    await userEvent.click(
      within(table()).getByRole('checkbox', { name: 'Selecionar todas as páginas desta lista' }),
    );
    expect(screen.getByRole('region', { name: 'Ações em lote' })).toHaveTextContent('2 páginas selecionadas');
    await userEvent.click(screen.getByRole('button', { name: 'Excluir selecionadas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(sent('DELETE')).toHaveLength(0);
  });

  it('an empty agency gets the first steps; an empty search offers to clear the filters', async () => {
    replyList(pageList([]));
    const first = renderPages();
    expect(await screen.findByText('Nenhuma página ainda.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Criar primeira página' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Importar catálogo' })).toHaveLength(2);
    first.unmount();

    renderPages('/paginas?search=zzz');
    expect(await screen.findByText('Nenhuma página encontrada.')).toBeInTheDocument();
  });

  it('shows a skeleton while loading and an error with a retry', async () => {
    let fail = true;
    handle('listPages', () =>
      fail
        ? failure(500, { message: 'Falha no servidor.' })
        : pageList([makePage({ id: 1, title: 'Voltou' })]),
    );
    renderPages();
    expect(screen.getByRole('status', { name: 'Carregando páginas...' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as páginas');
    expect(alert).toHaveTextContent('Falha no servidor.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(await screen.findByRole('table')).findByText('Voltou')).toBeInTheDocument();
  });

  it("'Nova página' asks only the title, creates a draft and opens the editor", async () => {
    replyList(pageList([]));
    let body: unknown = null;
    handle('createPage', (config) => {
      body = config.body;
      return { data: makePage({ id: 42, title: 'Casa com piscina' }) };
    });
    const { router } = renderPages();
    await userEvent.click(await screen.findByRole('button', { name: 'Nova página' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova página' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar página' }));
    expect(await within(dialog).findByText('O título deve ter pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(body).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Título do anúncio'), 'Casa com piscina');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Criar página' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paginas/42'));
    expect(body).toEqual({ page: { title: 'Casa com piscina' } });
  });

  it('"Sugerir depois" creates the draft with a placeholder title', async () => {
    replyList(pageList([]));
    let body: unknown = null;
    handle('createPage', (config) => {
      body = config.body;
      return { data: makePage({ id: 43, title: 'Novo imóvel' }) };
    });
    const { router } = renderPages();
    await userEvent.click(await screen.findByRole('button', { name: 'Nova página' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sugerir depois' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/paginas/43'));
    expect(body).toEqual({ page: { title: 'Novo imóvel' } });
  });
});
