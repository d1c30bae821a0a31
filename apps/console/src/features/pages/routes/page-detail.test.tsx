import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_VIDEO_MAX_BYTES, type Page } from '@vitrine/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { makePage } from '../test-fixtures';
import { PageDetailRoute } from './page-detail';

let puts: Record<string, unknown>[] = [];
let current: Page;

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
  puts = [];
  current = makePage({
    id: 7,
    title: 'Apartamento com 3 quartos em Pinheiros',
    slug: 'apartamento-pinheiros',
  });
  handle('getPage', () => ({ data: current }));
  handle('previewPage', '<!doctype html><h1>Página pública</h1>');
  handle('listVideos', { data: [], meta: { max_upload_bytes: DEFAULT_VIDEO_MAX_BYTES } }); // the editor's videos box
  handle('getPageChannels', { data: [] }); // the editor's Portais e anúncios panel
});

/** PUT /v1/pages/7 answers like the server: the page with the fields applied. */
function acceptPuts() {
  handle('updatePage', (config) => {
    const body = config.body;
    puts.push(body);
    current = { ...current, ...(body as Partial<Page>), updated_at: new Date().toISOString() };
    return { data: current };
  });
}

function renderEditor() {
  return renderWithRouter(
    [
      {
        path: '/paginas/:id',
        element: (
          <>
            <PageDetailRoute />
            <Toaster />
          </>
        ),
      },
      { path: '/paginas', element: <p>lista de páginas</p> },
      { path: '*', element: <p>outra tela</p> },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: ['/paginas/7'] },
  );
}

const loaded = () => screen.findByLabelText('Título');
const field = (label: string | RegExp) => screen.getByLabelText(label);
const save = () => userEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('/paginas/:id editor', () => {
  it('loads the page into the form and saves every field, money as cents', async () => {
    acceptPuts();
    renderEditor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apartamento com 3 quartos em Pinheiros' }),
    ).toBeInTheDocument();
    expect(field('Preço de venda')).toHaveValue('850.000,00');
    expect(field('Quartos')).toHaveValue(3);
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await userEvent.clear(field('Preço de venda'));
    await userEvent.type(field('Preço de venda'), '1.500.000,00');
    await userEvent.type(field('Condomínio (mensal)'), '1200');
    await userEvent.clear(field('Quartos'));
    await userEvent.type(field('Quartos'), '4');
    await userEvent.type(field('CEP'), '05422001');
    await userEvent.type(field('Diferenciais'), 'Piscina{Enter}');
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
    await save();

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      title: 'Apartamento com 3 quartos em Pinheiros',
      price_cents: 150_000_000,
      condo_fee_cents: 120_000,
      iptu_cents: null,
      bedrooms: 4,
      zip_code: '05422-001',
      features: ['Piscina'],
      listing_code: null,
      status: 'draft',
    });
    expect(puts[0]).not.toHaveProperty('currency');
    expect(await screen.findByText('Página salva!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Alterações não salvas')).toBeNull());
    expect(field('Preço de venda')).toHaveValue('1.500.000,00');
  });

  it('validates with the contract schema before sending anything', async () => {
    acceptPuts();
    renderEditor();
    await loaded();
    await userEvent.clear(field('Título'));
    await userEvent.type(field('Título'), 'Ap');
    await userEvent.clear(field('Preço de venda'));
    await userEvent.type(field('Preço de venda'), '1.50.0');
    await userEvent.type(field('CEP'), '123');
    await userEvent.type(field('WhatsApp'), '12');
    await save();

    expect(await screen.findByText('O título deve ter pelo menos 3 caracteres.')).toBeInTheDocument();
    expect(screen.getByText('Informe um valor em reais, como 850.000,00.')).toBeInTheDocument();
    expect(screen.getByText('Informe um CEP com 8 dígitos.')).toBeInTheDocument();
    expect(screen.getByText('O WhatsApp: informe um telefone brasileiro com DDD.')).toBeInTheDocument();
    expect(field('Título')).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
  });

  it('masks the WhatsApp with DDD and the CEP as they are typed, and sends them', async () => {
    acceptPuts();
    renderEditor();
    await loaded();
    await userEvent.clear(field('WhatsApp'));
    await userEvent.type(field('WhatsApp'), '11987654321');
    expect(field('WhatsApp')).toHaveValue('(11) 98765-4321');
    await userEvent.clear(field('CEP'));
    await userEvent.type(field('CEP'), '05422030');
    expect(field('CEP')).toHaveValue('05422-030');
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ whatsapp: '11987654321', zip_code: '05422-030' });
  });

  it('puts the server’s 422 errors on their fields and the rest above the form', async () => {
    handle(
      'updatePage',
      failure(422, {
        message: 'Este endereço (slug) já está em uso por outra página. (e mais 1 erro)',
        errors: {
          slug: ['Este endereço (slug) já está em uso por outra página.'],
          external_id: ['Outro problema.'],
        },
      }),
    );
    renderEditor();
    await loaded();
    const slug = field('Endereço da página');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'casa-tomada');
    await save();

    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getAllByText('Este endereço (slug) já está em uso por outra página.').length,
    ).toBeGreaterThan(0);
    expect(slug).toHaveFocus();
    expect(
      within(screen.getByRole('form', { name: 'Editar página' })).getByText('Outro problema.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Erro ao salvar a página')).toBeInTheDocument();
    // Still unsaved: nothing was lost.
    expect(screen.getByText('Alterações não salvas')).toBeInTheDocument();
  });

  it('publishes a draft and unpublishes it after confirming', async () => {
    acceptPuts();
    renderEditor();
    await loaded();
    expect(screen.getByText('Rascunho: ainda não está no ar.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ status: 'published', title: 'Apartamento com 3 quartos em Pinheiros' });
    expect(await screen.findByText('Página publicada!')).toBeInTheDocument();
    const unpublish = await screen.findByRole('button', { name: 'Despublicar' });
    expect(
      screen.getByRole('link', { name: /127\.0\.0\.1:3000\/imoveis\/apartamento-pinheiros/ }),
    ).toHaveAttribute('target', '_blank');
    expect(field('Status')).toHaveValue('published');

    await userEvent.click(unpublish);
    const dialog = await screen.findByRole('alertdialog', { name: 'Despublicar esta página?' });
    expect(puts).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Despublicar' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ status: 'draft' });
    expect(await screen.findByRole('button', { name: 'Publicar' })).toBeInTheDocument();
  });

  it('marks a published sale as sold from the menu', async () => {
    current = { ...current, status: 'published' };
    acceptPuts();
    renderEditor();
    await screen.findByRole('button', { name: 'Despublicar' });
    await userEvent.click(screen.getByRole('button', { name: 'Mais ações da página' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Marcar como vendido' }));
    await waitFor(() => expect(puts[0]).toMatchObject({ status: 'sold' }));
    expect(await screen.findByRole('button', { name: 'Voltar a anunciar' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    renderEditor();
    await loaded();
    await userEvent.type(field('Bairro'), ' Oeste');
    const crumbs = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    await userEvent.click(within(crumbs).getByRole('link', { name: 'Páginas' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sair sem salvar?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
    expect(field('Bairro')).toHaveValue('Pinheiros Oeste');

    await userEvent.click(within(crumbs).getByRole('link', { name: 'Páginas' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
    expect(await screen.findByText('lista de páginas')).toBeInTheDocument();
  });

  it("'Sugerir título' asks the server when the facts are saved, and suggests locally when they are not", async () => {
    handle('suggestPageTitle', () => {
      current = { ...current, title: 'Apartamento com 3 quartos em Pinheiros, São Paulo' };
      return { data: current, suggested_title: current.title };
    });
    renderEditor();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir título' }));
    // The agent's own title: the suggestion is shown first and used only on request (docs/product.md#pages).
    await userEvent.click(screen.getByRole('button', { name: 'Usar este título' }));
    await waitFor(() =>
      expect(field('Título')).toHaveValue('Apartamento com 3 quartos em Pinheiros, São Paulo'),
    );
    // Saved by the server: the form stays clean.
    expect(screen.queryByText('Alterações não salvas')).toBeNull();

    await userEvent.clear(field('Quartos'));
    await userEvent.type(field('Quartos'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir título' }));
    expect(field('Título')).toHaveValue('Apartamento com 1 quarto em Pinheiros, São Paulo');
    expect(sent('PATCH')).toHaveLength(1);
  });

  it("'Sugerir título' shows the suggestion and keeps the agent's own title unless they choose it", async () => {
    handle('suggestPageTitle', () => {
      current = { ...current, title: 'Apartamento com 3 quartos em Pinheiros, São Paulo' };
      return { data: current, suggested_title: current.title };
    });
    renderEditor();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir título' }));
    const box = screen.getByRole('group', { name: 'Título sugerido' });
    expect(box).toHaveTextContent('Sugestão: Apartamento com 3 quartos em Pinheiros, São Paulo');
    // nothing saved, nothing changed yet
    expect(sent('PATCH')).toHaveLength(0);
    expect(field('Título')).toHaveValue('Apartamento com 3 quartos em Pinheiros');

    await userEvent.click(within(box).getByRole('button', { name: 'Manter o meu' }));
    expect(screen.queryByRole('group', { name: 'Título sugerido' })).toBeNull();
    expect(field('Título')).toHaveValue('Apartamento com 3 quartos em Pinheiros');
    expect(sent('PATCH')).toHaveLength(0);

    // a placeholder title is replaced at once
    await userEvent.clear(field('Título'));
    await userEvent.click(screen.getByRole('button', { name: 'Sugerir título' }));
    await waitFor(() =>
      expect(field('Título')).toHaveValue('Apartamento com 3 quartos em Pinheiros, São Paulo'),
    );
    expect(screen.queryByRole('group', { name: 'Título sugerido' })).toBeNull();
    expect(sent('PATCH')).toHaveLength(1);
  });

  it('says so when the page does not exist', async () => {
    handle('getPage', failure(404, { message: 'Página não encontrada.' }));
    renderEditor();
    expect(await screen.findByText('Esta página não existe ou foi excluída.')).toBeInTheDocument();
  });
});
