import type { ApiKey, ApiKeyListResponse } from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { resetToastsForTests } from '@/lib/toast';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { failure, handle, sent } from '@/test/network';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { curlExample, KEY_PLACEHOLDER } from '../lead-api-example';
import { LeadApiCard } from './lead-api-card';

const ENDPOINT = 'http://localhost:3000/v1/leads';
const TOKEN = `vk_live_${'A1b2C3d4'.repeat(5)}xyz`;

function key(over: Partial<ApiKey> & Pick<ApiKey, 'id' | 'name'>): ApiKey {
  return {
    prefix: 'vk_live_Ab12',
    scopes: ['leads:write'],
    created_at: '2026-11-02T13:00:00Z',
    created_by: { id: 1, name: 'Ana Dona' },
    last_used_at: null,
    revoked_at: null,
    ...over,
  };
}
const list = (
  keys: ApiKey[],
  docs_url: string | null = 'http://localhost:3000/docs',
): ApiKeyListResponse => ({
  data: keys,
  meta: { endpoint_url: ENDPOINT, docs_url },
});

function renderCard() {
  return renderWithRouter(
    [
      {
        path: '/origens',
        element: (
          <>
            <LeadApiCard realEstateId={10} />
            <Toaster />
          </>
        ),
      },
    ],
    { auth: fakeAuth({ user: demoUser }), initialEntries: ['/origens'] },
  );
}

const card = () => screen.findByRole('region', { name: /API de leads/ });

beforeEach(() => {
  resetToastsForTests();
  setXsrfCookie('tok');
});

describe('the lead API card', () => {
  it('lists the keys (name, visible start, created, last use), revoked ones greyed, with the endpoint and docs', async () => {
    handle(
      'listApiKeys',
      list([
        key({ id: 1, name: 'Site', last_used_at: new Date(Date.now() - 5 * 60_000).toISOString() }),
        key({ id: 2, name: 'Zapier', prefix: 'vk_live_Zz99', created_by: null }),
        key({ id: 3, name: 'Antiga', prefix: 'vk_live_Old1', revoked_at: '2026-11-10T12:00:00Z' }),
      ]),
    );
    renderCard();
    const region = await card();
    expect(await within(region).findByText('2 chaves ativas')).toBeInTheDocument();
    expect(within(region).getByTestId('lead-api-endpoint')).toHaveTextContent(ENDPOINT);

    const site = within(region).getByTestId('api-key-1');
    expect(site).toHaveTextContent('Site');
    expect(site).toHaveTextContent('vk_live_Ab12…');
    expect(site).toHaveTextContent('Criada em 02/11/2026 por Ana Dona');
    expect(site).toHaveTextContent(/último uso há 5 min/);
    expect(within(site).getByRole('button', { name: 'Revogar a chave Site' })).toBeInTheDocument();

    const zapier = within(region).getByTestId('api-key-2');
    expect(zapier).toHaveTextContent('nunca usada');
    expect(zapier).not.toHaveTextContent(' por ');

    const old = within(region).getByTestId('api-key-3');
    expect(old).toHaveTextContent('Revogada em 10/11/2026');
    expect(within(old).queryByRole('button', { name: /Revogar/ })).not.toBeInTheDocument();

    const docs = within(region).getByRole('link', { name: /Documentação da API/ });
    expect(docs).toHaveAttribute('href', 'http://localhost:3000/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    const example = within(region).getByLabelText('Exemplo com curl');
    expect(example).toHaveTextContent(`curl -X POST '${ENDPOINT}'`);
    expect(example).toHaveTextContent(`Authorization: Bearer ${KEY_PLACEHOLDER}`);
    expect(example.textContent).toMatch(/Idempotency-Key: [0-9a-f-]{36}/);
  });

  it('says when there is no key yet, and leaves out the docs link when the server serves none', async () => {
    handle('listApiKeys', list([], null));
    renderCard();
    const region = await card();
    expect(await within(region).findByText('Nenhuma chave ativa')).toBeInTheDocument();
    expect(within(region).getByText(/Nenhuma chave criada ainda/)).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: /Documentação/ })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry', async () => {
    handle('listApiKeys', failure(500, { message: 'Erro interno do servidor.' }), { once: true });
    handle('listApiKeys', list([key({ id: 1, name: 'Site' })]));
    renderCard();
    const region = await card();
    expect(within(region).getByRole('status', { name: 'Carregando chaves...' })).toBeInTheDocument();
    const alert = await within(region).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Não foi possível carregar as chaves' })).toBeVisible();
    expect(alert).toHaveTextContent('Erro interno do servidor.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(region).findByTestId('api-key-1')).toBeInTheDocument();
  });

  it('creates a key and shows it once, with a copy button, a warning and the example filled in', async () => {
    const user = userEvent.setup();
    handle('listApiKeys', list([]), { once: true });
    handle('listApiKeys', list([key({ id: 9, name: 'RD Station' })]));
    handle('createApiKey', {
      data: { ...key({ id: 9, name: 'RD Station' }), token: TOKEN },
      message: 'Chave criada. Copie agora: ela não será mostrada de novo.',
    });
    renderCard();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Criar chave' }));
    let dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    // The name is required (checked before anything is sent).
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(await within(dialog).findByText(/Dê um nome à chave/)).toHaveAttribute('aria-live', 'polite');
    expect(sent('createApiKey')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Nome da chave'), 'RD Station');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    dialog = await screen.findByRole('dialog', { name: 'Chave "RD Station" criada' });
    expect(sent('createApiKey').map((r) => r.body)).toEqual([{ name: 'RD Station' }]);
    expect(within(dialog).getByTestId('new-api-key')).toHaveTextContent(TOKEN);
    expect(within(dialog).getByText(/não será mostrada de novo/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Teste com curl')).toHaveTextContent(
      `Authorization: Bearer ${TOKEN}`,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copiar chave da api' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);
    // The toast says where the key goes (not the portal's form of the Grupo OLX card).
    // The toast's text is also in its live region: found twice.
    expect((await screen.findAllByText('Chave copiada')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Guarde-a no sistema que vai enviar os leads/).length).toBeGreaterThan(0);
    expect(screen.queryByText(/formulário do portal|Canal Pro/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Já copiei a chave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(TOKEN)).not.toBeInTheDocument();
    expect(await within(region).findByTestId('api-key-9')).toHaveTextContent('RD Station');
    expect(within(region).getByText('1 chave ativa')).toBeInTheDocument();
  });

  it('from the keyboard: the dialog opens in the name field, Enter creates, and closing gives the focus back', async () => {
    const user = userEvent.setup();
    handle('listApiKeys', list([]));
    handle('createApiKey', {
      data: { ...key({ id: 9, name: 'Site' }), token: TOKEN },
      message: 'Chave criada. Copie agora: ela não será mostrada de novo.',
    });
    renderCard();
    const region = await card();
    const open = await within(region).findByRole('button', { name: 'Criar chave' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await waitFor(() => expect(within(dialog).getByLabelText('Nome da chave')).toHaveFocus());
    await user.keyboard('Site{Enter}');
    await screen.findByRole('dialog', { name: 'Chave "Site" criada' });
    expect(sent('createApiKey').map((r) => r.body)).toEqual([{ name: 'Site' }]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Criar chave' })).toHaveFocus());
  });

  it("shows the server's field error when the key cannot be created", async () => {
    const user = userEvent.setup();
    handle('listApiKeys', list([]));
    handle(
      'createApiKey',
      failure(422, {
        message: 'O nome da chave deve ter no máximo 60 caracteres.',
        errors: { name: ['O nome da chave deve ter no máximo 60 caracteres.'] },
      }),
    );
    renderCard();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Criar chave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar chave de API' });
    await user.type(within(dialog).getByLabelText('Nome da chave'), 'Site');
    await user.click(within(dialog).getByRole('button', { name: 'Criar chave' }));
    expect(
      await within(dialog).findByText('O nome da chave deve ter no máximo 60 caracteres.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome da chave')).toHaveAttribute('aria-invalid', 'true');
  });

  it('revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    const site = key({ id: 7, name: 'Site' });
    handle('listApiKeys', list([site]), { once: true });
    handle('listApiKeys', list([{ ...site, revoked_at: '2026-11-27T12:00:00Z' }]));
    handle('revokeApiKey', {
      data: { ...site, revoked_at: '2026-11-27T12:00:00Z' },
      message: 'Chave revogada: ela deixa de funcionar agora.',
    });
    renderCard();
    const region = await card();
    await user.click(await within(region).findByRole('button', { name: 'Revogar a chave Site' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar a chave "Site"?' });
    expect(confirm).toHaveTextContent(/401/);
    // Cancel first: nothing is sent.
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(sent('revokeApiKey')).toHaveLength(0);

    await user.click(within(region).getByRole('button', { name: 'Revogar a chave Site' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revogar chave' }),
    );
    await waitFor(() =>
      expect(sent('revokeApiKey').map((r) => r.params)).toEqual([{ id: '10', keyId: '7' }]),
    );
    expect(await screen.findByText('Chave revogada')).toBeInTheDocument();
    expect(await within(region).findByText('Revogada em 27/11/2026')).toBeInTheDocument();
    expect(within(region).getByText('Nenhuma chave ativa')).toBeInTheDocument();
  });
});

describe('curlExample', () => {
  it('sends one lead with the key, JSON and an Idempotency-Key, ready for a shell', () => {
    const command = curlExample({ endpoint: ENDPOINT, token: TOKEN, idempotencyKey: 'pedido-1' });
    expect(command.split('\n').slice(0, 4)).toEqual([
      `curl -X POST '${ENDPOINT}' \\`,
      `  -H 'Authorization: Bearer ${TOKEN}' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -H 'Idempotency-Key: pedido-1' \\`,
    ]);
    const body = command.slice(command.indexOf("-d '") + 4, -1);
    expect(JSON.parse(body)).toMatchObject({ name: 'Maria Souza', listing_code: 'AP-1234', consent: true });
    expect(curlExample({ endpoint: ENDPOINT, idempotencyKey: 'x' })).toContain(`Bearer ${KEY_PLACEHOLDER}`);
  });
});
