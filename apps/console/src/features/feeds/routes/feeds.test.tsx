import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { PageChannelsPanel } from '../components/page-channels-panel';
import { META_CHANNEL, PAGE_CHANNELS, ZAP_CHANNEL } from '../test-fixtures';
import { FeedsRoute } from './feeds';

const AGENCY = demoUser.real_estates[0]!.id;
beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('t');
});

function renderFeeds(role: 'owner' | 'admin' | 'agent' = 'owner') {
  const user = { ...demoUser, real_estates: [{ ...demoUser.real_estates[0]!, role }] };
  return renderWithRouter(
    [
      {
        path: '/portais',
        element: (
          <>
            <FeedsRoute />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user }), initialEntries: ['/portais'] },
  );
}

describe('/portais', () => {
  it('shows each channel: address, counts, highlights, last read, and the problems with links to the editor', async () => {
    handle('getFeedsOverview', { data: [ZAP_CHANNEL, META_CHANNEL] });
    renderFeeds();
    expect(await screen.findByRole('heading', { name: 'Portais e anúncios' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Endereço do feed XML (ZAP/VivaReal/OLX)')).toHaveValue(
      ZAP_CHANNEL.urls[0]!.url,
    );
    expect(screen.getByLabelText('Endereço do feed CSV (catálogo da Meta)')).toHaveValue(
      META_CHANNEL.urls[1]!.url,
    );
    expect(screen.getByText('2 imóveis não entram no feed do ZAP/VivaReal/OLX')).toBeInTheDocument();
    // A channel with nothing marked says so once, without "nenhum fica fora" beside it.
    expect(
      screen.getByRole('heading', { name: 'Nenhum imóvel no feed do catálogo da Meta ainda' }),
    ).toBeVisible();
    expect(screen.queryByText(/fica fora do feed/)).toBeNull();
    const link = screen.getByRole('link', { name: 'Casa com quintal no Butantã' });
    expect(link).toHaveAttribute('href', '/paginas/41');
    const item = link.closest('li')!;
    expect(within(item).getByText('Sem CEP.')).toBeInTheDocument();
    expect(within(item).getByText('Sem fotos: os portais exigem pelo menos uma.')).toBeInTheDocument();
    expect(screen.getByText('1 de 1')).toBeInTheDocument();
    expect(screen.getByText(/por VivaReal-Feed-Reader\/1\.0/)).toBeInTheDocument();
    expect(screen.getByText('O canal ainda não leu este feed.')).toBeInTheDocument();
    expect(screen.getByText('Como cadastrar no Canal Pro (ZAP, VivaReal e OLX)')).toBeInTheDocument();
    expect(screen.getByText('Como cadastrar no Gerenciador de Comércio da Meta')).toBeInTheDocument();
  });

  it('rotates a token after confirming, and generates the missing listing codes', async () => {
    handle('getFeedsOverview', { data: [ZAP_CHANNEL, META_CHANNEL] });
    handle('rotateFeedToken', { data: ZAP_CHANNEL, message: 'Endereço do feed trocado.' });
    handle('generateListingCodes', {
      data: { updated: 1 },
      message: '1 página recebeu um código de imóvel.',
    });
    renderFeeds();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Trocar endereço' }))[0]!);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Trocar endereço' }),
    );
    await waitFor(() => expect(sent('rotateFeedToken')).toHaveLength(1));
    expect(sent('rotateFeedToken')[0]!.path).toBe(`/v1/real-estates/${AGENCY}/feeds/grupo_zap/rotate-token`);
    expect(await screen.findByText('Endereço do feed trocado.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Gerar códigos' }));
    expect(await screen.findByText('1 página recebeu um código de imóvel.')).toBeInTheDocument();
  });

  it('saves the highlight quotas', async () => {
    handle('getFeedsOverview', { data: [ZAP_CHANNEL, META_CHANNEL] });
    handle('updateFeedChannel', { data: ZAP_CHANNEL });
    renderFeeds();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Quantidade de "Destaque" contratada');
    await user.clear(input);
    await user.type(input, '8');
    await user.click(screen.getByRole('button', { name: 'Salvar destaques' }));
    await waitFor(() => expect(sent('updateFeedChannel')).toHaveLength(1));
    expect(sent('updateFeedChannel')[0]!.body).toEqual({
      highlight_quotas: { PREMIUM: 8, SUPER_PREMIUM: 1, PREMIERE_1: null, PREMIERE_2: null, TRIPLE: null },
    });
  });

  it('names each highlight field that is wrong, under it, and sends nothing', async () => {
    handle('getFeedsOverview', { data: [ZAP_CHANNEL, META_CHANNEL] });
    handle('updateFeedChannel', { data: ZAP_CHANNEL });
    renderFeeds();
    const user = userEvent.setup();
    const typed: [string, string][] = [
      ['Destaque', '-3'],
      ['Super destaque', '2.5'],
      ['Destaque triplo', '99999999'],
    ];
    for (const [label, value] of typed) {
      const input = await screen.findByLabelText(`Quantidade de "${label}" contratada`);
      await user.clear(input);
      await user.type(input, value);
    }
    await user.click(screen.getByRole('button', { name: 'Salvar destaques' }));
    const fieldOf = (label: string) => screen.getByLabelText(`Quantidade de "${label}" contratada`);
    await waitFor(() => expect(fieldOf('Destaque')).toHaveAttribute('aria-invalid', 'true'));
    expect(fieldOf('Destaque')).toHaveAccessibleDescription(
      'A quantidade de destaques não pode ser negativa.',
    );
    expect(fieldOf('Super destaque')).toHaveAccessibleDescription(
      'A quantidade de destaques deve ser um número inteiro.',
    );
    expect(fieldOf('Destaque triplo')).toHaveAccessibleDescription(
      'A quantidade de destaques é grande demais.',
    );
    expect(fieldOf('Destaque exclusivo')).not.toHaveAttribute('aria-invalid');
    expect(sent('updateFeedChannel')).toHaveLength(0);
  });

  it('shows the error with a retry, and tells an agent the screen is for managers', async () => {
    handle('getFeedsOverview', failure(500, { message: 'Falhou.' }));
    const { unmount } = renderFeeds();
    expect(await screen.findByRole('button', { name: /tentar/i })).toBeInTheDocument();
    unmount();
    renderFeeds('agent');
    expect(await screen.findByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(sent('getFeedsOverview')).toHaveLength(1);
  });
});

describe('PageChannelsPanel', () => {
  it('shows each channel with its switch, type and check results; a switch saves at once', async () => {
    handle('getPageChannels', { data: PAGE_CHANNELS });
    handle('updatePageChannels', {
      data: [PAGE_CHANNELS[0]!, { ...PAGE_CHANNELS[1]!, publish: true, in_feed: true }],
    });
    renderWithRouter([{ path: '/', element: <PageChannelsPanel realEstateId={AGENCY} pageId={7} /> }], {
      auth: fakeAuth({ user: demoUser }),
    });
    const zap = await screen.findByRole('switch', { name: 'ZAP Imóveis, VivaReal e OLX' });
    expect(zap).toBeChecked();
    expect(screen.getByText('Sem CEP.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo de anúncio' })).toHaveValue('STANDARD');
    const meta = screen.getByRole('switch', { name: 'Catálogo da Meta (Facebook e Instagram)' });
    expect(meta).not.toBeChecked();
    await userEvent.click(meta);
    await waitFor(() => expect(sent('updatePageChannels')).toHaveLength(1));
    expect(sent('updatePageChannels')[0]!.body).toEqual({ channels: { meta_catalog: { publish: true } } });
    expect(await screen.findByText('No feed.')).toBeInTheDocument();
  });
});
