import {
  SECRET_MASK,
  type Delivery,
  type IntegrationName,
  type IntegrationPayloads,
  type IntegrationStatus,
  type IntegrationView,
  type User,
} from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import type { Answer } from '@/lib/api-client';
import { demoUser, pageList, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, networkError, reply, sent } from '@/test/network';
import { IntegrationsRoute } from './integrations';

const BASE = '/v1/real-estates/10';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const emptyWebhook: IntegrationPayloads['webhook'] = {
  url: '',
  authentication: { type: 'none', key: '', value: '' },
};
function integration<N extends IntegrationName>(
  name: N,
  payload: IntegrationPayloads[N],
  extra: Partial<IntegrationStatus> & { is_active?: boolean } = {},
): IntegrationView {
  // The name picks the payload's shape, which TypeScript cannot follow through the generic.
  return {
    name,
    is_active: false,
    payload,
    last_test_ok: null,
    last_test_message: null,
    last_tested_at: null,
    halted: null,
    ...extra,
  } as IntegrationView;
}
/**
 * The server's answer to a save: the integration as the console sent it. The contract leaves the
 * sent payload unchecked (the server validates it per name); the console always sends a whole one.
 */
function saved(
  body: { name: IntegrationName; is_active?: boolean; payload: unknown },
  is_active = body.is_active,
) {
  const payload = body.payload as IntegrationPayloads[IntegrationName];
  return { data: integration(body.name, payload, { is_active: is_active ?? false }), message: 'ok' };
}
/** A delivery of the ledger as the server lists it. */
function delivery(over: Partial<Delivery> & Pick<Delivery, 'id'>): Delivery {
  return {
    webhook_id: `msg_${over.id}`,
    lead_id: 'l-1',
    lead: null,
    external_id: null,
    integration: 'webhook',
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2025-05-01T12:00:00Z',
    updated_at: '2025-05-01T12:00:00Z',
    ...over,
  };
}
const allEmpty = () => [
  integration('webhook', emptyWebhook),
  integration('arbo', { api_key: '' }),
  integration('jetimob', { public_key: '', private_key: '' }),
  integration('go_harry', { username: '', password: '' }),
];

function serve(list: IntegrationView[] = allEmpty()) {
  handle('getIntegrations', { data: { integrations: list } });
}

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('tok');
  handle('listDeliveries', pageList<Delivery>([], { per_page: 5 }));
  handle('getWebhookSecret', { data: { secret: SECRET } });
});

function renderScreen(user: User = demoUser) {
  return renderWithRouter(
    [
      {
        path: '/integracoes',
        element: (
          <>
            <IntegrationsRoute />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user }), initialEntries: ['/integracoes'] },
  );
}

const card = (name: string) => screen.getByRole('region', { name });
const dot = (name: string) => screen.getByTestId(`status-${name}`);
/** The toast on screen (one at a time) with the given title, and its variant. */
async function findToast(title: string) {
  let root: Element | undefined;
  await waitFor(
    () => {
      root = [...document.querySelectorAll('[data-variant]')].find(
        (node) => node.querySelector('div > div')?.textContent === title,
      );
      expect(root, `toast '${title}'`).toBeDefined();
    },
    { timeout: 4000 },
  );
  return { variant: root!.getAttribute('data-variant'), text: root!.textContent ?? '' };
}

/** A reply the test releases when it wants. */
function deferredReply<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { reply: () => promise, release };
}

/** The form is there (not the loading screen's disabled button). */
const ready = () => screen.findByLabelText('URL do Webhook');

describe('Integrações screen', () => {
  it('shows the header and a centred spinner while loading, then the four cards with their fields', async () => {
    const load = deferredReply<Answer<'getIntegrations'>>();
    handle('getIntegrations', load.reply);
    renderScreen();

    const crumbs = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Integrações')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Integrações' })).toBeInTheDocument();
    expect(screen.getByText('Configure integrações com sistemas externos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Testar Integrações' })).toBeDisabled();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Carregando integrações...');

    load.release({ data: { integrations: allEmpty() } });
    await screen.findByRole('region', { name: 'Webhook' });
    const regions = [...document.querySelectorAll<HTMLElement>('[data-testid^="integration-"]')];
    for (const region of regions) expect(region).toHaveAttribute('role', 'region');
    expect(regions.map((r) => within(r).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Webhook',
      'GoHarry',
      'Arbo',
      'Jetimob',
    ]);
    expect(regions[0]!.parentElement).toHaveClass('grid', 'lg:grid-cols-2');
    expect(screen.getByRole('button', { name: 'Testar Integrações' })).toBeEnabled();
    expect(
      within(card('Webhook')).getByText(/Liberdade para levar seus leads aonde quiser/),
    ).toBeInTheDocument();

    const url = within(card('Webhook')).getByLabelText('URL do Webhook');
    expect(url.getAttribute('placeholder')).toMatch(/^https:\/\//);
    const auth = within(card('Webhook')).getByLabelText('Autenticação');
    expect(auth).toHaveValue('none');
    expect(
      within(auth)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nenhuma', 'Cabeçalho']);
    expect(within(card('GoHarry')).getByLabelText('Usuário')).toBeInTheDocument();
    expect(within(card('GoHarry')).getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(within(card('Arbo')).getByLabelText('Chave de API')).toBeInTheDocument();
    expect(within(card('Jetimob')).getByLabelText('Chave pública')).toBeInTheDocument();
    expect(within(card('Jetimob')).getByLabelText('Chave privada')).toBeInTheDocument();
    for (const name of ['webhook', 'go_harry', 'arbo', 'jetimob']) {
      expect(dot(name)).toHaveAttribute('data-color', 'gray');
      expect(dot(name)).toHaveTextContent('Inativa');
    }
  });

  it('uses defaults when the server leaves an integration out or sends [] as its payload', async () => {
    // `[]` is outside the contract (an empty PHP array): sent raw, to check the console tolerates it.
    handle(
      'getIntegrations',
      reply(200, {
        data: {
          integrations: [
            { ...integration('webhook', emptyWebhook), payload: [] },
            integration('arbo', { api_key: 'chave-arbo' }, { is_active: true }),
          ],
        },
      }),
    );
    renderScreen();
    const url = await screen.findByLabelText('URL do Webhook');
    expect(url).toHaveValue('');
    expect(screen.getByLabelText('Autenticação')).toHaveValue('none');
    expect(screen.getByLabelText('Chave de API')).toHaveValue('chave-arbo');
    expect(screen.getByLabelText('Chave pública')).toHaveValue('');
    expect(screen.getByLabelText('Usuário')).toHaveValue('');
    expect(dot('arbo')).toHaveTextContent('Ativa · não testada');
  });

  it('shows the header name and value only when Cabeçalho is chosen', async () => {
    serve();
    const user = userEvent.setup();
    renderScreen();
    const webhook = await screen.findByRole('region', { name: 'Webhook' });
    expect(within(webhook).queryByLabelText('Nome do cabeçalho')).not.toBeInTheDocument();
    await user.selectOptions(within(webhook).getByLabelText('Autenticação'), 'header');
    expect(within(webhook).getByLabelText('Nome do cabeçalho')).toBeInTheDocument();
    expect(within(webhook).getByLabelText('Valor do cabeçalho')).toBeInTheDocument();
    await user.selectOptions(within(webhook).getByLabelText('Autenticação'), 'none');
    expect(within(webhook).queryByLabelText('Nome do cabeçalho')).not.toBeInTheDocument();
  });

  it('every text input gets a clear button while it has content; the password can be shown', async () => {
    serve();
    // What is typed here is auto-saved when the screen goes away.
    handle('updateIntegrations', (config) => {
      return saved(config.body);
    });
    const user = userEvent.setup();
    renderScreen();
    const key = await screen.findByLabelText('Chave de API');
    expect(screen.queryByRole('button', { name: 'Limpar chave de API' })).not.toBeInTheDocument();
    await user.type(key, 'abc');
    await user.click(screen.getByRole('button', { name: 'Limpar chave de API' }));
    expect(key).toHaveValue('');
    expect(key).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Limpar chave de API' })).not.toBeInTheDocument();

    const password = screen.getByLabelText('Senha');
    await user.type(password, 'segredo');
    expect(screen.getByRole('button', { name: 'Limpar senha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar senha' }));
    expect(password).toHaveAttribute('type', 'password');

    for (const label of ['URL do Webhook', 'Usuário', 'Chave pública', 'Chave privada']) {
      await user.type(screen.getByLabelText(label), 'x');
    }
    for (const name of [
      'Limpar URL do Webhook',
      'Limpar usuário',
      'Limpar chave pública',
      'Limpar chave privada',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });
});

describe('auto-save', () => {
  it('saves 1.5 s after typing: yellow while saving, then the success toast', async () => {
    serve();
    let finish!: () => void;
    const bodies: unknown[] = [];
    handle('updateIntegrations', (config) => {
      const body = config.body;
      bodies.push(body);
      return new Promise((resolve) => {
        finish = () => resolve(saved(body, true));
      });
    });
    const user = userEvent.setup();
    renderScreen();
    await user.type(await screen.findByLabelText('URL do Webhook'), 'https://crm.test/hook');
    expect(bodies).toEqual([]);
    await waitFor(() => expect(dot('webhook')).toHaveAttribute('data-color', 'yellow'), { timeout: 3000 });
    expect(dot('webhook')).toHaveTextContent('Salvando...');
    expect(bodies).toEqual([
      {
        name: 'webhook',
        is_active: true,
        payload: { url: 'https://crm.test/hook', authentication: { type: 'none', key: '', value: '' } },
      },
    ]);
    finish();
    const toast = await findToast('Integração atualizada!');
    expect(toast.variant).toBe('success');
    expect(toast.text).toContain('Configuração salva com sucesso.');
    expect(dot('webhook')).toHaveAttribute('data-color', 'gray');
    expect(dot('webhook')).toHaveTextContent('Ativa · não testada');
  });

  it("a refused save turns the dot red, puts the message on the field and toasts the server's message", async () => {
    serve();
    handle(
      'updateIntegrations',
      failure(422, {
        message: 'Informe uma URL completa, começando com https://.',
        errors: { 'payload.url': ['Informe uma URL completa, começando com https://.'] },
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    const url = await screen.findByLabelText('URL do Webhook');
    await user.type(url, 'crm');
    const toast = await findToast('Erro ao salvar integração');
    expect(toast.variant).toBe('danger');
    expect(toast.text).toContain('Informe uma URL completa, começando com https://.');
    expect(dot('webhook')).toHaveAttribute('data-color', 'red');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(card('Webhook')).getByText('Informe uma URL completa, começando com https://.'),
    ).toBeInTheDocument();
    // Editing with content resets the status to idle.
    await user.type(url, '.test');
    expect(dot('webhook')).not.toHaveAttribute('data-color', 'red');
  });
});

describe('stored credentials, which the server answers masked', () => {
  const masked = () => [
    integration(
      'webhook',
      {
        url: 'https://crm.test/hook',
        authentication: { type: 'header', key: 'X-Api-Key', value: SECRET_MASK },
      },
      { is_active: true },
    ),
    integration('arbo', { api_key: SECRET_MASK }, { is_active: true }),
    integration('jetimob', { public_key: 'pub-visivel', private_key: SECRET_MASK }, { is_active: true }),
    integration('go_harry', { username: 'corretor', password: SECRET_MASK }, { is_active: true }),
  ];
  type Body = { name: IntegrationName; is_active: boolean; payload: Record<string, unknown> };
  function recordSaves() {
    const bodies: Body[] = [];
    handle('updateIntegrations', (config) => {
      const body = config.body as Body;
      bodies.push(body);
      return saved(body);
    });
    return bodies;
  }

  it('shows that a value is stored without showing it, and the card stays active', async () => {
    serve(masked());
    renderScreen();
    await ready();
    const fields = [
      ['Webhook', 'Valor do cabeçalho'],
      ['Arbo', 'Chave de API'],
      ['Jetimob', 'Chave privada'],
      ['GoHarry', 'Senha'],
    ] as const;
    for (const [name, label] of fields) {
      const input = within(card(name)).getByLabelText(label);
      expect(input, label).toHaveValue('');
      expect(input).toHaveAttribute('placeholder', '••••••••  (salvo)');
      expect(input.getAttribute('aria-describedby')).toBeTruthy();
      expect(within(card(name)).getByText(/Valor salvo, não exibido por segurança/)).toBeInTheDocument();
    }
    expect(document.body.innerHTML).not.toContain(SECRET_MASK + '"');
    expect(within(card('Jetimob')).getByLabelText('Chave pública')).toHaveValue('pub-visivel');
    expect(within(card('GoHarry')).getByLabelText('Usuário')).toHaveValue('corretor');
    // The clear button is there although the input looks empty: the stored value can be removed.
    expect(screen.getByRole('button', { name: 'Limpar senha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Limpar chave de API' })).toBeInTheDocument();
    for (const name of ['webhook', 'go_harry', 'arbo', 'jetimob']) {
      expect(dot(name)).toHaveTextContent('Ativa · não testada');
    }
  });

  it('editing another field sends the mask back (kept by the server), never an empty credential', async () => {
    serve(masked());
    const bodies = recordSaves();
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.type(within(card('GoHarry')).getByLabelText('Usuário'), 'a');
    await user.type(within(card('Webhook')).getByLabelText('Nome do cabeçalho'), '2');
    await waitFor(() => expect(bodies).toHaveLength(2), { timeout: 4000 });
    expect(bodies.find((b) => b.name === 'go_harry')).toEqual({
      name: 'go_harry',
      is_active: true,
      payload: { username: 'corretora', password: SECRET_MASK },
    });
    expect(bodies.find((b) => b.name === 'webhook')!.payload).toEqual({
      url: 'https://crm.test/hook',
      authentication: { type: 'header', key: 'X-Api-Key2', value: SECRET_MASK },
    });
    // after the save the field still says the value is stored
    await findToast('Integração atualizada!');
    expect(within(card('GoHarry')).getByLabelText('Senha')).toHaveAttribute(
      'placeholder',
      '••••••••  (salvo)',
    );
  });

  it('typing replaces the stored value; erasing what was typed goes back to the stored one', async () => {
    serve(masked());
    const bodies = recordSaves();
    const user = userEvent.setup();
    renderScreen();
    await ready();
    const key = within(card('Arbo')).getByLabelText('Chave de API');
    await user.type(key, 'chave-nova');
    expect(key).toHaveValue('chave-nova');
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 4000 });
    expect(bodies[0]).toMatchObject({ name: 'arbo', is_active: true, payload: { api_key: 'chave-nova' } });

    await user.clear(key);
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('placeholder', '••••••••  (salvo)');
    expect(dot('arbo')).not.toHaveTextContent('Inativa');
    await waitFor(() => expect(bodies).toHaveLength(2), { timeout: 4000 });
    expect(bodies[1]).toMatchObject({ name: 'arbo', is_active: true, payload: { api_key: SECRET_MASK } });
  });

  it('the clear button removes the stored value: an empty credential is sent and the card turns inactive', async () => {
    serve(masked());
    const bodies = recordSaves();
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Limpar senha' }));
    const password = within(card('GoHarry')).getByLabelText('Senha');
    expect(password).toHaveValue('');
    expect(password).not.toHaveAttribute('placeholder', '••••••••  (salvo)');
    expect(screen.queryByRole('button', { name: 'Limpar senha' })).not.toBeInTheDocument();
    expect(within(card('GoHarry')).queryByText(/Valor salvo/)).not.toBeInTheDocument();
    expect(dot('go_harry')).toHaveTextContent('Inativa');
    await waitFor(() => expect(bodies).toHaveLength(1), { timeout: 4000 });
    expect(bodies[0]).toEqual({
      name: 'go_harry',
      is_active: false,
      payload: { username: 'corretor', password: '' },
    });
  });
});

describe('loading problems and permissions', () => {
  it('toasts the load failure and offers a retry', async () => {
    handle('getIntegrations', failure(500, { message: 'Erro interno.' }), { once: true });
    const user = userEvent.setup();
    renderScreen();
    const toast = await findToast('Erro ao carregar integrações');
    expect(toast.variant).toBe('danger');
    expect(toast.text).toContain('Não foi possível carregar as configurações das integrações.');
    serve();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('URL do Webhook')).toBeInTheDocument();
  });

  it('an agent sees an honest "only owners and admins" state, and nothing is requested', () => {
    renderScreen(singleAgencyUser);
    expect(screen.getByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Testar Integrações' })).not.toBeInTheDocument();
    expect(sent('GET')).toHaveLength(0);
  });

  it('a 403 from the server shows the same state, without an error toast', async () => {
    handle('getIntegrations', failure(403, { message: 'Você não tem permissão para realizar esta ação.' }));
    renderScreen();
    expect(await screen.findByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar integrações')).not.toBeInTheDocument();
  });
});

describe("'Testar Integrações'", () => {
  const configured = () => [
    integration(
      'webhook',
      { url: 'https://crm.test', authentication: { type: 'none', key: '', value: '' } },
      { is_active: true },
    ),
    integration('arbo', { api_key: 'k' }, { is_active: true }),
    integration('jetimob', { public_key: '', private_key: '' }),
    integration('go_harry', { username: '', password: '' }),
  ];

  it('on success the active integrations turn green and the toasts say so', async () => {
    serve(configured());
    const test = deferredReply<Answer<'testIntegrations'>>();
    handle('testIntegrations', test.reply);
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Testar Integrações' }));
    const testing = await findToast('Testando integrações');
    expect(testing.variant).toBe('default');
    expect(testing.text).toContain('Verificando conectividade com os sistemas configurados...');
    await waitFor(() => expect(sent('GET').some((c) => c.path === `${BASE}/integrations/test`)).toBe(true));
    test.release({
      message: 'Integrações testadas com sucesso: Webhook, Arbo.',
      data: {
        results: [
          {
            name: 'webhook',
            is_active: true,
            ok: true,
            verified: true,
            message: 'O webhook respondeu HTTP 200.',
          },
          { name: 'arbo', is_active: true, ok: true, verified: true, message: 'Chave aceita pela Arbo.' },
        ],
      },
    });
    const done = await findToast('Testes concluídos');
    expect(done.variant).toBe('default');
    expect(done.text).toContain('As integrações foram testadas com sucesso.');
    expect(dot('webhook')).toHaveAttribute('data-color', 'green');
    expect(dot('webhook')).toHaveTextContent('Ativa e testada');
    expect(dot('arbo')).toHaveAttribute('data-color', 'green');
    expect(dot('jetimob')).toHaveAttribute('data-color', 'gray');
    expect(within(card('Webhook')).getByText(/O webhook respondeu HTTP 200\./)).toBeInTheDocument();
  });

  it("on failure active integrations turn red, inactive stay gray, and the server's message is toasted", async () => {
    serve(configured());
    handle(
      'testIntegrations',
      reply(422, {
        message: 'Falha ao testar: Arbo: A Arbo recusou a chave (HTTP 401).',
        data: {
          results: [
            {
              name: 'webhook',
              is_active: true,
              ok: true,
              verified: true,
              message: 'O webhook respondeu HTTP 200.',
            },
            {
              name: 'arbo',
              is_active: true,
              ok: false,
              verified: false,
              message: 'A Arbo recusou a chave (HTTP 401).',
            },
          ],
        },
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Testar Integrações' }));
    const toast = await findToast('Erro ao testar integrações');
    expect(toast.variant).toBe('danger');
    expect(toast.text).toContain('Falha ao testar: Arbo: A Arbo recusou a chave (HTTP 401).');
    expect(dot('webhook')).toHaveAttribute('data-color', 'red');
    expect(dot('arbo')).toHaveAttribute('data-color', 'red');
    expect(dot('go_harry')).toHaveAttribute('data-color', 'gray');
    expect(within(card('Arbo')).getByText(/A Arbo recusou a chave/)).toBeInTheDocument();
  });

  it('falls back to the fixed sentence when the failure carries no message', async () => {
    serve(configured());
    handle('testIntegrations', networkError);
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Testar Integrações' }));
    const toast = await findToast('Erro ao testar integrações');
    expect(toast.text).toContain('Falha na conectividade com os sistemas configurados.');
  });
});

describe('beyond saving and testing: halt, deliveries, signing secret, test lead', () => {
  it("shows a halted integration's reason in a red notice, with a red dot", async () => {
    serve([
      integration(
        'arbo',
        { api_key: 'k' },
        {
          is_active: true,
          halted: {
            kind: 'paused',
            reason: 'A Arbo recusou a chave de API (HTTP 401).',
            at: '2025-05-01T12:00:00Z',
          },
        },
      ),
    ]);
    renderScreen();
    const notice = await screen.findByTestId('halted-arbo');
    expect(notice).toHaveTextContent('Envios pausados');
    expect(notice).toHaveTextContent('A Arbo recusou a chave de API (HTTP 401).');
    expect(dot('arbo')).toHaveAttribute('data-color', 'red');
    expect(dot('arbo')).toHaveTextContent('Pausada');
  });

  it('lists the last deliveries with status, HTTP code and a replay for failed ones, and links to the ledger', async () => {
    serve();
    serve();
    handle('getWebhookSecret', { data: { secret: SECRET } });
    handle('listDeliveries', (config) => {
      const params = config.query;
      expect(params.per_page).toBe('5');
      if (params.integration !== 'webhook') return pageList<Delivery>([], { per_page: 5 });
      return pageList(
        [
          delivery({
            id: 'd-1',
            webhook_id: 'msg_1',
            lead_id: 'l-1',
            lead: { name: 'Maria Souza', is_test: false },
            integration: 'webhook',
            status: 'failed',
            attempts: 1,
            next_attempt_at: null,
            last_status_code: 500,
            last_error: 'O webhook respondeu HTTP 500.',
            delivered_at: null,
            created_at: '2025-05-01T15:04:00Z',
          }),
          delivery({
            id: 'd-2',
            webhook_id: 'msg_2',
            lead_id: 'l-2',
            lead: { name: 'Lead de teste (Ana)', is_test: true },
            integration: 'webhook',
            status: 'delivered',
            attempts: 1,
            next_attempt_at: null,
            last_status_code: 200,
            last_error: null,
            delivered_at: '2025-05-01T15:00:00Z',
            created_at: '2025-05-01T15:00:00Z',
          }),
        ],
        { per_page: 5 },
      );
    });
    handle('replayDelivery', reply(202, { message: 'Entrega reenviada para a fila.' }));
    const user = userEvent.setup();
    renderScreen();
    const list = await screen.findByTestId('deliveries-webhook');
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Falhou');
    expect(rows[0]).toHaveTextContent('HTTP 500');
    expect(rows[0]).toHaveTextContent(/01\/05\/2025/);
    expect(rows[1]).toHaveTextContent('Entregue');
    expect(within(rows[1]!).queryByRole('button', { name: /Reenviar/ })).not.toBeInTheDocument();
    expect(within(card('Webhook')).getByRole('link', { name: /Ver histórico completo/ })).toHaveAttribute(
      'href',
      '/leads?tab=entregas&integration=webhook',
    );
    await user.click(within(rows[0]!).getByRole('button', { name: /Reenviar/ }));
    expect((await findToast('Entrega reenviada')).variant).toBe('success');
    expect(sent('POST').map((c) => c.path)).toContain('/v1/deliveries/d-1/replay');
  });

  it('masks the signing secret, reveals it, and rotates it only after confirmation', async () => {
    serve();
    handle('rotateWebhookSecret', { data: { secret: 'whsec_bm92bw==' } });
    const user = userEvent.setup();
    renderScreen();
    const secret = await screen.findByTestId('webhook-secret');
    expect(secret.textContent).toMatch(/^whsec_•+$/);
    await user.click(screen.getByRole('button', { name: 'Mostrar segredo' }));
    expect(secret).toHaveTextContent(SECRET);

    await user.click(screen.getByRole('button', { name: 'Gerar novo segredo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Gerar novo segredo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(sent('POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gerar novo segredo' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Gerar novo segredo' }),
    );
    await waitFor(() => expect(screen.getByTestId('webhook-secret')).toHaveTextContent('whsec_bm92bw=='));
    expect((await findToast('Novo segredo gerado')).variant).toBe('success');
  });

  it('when a delivery is refused and the server halts the integration, the card follows without a reload', async () => {
    const url: IntegrationPayloads['webhook'] = {
      url: 'https://crm.test',
      authentication: { type: 'none', key: '', value: '' },
    };
    handle(
      'getIntegrations',
      {
        data: { integrations: [integration('webhook', url, { is_active: true })] },
      },
      { once: true },
    );
    handle('getIntegrations', {
      data: {
        integrations: [
          integration('webhook', url, {
            is_active: true,
            halted: { kind: 'disabled', reason: 'O webhook respondeu HTTP 410.', at: '2025-05-01T12:00:00Z' },
          }),
        ],
      },
    });
    const failed = delivery({
      id: 'd-5',
      webhook_id: 'msg_5',
      lead_id: 'l-5',
      lead: { name: 'Lead de teste (Ana)', is_test: true },
      integration: 'webhook',
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      last_status_code: 410,
      last_error: 'O webhook informou que o endereço não existe mais (HTTP 410).',
      delivered_at: null,
      created_at: '2025-05-01T12:00:00Z',
    });
    let sent = false;
    handle('listDeliveries', (config) =>
      pageList(sent && config.query.integration === 'webhook' ? [failed] : [], { per_page: 5 }),
    );
    handle('sendTestLead', () => {
      sent = true;
      return {
        data: {
          lead_id: 'l-5',
          deliveries: [{ id: 'd-5', integration: 'webhook' as const, status: 'failed' as const }],
        },
        message: 'ok',
      };
    });
    const user = userEvent.setup();
    renderScreen();
    await ready();
    expect(screen.queryByTestId('halted-webhook')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar lead de teste' }));
    expect(await screen.findByTestId('halted-webhook', {}, { timeout: 3000 })).toHaveTextContent(
      'O webhook respondeu HTTP 410.',
    );
    expect(dot('webhook')).toHaveAttribute('data-color', 'red');
    expect(dot('webhook')).toHaveTextContent('Desativada pelo sistema');
    // The form kept its content.
    expect(screen.getByLabelText('URL do Webhook')).toHaveValue('https://crm.test');
  });

  it("'Enviar lead de teste' posts a test lead and says where it went", async () => {
    serve([
      integration(
        'webhook',
        { url: 'https://crm.test', authentication: { type: 'none', key: '', value: '' } },
        { is_active: true },
      ),
    ]);
    handle('sendTestLead', {
      data: { lead_id: 'l-9', deliveries: [{ id: 'd-9', integration: 'webhook', status: 'pending' }] },
      message: 'Lead de teste enviado.',
    });
    const user = userEvent.setup();
    renderScreen();
    await ready();
    await user.click(screen.getByRole('button', { name: 'Enviar lead de teste' }));
    const toast = await findToast('Lead de teste enviado');
    expect(toast.variant).toBe('success');
    expect(toast.text).toContain('Webhook');
  });
});
