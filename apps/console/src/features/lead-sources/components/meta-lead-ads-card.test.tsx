import type { MetaLeadAds, Page } from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { leaveFor } from '@/lib/leave-for';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, pageList, setXsrfCookie } from '@/test/fixtures';
import { failure, handle, sent } from '@/test/network';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { MetaLeadAdsCard } from './meta-lead-ads-card';

const view = (over: Partial<MetaLeadAds> = {}): MetaLeadAds => ({
  configured: true,
  oauth_available: false,
  oauth: null,
  status: 'not_connected',
  page_id: null,
  page_name: null,
  token_error: null,
  token_error_at: null,
  waiting_leads: 0,
  last_received_at: null,
  webhook_url: 'https://app.vitrine.test/v1/webhooks/meta',
  verify_token: 'verifica-vitrine-meta-2026',
  forms: [],
  ...over,
});

const connected = (over: Partial<MetaLeadAds> = {}) =>
  view({
    status: 'connected',
    page_id: '104738291234567',
    page_name: 'Imobiliária Demonstração',
    forms: [
      { id: '661', name: 'Casa Jardins', status: 'ACTIVE', page_id: null },
      { id: '662', name: 'Sala comercial', status: 'ARCHIVED', page_id: 7 },
    ],
    ...over,
  });

vi.mock('@/lib/leave-for', () => ({ leaveFor: vi.fn() }));

const listing = (id: number, title: string, code: string | null) =>
  ({ id, title, listing_code: code }) as unknown as Page;

beforeEach(() => {
  vi.mocked(leaveFor).mockClear();
  resetToastsForTests();
  setXsrfCookie('tok');
  handle('listPages', pageList([listing(7, 'Sala no Centro', 'SC-7'), listing(8, 'Casa Jardins', 'CJ-8')]));
});

function renderCard(url = '/origens') {
  return renderWithRouter(
    [
      {
        path: '/origens',
        element: (
          <>
            <MetaLeadAdsCard realEstateId={10} />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: [url] },
  );
}

const card = () => screen.getByRole('region', { name: /Formulários do Facebook e Instagram/ });

describe('Meta lead forms card', () => {
  it('says the operator must set up the Meta app when the server is not configured', async () => {
    handle('getMetaLeadAds', { data: view({ configured: false, verify_token: null }) });
    renderCard();
    expect(await screen.findByText(/Ainda não disponível neste servidor/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Token de acesso da página')).not.toBeInTheDocument();
  });

  it('connects a page: sends the id and token, shows Meta’s refusal on the field, then the connected state', async () => {
    handle('getMetaLeadAds', { data: view() });
    handle(
      'connectMetaLeadAds',
      failure(422, {
        message: 'Esse token foi gerado para outro app da Meta.',
        errors: { page_access_token: ['Token de outro app.'] },
      }),
      { once: true },
    );
    handle('connectMetaLeadAds', {
      data: connected(),
      message: 'Página Imobiliária Demonstração conectada: os leads dos formulários chegam aqui.',
    });
    renderCard();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('ID da página do Facebook'), '104738291234567');
    await user.type(screen.getByLabelText('Token de acesso da página'), 'EAAGtoken0123456789abcdef');
    await user.click(screen.getByRole('button', { name: 'Conectar página' }));
    expect(await screen.findByText('Token de outro app.')).toBeInTheDocument();
    expect(screen.getByLabelText('Token de acesso da página')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Conectar página' }));
    expect(await within(card()).findByText('Conectado')).toBeInTheDocument();
    expect(within(card()).getByText('Imobiliária Demonstração')).toBeInTheDocument();
    expect(sent('connectMetaLeadAds').map((r) => r.body)).toEqual([
      { page_id: '104738291234567', page_access_token: 'EAAGtoken0123456789abcdef' },
      { page_id: '104738291234567', page_access_token: 'EAAGtoken0123456789abcdef' },
    ]);
  });

  it('shows a refused token with the reason and the leads waiting, and offers to reconnect', async () => {
    handle('getMetaLeadAds', {
      data: connected({
        status: 'token_error',
        token_error: 'A Meta recusou o token de acesso da página (código 190): ele expirou ou foi revogado.',
        token_error_at: '2026-11-27T18:00:00.000Z',
        waiting_leads: 3,
      }),
    });
    renderCard();
    expect(await within(card()).findByText('Token recusado pela Meta')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/código 190/);
    expect(alert).toHaveTextContent('3 leads estão esperando o novo token.');
    expect(screen.getByLabelText('ID da página do Facebook')).toHaveValue('104738291234567');
    expect(screen.getByRole('button', { name: 'Conectar com o novo token' })).toBeInTheDocument();
  });

  it('lists the forms with a listing select each, and saves the choices', async () => {
    handle('getMetaLeadAds', { data: connected() });
    handle('updateMetaLeadForms', ({ body }) => ({
      data: connected({
        forms: [
          { id: '661', name: 'Casa Jardins', status: 'ACTIVE', page_id: body.forms[0]!.page_id },
          { id: '662', name: 'Sala comercial', status: 'ARCHIVED', page_id: body.forms[1]!.page_id },
        ],
      }),
      message: 'Formulários salvos.',
    }));
    renderCard();
    const user = userEvent.setup();
    const first = await screen.findByRole('combobox', { name: 'Imóvel do formulário Casa Jardins' });
    await waitFor(() => expect(first).toBeEnabled());
    expect(screen.getByRole('combobox', { name: 'Imóvel do formulário Sala comercial' })).toHaveValue('7');
    expect(screen.getByText(/arquivado/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Salvar escolhas' });
    expect(save).toBeDisabled();
    await user.selectOptions(first, 'CJ-8 · Casa Jardins');
    await user.click(save);
    await waitFor(() =>
      expect(sent('updateMetaLeadForms').map((r) => r.body)).toEqual([
        {
          forms: [
            { form_id: '661', page_id: 8 },
            { form_id: '662', page_id: 7 },
          ],
        },
      ]),
    );
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('shows the webhook URL and verify token to copy, and the load error with a retry', async () => {
    handle('getMetaLeadAds', failure(500, { message: 'Erro interno.' }), { once: true });
    handle('getMetaLeadAds', { data: view() });
    renderCard();
    const retry = await screen.findByRole('button', { name: /Tentar novamente/ });
    await userEvent.setup().click(retry);
    expect(await screen.findByText('https://app.vitrine.test/v1/webhooks/meta')).toBeInTheDocument();
    expect(screen.getByText('verifica-vitrine-meta-2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar url de retorno' })).toBeInTheDocument();
  });

  it('disconnects after confirming', async () => {
    handle('getMetaLeadAds', { data: connected() }, { once: true });
    handle('getMetaLeadAds', { data: view() });
    handle('disconnectMetaLeadAds', null);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Desconectar página' }));
    await user.click(await screen.findByRole('button', { name: 'Desconectar' }));
    expect(await within(card()).findByText('Não conectado')).toBeInTheDocument();
    expect(sent('disconnectMetaLeadAds')).toHaveLength(1);
  });

  it('offers "Conectar com Facebook" with the pasted token as avançado, and sends the browser to Facebook', async () => {
    handle('getMetaLeadAds', { data: view({ oauth_available: true }) });
    handle('startMetaOAuth', { data: { url: 'https://www.facebook.com/v21.0/dialog/oauth?client_id=1' } });
    renderCard();
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Conectar com Facebook' });
    expect(screen.getByText('Avançado: colar o token da página')).toBeInTheDocument();
    expect(screen.queryByText(/O botão “Conectar com Facebook” aparece quando/)).not.toBeInTheDocument();
    await user.click(button);
    await waitFor(() =>
      expect(leaveFor).toHaveBeenCalledWith('https://www.facebook.com/v21.0/dialog/oauth?client_id=1'),
    );
    expect(sent('startMetaOAuth')).toHaveLength(1);
  });

  it('without the app id on the server: no Facebook button, says why, and keeps the token form', async () => {
    handle('getMetaLeadAds', { data: view({ oauth_available: false }) });
    renderCard();
    expect(await screen.findByText(/O botão “Conectar com Facebook” aparece quando/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conectar com Facebook' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Token de acesso da página')).toBeInTheDocument();
  });

  it('back from Facebook: lists the pages, refuses none silently, and connects the chosen one', async () => {
    handle('getMetaLeadAds', {
      data: view({
        oauth_available: true,
        oauth: {
          error: null,
          pages: [
            { id: '104738291234567', name: 'Imobiliária Demonstração', problem: null },
            {
              id: '104738291234568',
              name: 'Página do Corretor',
              problem: 'Seu usuário não pode anunciar nesta página.',
            },
          ],
        },
      }),
    });
    handle('connectMetaOAuthPage', {
      data: connected(),
      message: 'Página Imobiliária Demonstração conectada: os leads dos formulários chegam aqui.',
    });
    renderCard('/origens?facebook=paginas');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { name: 'Escolha a página da imobiliária' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Seu usuário não pode anunciar nesta página.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar a página Página do Corretor' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Conectar com Facebook' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Conectar a página Imobiliária Demonstração' }));
    expect(await within(card()).findByText('Conectado')).toBeInTheDocument();
    expect(sent('connectMetaOAuthPage').map((r) => r.body)).toEqual([{ page_id: '104738291234567' }]);
    expect(
      screen.queryByRole('heading', { name: 'Escolha a página da imobiliária' }),
    ).not.toBeInTheDocument();
  });

  it('back from Facebook with an error: says it, and offers to try again; a pending list can be cancelled', async () => {
    handle(
      'getMetaLeadAds',
      {
        data: view({
          oauth_available: true,
          oauth: { error: 'Você cancelou a conexão no Facebook. Nada foi alterado.', pages: [] },
        }),
      },
      { once: true },
    );
    handle('getMetaLeadAds', { data: view({ oauth_available: true }) });
    renderCard('/origens?facebook=cancelado');
    expect(await screen.findByRole('alert')).toHaveTextContent('Você cancelou a conexão no Facebook.');
    expect(screen.getByRole('button', { name: 'Conectar com Facebook' })).toBeEnabled();
  });

  it('says so when Facebook came back with a state that is not valid any more', async () => {
    handle('getMetaLeadAds', { data: view({ oauth_available: true }) });
    renderCard('/origens?facebook=invalido');
    expect(await screen.findByText(/Não foi possível concluir a conexão com o Facebook/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Conectar com Facebook' })).toBeInTheDocument();
  });

  it('forgets the pages brought back when cancelled', async () => {
    handle(
      'getMetaLeadAds',
      {
        data: view({
          oauth_available: true,
          oauth: {
            error: null,
            pages: [{ id: '104738291234567', name: 'Imobiliária Demonstração', problem: null }],
          },
        }),
      },
      { once: true },
    );
    handle('getMetaLeadAds', { data: view({ oauth_available: true }) });
    handle('discardMetaOAuth', null);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: 'Conectar com Facebook' })).toBeInTheDocument();
    expect(sent('discardMetaOAuth')).toHaveLength(1);
  });
});
