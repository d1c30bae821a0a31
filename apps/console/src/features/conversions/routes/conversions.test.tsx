import {
  DEFAULT_STAGE_EVENTS,
  LEAD_STATUSES,
  SECRET_MASK,
  type ConversionSettings,
  type Delivery,
} from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { failure, handle, sent } from '@/test/network';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { ConversionsRoute } from './conversions';

const AGENCY = demoUser.real_estates[0]!.id;
const FILE_URL = 'https://app.vitrine.test/v1/public/conversions/google/AbcdefghijklmnopqrstuvwxYZ.csv';

/** What a new agency gets: nothing on, the default stage map. */
function settings(over: Partial<ConversionSettings> = {}): ConversionSettings {
  return {
    notice_confirmed: false,
    meta: {
      enabled: false,
      dataset_id: '',
      access_token: '',
      test_event_code: '',
      paused_reason: null,
      last_test_ok: null,
      last_test_message: null,
      last_tested_at: null,
    },
    google: { enabled: false, lead_conversion_name: 'Lead Vitrine', file_url: null, last_fetched_at: null },
    google_ads: {
      enabled: false,
      customer_id: '',
      login_customer_id: '',
      developer_token: '',
      client_id: '',
      client_secret: '',
      refresh_token: '',
      conversion_actions: {},
      paused_reason: null,
      last_test_ok: null,
      last_test_message: null,
      last_tested_at: null,
    },
    stage_events: LEAD_STATUSES.map((status) => ({ status, ...DEFAULT_STAGE_EVENTS[status] })),
    ...over,
  };
}

/** Meta and Google on, tested, the file read. */
const connected = (): ConversionSettings =>
  settings({
    notice_confirmed: true,
    meta: {
      enabled: true,
      dataset_id: '1234567890',
      access_token: SECRET_MASK,
      test_event_code: '',
      paused_reason: null,
      last_test_ok: true,
      last_test_message: 'O Meta recebeu o evento de teste.',
      last_tested_at: '2026-11-26T13:00:00.000Z',
    },
    google: {
      enabled: true,
      lead_conversion_name: 'Lead Vitrine',
      file_url: FILE_URL,
      last_fetched_at: '2026-11-27T06:00:00.000Z',
    },
  });

/** Only the Google Ads file on (the funnel then shows its Google names), never read by Google. */
const googleFileOn = (): ConversionSettings =>
  settings({
    google: {
      enabled: true,
      lead_conversion_name: 'Lead Vitrine',
      file_url: FILE_URL,
      last_fetched_at: null,
    },
  });

/** The Google Ads API on, its secrets answered masked, never tested. */
const googleAdsOn = (over: Partial<ConversionSettings['google_ads']> = {}): ConversionSettings =>
  settings({
    notice_confirmed: true,
    google_ads: {
      enabled: true,
      customer_id: '1234567890',
      login_customer_id: '',
      developer_token: SECRET_MASK,
      client_id: '42-vitrine.apps.googleusercontent.com',
      client_secret: SECRET_MASK,
      refresh_token: SECRET_MASK,
      conversion_actions: { lead: '701' },
      paused_reason: null,
      last_test_ok: null,
      last_test_message: null,
      last_tested_at: null,
      ...over,
    },
  });

function send(over: Partial<Delivery> = {}): Delivery {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    webhook_id: 'msg_1',
    integration: 'meta',
    event: 'Lead',
    status: 'delivered',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    next_attempt_at: null,
    delivered_at: '2026-11-27T10:00:01.000Z',
    lead_id: '00000000-0000-4000-8000-00000000000a',
    lead: { name: 'Bruna Costa', is_test: false },
    external_id: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:01.000Z',
    ...over,
  };
}

function renderScreen(user = demoUser) {
  return renderWithRouter(
    [
      {
        path: '/conversoes',
        element: (
          <>
            <ConversionsRoute />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user }), initialEntries: ['/conversoes'] },
  );
}

const stageInput = (platform: 'Evento no Meta' | 'Conversão no Google Ads', stage: string) =>
  screen.getByLabelText(`${platform} para ${stage}`);

// Radix's Switch inside a <form> measures itself with a ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('tok');
});

describe('/conversoes', () => {
  it('shows the loading state, then a new agency: nothing on, the default stage map, no sends yet', async () => {
    handle('getConversionSettings', { data: settings() });
    handle('listConversionSends', { data: [] });
    renderScreen();
    expect(screen.getByRole('status', { name: 'Carregando as conversões...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Conversões de anúncios' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Enviar conversões ao Meta' })).not.toBeChecked();
    expect(
      screen.getByText(
        'Salve o ID e o token (botão Salvar conversões, no fim da página) e teste a conexão: o teste usa o que está salvo.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Ligue e salve para gerar o endereço do arquivo.')).toBeInTheDocument();
    expect(stageInput('Evento no Meta', 'Visita agendada')).toHaveValue('Schedule');
    expect(stageInput('Evento no Meta', 'Ganho')).toHaveValue('Purchase');
    expect(stageInput('Evento no Meta', 'Novo')).toHaveValue('');
    expect(await screen.findByText('Nenhum envio ainda')).toBeInTheDocument();
    expect(sent('getConversionSettings')[0]!.path).toBe(`/v1/real-estates/${AGENCY}/conversions`);
  });

  it('shows a connected agency: Meta on with its last test, the Google file to copy, the last sends', async () => {
    handle('getConversionSettings', { data: connected() });
    handle('listConversionSends', {
      data: [
        send(),
        send({
          id: '00000000-0000-4000-8000-0000000000d2',
          event: 'Schedule',
          status: 'failed',
          last_status_code: 400,
          last_error: 'O Meta recusou o evento: token expirado.',
        }),
      ],
    });
    renderScreen();
    const meta = await screen.findByRole('switch', { name: 'Enviar conversões ao Meta' });
    expect(meta).toBeChecked();
    expect(screen.getByLabelText('ID do conjunto de dados (pixel)')).toHaveValue('1234567890');
    expect(screen.getByText(/Último teste: OK em/)).toHaveTextContent('O Meta recebeu o evento de teste.');
    expect(screen.getByLabelText('Endereço do arquivo do Google Ads')).toHaveValue(FILE_URL);
    expect(screen.getByText(/Lido pela última vez em/)).toBeInTheDocument();

    const sends = await screen.findByRole('table');
    const rows = within(sends).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Bruna Costa' })).toHaveAttribute(
      'href',
      '/leads?lead=00000000-0000-4000-8000-00000000000a',
    );
    expect(within(rows[1]!).getByText('Entregue')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('O Meta recusou o evento: token expirado.')).toBeInTheDocument();
    expect(within(rows[2]!).getByText(/Schedule/)).toBeInTheDocument();
  });

  it('shows the error with a retry when the settings cannot load', async () => {
    handle('getConversionSettings', failure(500, { message: 'Erro interno do servidor.' }), { once: true });
    handle('getConversionSettings', { data: settings() });
    handle('listConversionSends', { data: [] });
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Erro interno do servidor.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('switch', { name: 'Enviar conversões ao Meta' })).toBeInTheDocument();
    expect(sent('getConversionSettings')).toHaveLength(2);
  });

  it("shows the funnel's Google names only with the file on: the API's stages use the actions of its card", async () => {
    handle('getConversionSettings', { data: settings() });
    handle('listConversionSends', { data: [] });
    renderScreen();
    expect(await screen.findByLabelText('Evento no Meta para Ganho')).toHaveValue('Purchase');
    expect(screen.queryByLabelText('Conversão no Google Ads para Ganho')).not.toBeInTheDocument();
    expect(screen.getByText(/cada etapa usa a ação indicada no envio pela API/)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('switch', { name: 'Gerar o arquivo para o Google Ads' }));
    expect(screen.getByLabelText('Conversão no Google Ads para Ganho')).toBeInTheDocument();
    expect(screen.getByText(/O nome da conversão do Google vale para o arquivo/)).toBeInTheDocument();
  });

  it('keeps a Google name to fix in view after the file is turned off, with the keyboard on it', async () => {
    handle('getConversionSettings', { data: googleFileOn() });
    handle('listConversionSends', { data: [] });
    renderScreen();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Conversão no Google Ads para Ganho'), 'Venda!');
    await user.click(screen.getByRole('switch', { name: 'Gerar o arquivo para o Google Ads' }));
    expect(screen.queryByLabelText('Conversão no Google Ads para Ganho')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar conversões' }));

    const won = await screen.findByLabelText('Conversão no Google Ads para Ganho');
    expect(won).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(won).toHaveFocus());
    expect(sent('updateConversionSettings')).toHaveLength(0);
  });

  it('refuses an invalid stage event before sending, naming the field under the stage, and saves once fixed', async () => {
    handle('getConversionSettings', { data: googleFileOn() });
    handle('listConversionSends', { data: [] });
    handle('updateConversionSettings', ({ body }) => ({
      data: settings({ stage_events: body.stage_events }),
      message: 'Conversões salvas.',
    }));
    renderScreen();
    const user = userEvent.setup();
    const visit = await screen.findByLabelText('Evento no Meta para Visita agendada');
    await user.clear(visit);
    await user.type(visit, 'Visita!');
    const won = stageInput('Conversão no Google Ads', 'Ganho');
    await user.type(won, 'Venda (contrato)');
    await user.click(screen.getByRole('button', { name: 'Salvar conversões' }));

    expect(await screen.findByText('Corrija os campos indicados para salvar.')).toBeInTheDocument();
    expect(visit).toHaveAttribute('aria-invalid', 'true');
    expect(visit).toHaveAccessibleDescription(
      'O evento do Meta só pode ter letras, números, espaço, "_" e "-".',
    );
    expect(won).toHaveAccessibleDescription(
      'A conversão do Google só pode ter letras, números, espaço, "_" e "-".',
    );
    // The keyboard is on the first field to fix; nothing went to the server.
    expect(visit).toHaveFocus();
    expect(sent('updateConversionSettings')).toHaveLength(0);

    await user.clear(visit);
    await user.type(visit, 'Schedule');
    await user.clear(won);
    await user.type(won, 'Venda fechada');
    await user.click(screen.getByRole('button', { name: 'Salvar conversões' }));
    await waitFor(() => expect(sent('updateConversionSettings')).toHaveLength(1));
    const body = sent('updateConversionSettings')[0]!.body as ConversionSettings;
    expect(body.stage_events.find((s) => s.status === 'visita_agendada')).toEqual({
      status: 'visita_agendada',
      meta: 'Schedule',
      google: '',
    });
    expect(body.stage_events.find((s) => s.status === 'ganho')).toEqual({
      status: 'ganho',
      meta: 'Purchase',
      google: 'Venda fechada',
    });
    expect(await screen.findByText('Conversões salvas.')).toBeInTheDocument();
    expect(visit).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's 422 under the fields it names (Meta on without the notice, dataset or token)", async () => {
    handle('getConversionSettings', { data: settings() });
    handle('listConversionSends', { data: [] });
    handle(
      'updateConversionSettings',
      failure(422, {
        message: 'Verifique os campos destacados.',
        errors: {
          notice_confirmed: [
            'Confirme que o aviso de privacidade da imobiliária informa o envio às plataformas de anúncios.',
          ],
          'meta.dataset_id': ['Informe o ID do conjunto de dados (pixel) para ligar o Meta.'],
        },
      }),
    );
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Enviar conversões ao Meta' }));
    await user.click(screen.getByRole('button', { name: 'Salvar conversões' }));
    expect(await screen.findByText('Verifique os campos destacados.')).toBeInTheDocument();
    const notice = screen.getByRole('checkbox', { name: /aviso de privacidade/ });
    expect(notice).toHaveAccessibleDescription(
      'Confirme que o aviso de privacidade da imobiliária informa o envio às plataformas de anúncios.',
    );
    expect(notice).toHaveFocus();
    expect(screen.getByLabelText('ID do conjunto de dados (pixel)')).toHaveAccessibleDescription(
      'Informe o ID do conjunto de dados (pixel) para ligar o Meta.',
    );
  });

  it('works from the keyboard: Space ticks the notice and turns Meta on, Enter in a field saves', async () => {
    handle('getConversionSettings', { data: settings() });
    handle('listConversionSends', { data: [] });
    handle('updateConversionSettings', ({ body }) => ({
      data: settings({
        notice_confirmed: true,
        meta: { ...settings().meta, enabled: true, dataset_id: body.meta!.dataset_id! },
      }),
      message: 'Conversões salvas.',
    }));
    renderScreen();
    const user = userEvent.setup();
    const notice = await screen.findByRole('checkbox', { name: /aviso de privacidade/ });
    // The breadcrumb first, then the form in reading order.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab();
    expect(notice).toHaveFocus();
    await user.keyboard(' ');
    expect(notice).toBeChecked();
    await user.tab();
    const metaSwitch = screen.getByRole('switch', { name: 'Enviar conversões ao Meta' });
    expect(metaSwitch).toHaveFocus();
    await user.keyboard(' ');
    expect(metaSwitch).toBeChecked();
    await user.tab();
    expect(screen.getByLabelText('ID do conjunto de dados (pixel)')).toHaveFocus();
    await user.keyboard('1234567890{Enter}');
    await waitFor(() => expect(sent('updateConversionSettings')).toHaveLength(1));
    expect(sent('updateConversionSettings')[0]!.body).toMatchObject({
      notice_confirmed: true,
      meta: { enabled: true, dataset_id: '1234567890' },
    });
    expect(await screen.findByText('Conversões salvas.')).toBeInTheDocument();
  });

  it("names each send's platform in the last sends", async () => {
    handle('getConversionSettings', { data: connected() });
    handle('listConversionSends', {
      data: [
        send(),
        send({ id: '00000000-0000-4000-8000-0000000000d3', integration: 'google_ads', event: 'ganho' }),
      ],
    });
    renderScreen();
    const sends = await screen.findByRole('table');
    expect(
      screen.getByText('Os 50 envios mais recentes ao Meta e ao Google Ads, com a resposta de cada um.'),
    ).toBeInTheDocument();
    const rows = within(sends).getAllByRole('row');
    expect(within(rows[1]!).getByText('Meta (conversões) · Lead')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Google Ads (conversões) · ganho')).toBeInTheDocument();
  });

  it('says only Google Ads when the sends listed are all to Google Ads', async () => {
    handle('getConversionSettings', { data: googleAdsOn() });
    handle('listConversionSends', { data: [send({ integration: 'google_ads' })] });
    renderScreen();
    await screen.findByRole('table');
    expect(
      screen.getByText('Os 50 envios mais recentes ao Google Ads, com a resposta de cada um.'),
    ).toBeInTheDocument();
  });

  it('shows the Google Ads API fields with their labels and hints, secrets masked until focused', async () => {
    handle('getConversionSettings', { data: googleAdsOn() });
    handle('listConversionSends', { data: [] });
    renderScreen();
    const user = userEvent.setup();
    const account = await screen.findByLabelText('ID da conta do Google Ads');
    expect(account).toHaveValue('1234567890');
    expect(account).toHaveAttribute('inputmode', 'numeric');
    expect(account).toHaveAccessibleDescription('No topo do Google Ads, ex.: 123-456-7890.');
    expect(screen.getByLabelText('ID da conta de administrador (opcional)')).toHaveValue('');
    const client = screen.getByLabelText('ID do cliente OAuth');
    expect(client).toHaveValue('42-vitrine.apps.googleusercontent.com');
    expect(client).not.toHaveAttribute('inputmode');
    for (const label of [
      'Token de desenvolvedor',
      'Chave secreta do cliente OAuth',
      'Token de atualização (refresh token)',
    ])
      expect(screen.getByLabelText(label)).toHaveValue(SECRET_MASK);
    expect(screen.getByLabelText('Token de atualização (refresh token)')).toHaveAccessibleDescription(
      'Da conta Google com acesso ao Google Ads, escopo adwords. Guardado criptografado.',
    );
    // Focus clears the mask to type a new secret; leaving it empty puts the mask back (kept as saved).
    const secret = screen.getByLabelText('Chave secreta do cliente OAuth');
    await user.click(secret);
    expect(secret).toHaveValue('');
    await user.tab();
    expect(secret).toHaveValue(SECRET_MASK);
    expect(screen.getByLabelText('Lead recebido')).toHaveValue('701');
  });

  it('tests the Google Ads API connection and shows the result on the card', async () => {
    const message =
      'Conexão verificada com a conta 123-456-7890. Lead recebido: ação 701 "Lead do site", ativa.';
    handle('getConversionSettings', { data: googleAdsOn() }, { once: true });
    handle('getConversionSettings', {
      data: googleAdsOn({
        last_test_ok: true,
        last_test_message: message,
        last_tested_at: '2026-11-28T03:00:00.000Z',
      }),
    });
    handle('listConversionSends', { data: [] });
    handle('testGoogleAdsConversions', { data: { ok: true, message } });
    renderScreen();
    const user = userEvent.setup();
    expect(
      await screen.findByText(
        'Salve a conta, as credenciais e as ações (botão Salvar conversões, no fim da página) e teste a conexão: o teste usa o que está salvo e não envia conversões.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Testar conexão com o Google Ads' }));
    expect(await screen.findByText('Google Ads conectado')).toBeInTheDocument();
    expect(sent('testGoogleAdsConversions')[0]!.path).toBe(
      `/v1/real-estates/${AGENCY}/conversions/google-ads/test`,
    );
    expect(await screen.findByText(/Último teste: OK em/)).toHaveTextContent(message);
    // Meta's button is another one.
    expect(screen.getByRole('button', { name: 'Testar conexão com o Meta' })).toBeInTheDocument();
  });

  it('says which connection is being tested while the Google Ads test runs', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    handle('getConversionSettings', { data: googleAdsOn() });
    handle('listConversionSends', { data: [] });
    handle('testGoogleAdsConversions', async () => {
      await answered;
      return { data: { ok: true, message: 'Conexão verificada.' } };
    });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Testar conexão com o Google Ads' }));
    expect(await screen.findByRole('button', { name: 'Testando... com o Google Ads' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Testar conexão com o Google Ads' })).toBeEnabled();
  });

  it("shows Google's refusal when the Google Ads API test fails", async () => {
    const message =
      'O Google recusou as credenciais OAuth (invalid_grant: Token has been expired or revoked.): gere um novo token de atualização.';
    handle('getConversionSettings', { data: googleAdsOn() });
    handle('listConversionSends', { data: [] });
    handle('testGoogleAdsConversions', { data: { ok: false, message } });
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Testar conexão com o Google Ads' }));
    expect(await screen.findByText('Falha no teste')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it('tells an agent the screen is for owners and admins, without calling the API', () => {
    renderScreen(singleAgencyUser);
    expect(screen.getByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(screen.getByText(/enviam dados dos leads ao Meta e ao Google/)).toBeInTheDocument();
    expect(sent('getConversionSettings')).toHaveLength(0);
  });
});
