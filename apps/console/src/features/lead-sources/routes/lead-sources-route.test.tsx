import type { InboundRequestDetail, InboundRequestView, LeadSourceView, User } from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, pageList, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { failure, handle, sent } from '@/test/network';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { LeadSourcesRoute } from './lead-sources-route';

const SECRET = '594F803B380A41396ED63DCA39503542';
const URL_ = 'http://localhost:3000/v1/inbound/grupo-zap/abc123';

const days = (counts: Record<number, number> = {}) =>
  Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    leads: counts[i] ?? 0,
  }));

function source(over: Partial<LeadSourceView> = {}): LeadSourceView {
  return {
    channel: 'grupo_zap',
    label: 'Grupo OLX: ZAP Imóveis, VivaReal e OLX',
    connected: false,
    url: null,
    username: 'vivareal',
    secret: null,
    connected_at: null,
    last_received_at: null,
    leads_per_day: days(),
    listing_not_found: 0,
    refused: 0,
    ...over,
  };
}
const connected = (over: Partial<LeadSourceView> = {}) =>
  source({ connected: true, url: URL_, secret: SECRET, connected_at: '2026-11-01T12:00:00Z', ...over });
const others = [
  source({ channel: 'meta_lead_ads', label: 'Formulários do Meta', username: null }),
  source({ channel: 'lead_api', label: 'API de leads', username: null }),
];

function request(over: Partial<InboundRequestView> = {}): InboundRequestView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    channel: 'grupo_zap',
    source: 'portal_zap',
    received_at: '2026-11-20T15:00:00Z',
    outcome: 'created',
    reason: null,
    http_status: 200,
    external_id: 'zap-1',
    lead_id: '00000000-0000-4000-8000-00000000000a',
    lead_name: 'Bruna Costa',
    is_test: false,
    replayed_at: null,
    replayed_by: null,
    can_replay: false,
    ...over,
  };
}

function renderScreen(user: User = demoUser) {
  return renderWithRouter(
    [
      {
        path: '/origens',
        element: (
          <>
            <LeadSourcesRoute />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user }), initialEntries: ['/origens'] },
  );
}

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('tok');
  // The Meta lead forms card on the same screen (its own tests: meta-lead-ads-card.test.tsx).
  handle('getMetaLeadAds', {
    data: {
      configured: false,
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
      verify_token: null,
      forms: [],
    },
  });
  // The lead API card (its own tests: components/lead-api-card.test.tsx) loads its keys on this screen.
  handle('listApiKeys', {
    data: [],
    meta: { endpoint_url: 'http://localhost:3000/v1/leads', docs_url: null },
  });
});

const card = () => screen.findByRole('region', { name: /Grupo OLX/ });

describe('Origens de leads', () => {
  it('tells an agent it is for owners and admins, without calling the API', () => {
    renderScreen(singleAgencyUser);
    expect(screen.getByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(sent('listLeadSources')).toHaveLength(0);
  });

  it('connects the Grupo OLX source, then shows the URL and the secret masked until "Mostrar"', async () => {
    handle('listLeadSources', { data: [source(), ...others] }, { once: true });
    handle('listInboundRequests', pageList<InboundRequestView>([]));
    handle('connectLeadSource', {
      data: connected(),
      message: 'Agora cole a URL de integração e a chave secreta no Canal Pro do Grupo OLX.',
    });
    renderScreen();
    const region = await card();
    expect(await within(region).findByText('Não conectado')).toBeInTheDocument();
    expect(await screen.findByText(/Nenhum lead recebido das origens ainda/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Conectar' }));
    await within(region).findByText('Conectado');
    expect(sent('connectLeadSource')[0]!.params).toMatchObject({ id: '10', channel: 'grupo_zap' });
    expect(within(region).getByTestId('grupo-zap-url')).toHaveTextContent(URL_);
    const secret = within(region).getByTestId('grupo-zap-secret');
    expect(secret).not.toHaveTextContent(SECRET);
    await userEvent.click(within(region).getByRole('button', { name: 'Mostrar chave secreta' }));
    expect(secret).toHaveTextContent(SECRET);
    // userEvent.setup() provides the clipboard.
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Copiar url de integração' }));
    // The toast's text is also in its live region: found twice.
    expect((await screen.findAllByText('URL copiada')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Cole no formulário do integrador, no Canal Pro/).length).toBeGreaterThan(0);
    expect(within(region).getByText('Como conectar no portal')).toBeInTheDocument();
  });

  it('shows the last lead, the leads per day and the problems with a link to them', async () => {
    handle('listLeadSources', {
      data: [
        connected({
          last_received_at: '2026-11-20T15:00:00Z',
          leads_per_day: days({ 28: 2, 29: 3 }),
          listing_not_found: 3,
        }),
        ...others,
      ],
    });
    handle('listInboundRequests', pageList([request()]));
    renderScreen();
    const region = await card();
    const problems = await within(region).findByRole('link', {
      name: /3 leads com código de imóvel desconhecido/,
    });
    expect(problems).toHaveAttribute('href', '/leads?listing_not_found=1');
    expect(within(region).getByRole('img', { name: '5 leads nos últimos 30 dias' })).toBeInTheDocument();
    const ledger = await screen.findByTestId('inbound-ledger');
    expect(within(ledger).getByText('Lead criado')).toBeInTheDocument();
    expect(within(ledger).getByRole('link', { name: 'Bruna Costa' })).toHaveAttribute(
      'href',
      '/leads?lead=00000000-0000-4000-8000-00000000000a',
    );
  });

  it('sends a test lead and refreshes the ledger', async () => {
    handle('listLeadSources', { data: [connected(), ...others] });
    handle('listInboundRequests', pageList<InboundRequestView>([]), { once: true });
    handle(
      'listInboundRequests',
      pageList([request({ is_test: true, lead_name: 'Lead de teste (Grupo OLX)' })]),
    );
    handle('sendInboundTestLead', {
      data: {
        lead_id: '00000000-0000-4000-8000-00000000000b',
        request_id: '00000000-0000-4000-8000-00000000000c',
      },
      message: 'Lead de teste recebido.',
    });
    renderScreen();
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Enviar lead de teste' }));
    expect(await screen.findByText('Lead de teste (Grupo OLX)')).toBeInTheDocument();
    expect(sent('sendInboundTestLead')).toHaveLength(1);
  });

  it('replays a refused request, shows its body, and says why when it is still refused', async () => {
    const refused = request({
      outcome: 'refused',
      http_status: 422,
      reason: 'O campo clientListingId é obrigatório.',
      lead_id: null,
      lead_name: null,
      can_replay: true,
    });
    handle('listLeadSources', { data: [connected(), ...others] });
    handle('listInboundRequests', pageList([refused]));
    const detail: InboundRequestDetail = { ...refused, body: { name: 'Caio', originLeadId: 'r-1' } };
    handle('getInboundRequest', { data: detail });
    handle(
      'replayInboundRequest',
      failure(422, { message: 'Ainda recusada: O campo clientListingId é obrigatório.' }),
    );
    renderScreen();
    const ledger = await screen.findByTestId('inbound-ledger');
    expect(within(ledger).getByText('Recusado')).toBeInTheDocument();
    expect(within(ledger).getByText('O campo clientListingId é obrigatório.')).toBeInTheDocument();
    await userEvent.click(within(ledger).getByRole('button', { name: /^Ver o corpo/ }));
    expect(await screen.findByTestId('inbound-body')).toHaveTextContent('"originLeadId": "r-1"');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(ledger).getByRole('button', { name: /^Reenviar/ }));
    await waitFor(() => expect(sent('replayInboundRequest')).toHaveLength(1));
    expect((await screen.findAllByText(/Ainda recusada: O campo clientListingId/)).length).toBeGreaterThan(0);
  });

  it('a replayed request says when and by whom, and opens the lead it made', async () => {
    const replayed = request({
      outcome: 'refused',
      http_status: 422,
      reason: 'Nenhum imóvel com o código informado.',
      lead_id: '00000000-0000-4000-8000-00000000000b',
      lead_name: 'Caio Reenviado',
      replayed_at: '2026-11-21T18:30:00Z',
      replayed_by: 'Ana Gestora',
    });
    handle('listLeadSources', { data: [connected(), ...others] });
    handle('listInboundRequests', pageList([replayed]));
    renderScreen();
    const ledger = await screen.findByTestId('inbound-ledger');
    expect(within(ledger).getByText(/^reenviado em .+ por Ana Gestora$/)).toBeInTheDocument();
    expect(within(ledger).getByRole('link', { name: 'Caio Reenviado' })).toHaveAttribute(
      'href',
      expect.stringContaining('00000000-0000-4000-8000-00000000000b'),
    );
    expect(within(ledger).queryByRole('button', { name: /^Reenviar/ })).not.toBeInTheDocument();
  });

  it('filters the ledger by outcome', async () => {
    handle('listLeadSources', { data: [connected(), ...others] });
    handle('listInboundRequests', pageList<InboundRequestView>([]));
    renderScreen();
    await screen.findByText(/Nenhum lead recebido das origens ainda/);
    await userEvent.selectOptions(screen.getByLabelText('Resultado'), 'refused');
    await screen.findByText('Nenhum recebimento com estes filtros.');
    expect(sent('listInboundRequests').at(-1)!.query).toMatchObject({ outcome: 'refused', page: '1' });
  });

  it('shows an error with a retry when the sources cannot load', async () => {
    handle('listLeadSources', failure(500, { message: 'Erro interno.' }), { once: true });
    handle('listLeadSources', { data: [connected(), ...others] });
    handle('listInboundRequests', pageList<InboundRequestView>([]));
    renderScreen();
    const region = await card();
    await userEvent.click(await within(region).findByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByText('Conectado')).toBeInTheDocument();
  });
});
