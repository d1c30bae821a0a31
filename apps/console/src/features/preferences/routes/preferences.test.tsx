import {
  PREFERENCE_DEFAULTS,
  PREFERENCE_KEYS,
  PREFERENCE_LABELS,
  type CustomDomain,
  type Preference,
  type User,
} from '@vitrine/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, reply, sent, type Resolver } from '@/test/network';
import { PreferencesRoute } from './preferences';

const prefs = (): Preference[] =>
  PREFERENCE_KEYS.map((key, i) => ({
    id: 100 + i,
    key,
    value: PREFERENCE_DEFAULTS[key],
    ...PREFERENCE_LABELS[key],
  })) as Preference[];
const idOf = (key: string) => prefs().find((p) => p.key === key)!.id;

beforeEach(() => {
  setXsrfCookie('tok');
  // The screen's custom-domain card loads beside the preferences.
  const landing = 'https://imoveis.vitrinepaginas.com.br';
  handle('listDomains', { data: [], meta: { landing_url: landing, pages_url: landing } });
});

/** Answers PUT /v1/preferences/{id} for the row of one key; another row's id is not found. */
function answerPut(key: string, answer: Resolver<'updatePreferences'>) {
  handle('updatePreferences', (received) =>
    received.params.id === String(idOf(key)) ? answer(received) : failure(404),
  );
}

function renderScreen(user: User = demoUser) {
  return renderWithRouter([{ path: '/configuracoes', element: <PreferencesRoute /> }], {
    auth: fakeAuth({ user }),
    initialEntries: ['/configuracoes'],
  });
}

const field = (key: keyof typeof PREFERENCE_LABELS) =>
  screen.getByLabelText(PREFERENCE_LABELS[key].label, { selector: 'input,textarea' });
const statusOf = (key: string) => screen.getByTestId(`status-${key}`);

describe('Configurações', () => {
  it('shows every row in its group, with a loading state first', async () => {
    handle('getPreferences', { data: prefs() });
    renderScreen();
    expect(screen.getByRole('status', { name: 'Carregando configurações...' })).toBeInTheDocument();
    expect(await screen.findByText('WhatsApp das páginas')).toBeInTheDocument();
    for (const group of ['Leads', 'Aparência das páginas', 'Marketing e medição', 'Buscadores'])
      expect(screen.getByText(group)).toBeInTheDocument();
    expect(field('whatsapp_message')).toHaveValue(PREFERENCE_DEFAULTS.whatsapp_message);
    expect(field('response_sla_minutes')).toHaveValue('60');
    expect(screen.getByTestId('whatsapp-preview')).toHaveTextContent(
      'Olá! Tenho interesse no imóvel "Apartamento com 3 quartos em Pinheiros": http',
    );
  });

  it('auto-saves the WhatsApp message after the pause, with {value}, and says it was saved', async () => {
    handle('getPreferences', { data: prefs() });
    const puts: unknown[] = [];
    answerPut('whatsapp_message', (config) => {
      const body = config.body as { value: string };
      puts.push(body);
      return { data: { ...prefs().find((p) => p.key === 'whatsapp_message')!, value: body.value } };
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('WhatsApp das páginas');
    await user.clear(field('whatsapp_message'));
    await user.type(field('whatsapp_message'), 'Oi! Quero ver {{titulo} agora');
    expect(statusOf('whatsapp_message')).toHaveTextContent('Alteração pendente');
    expect(screen.getByTestId('whatsapp-preview')).toHaveTextContent(
      'Oi! Quero ver Apartamento com 3 quartos em Pinheiros agora',
    );
    await waitFor(() => expect(statusOf('whatsapp_message')).toHaveTextContent('Salvo'), { timeout: 4000 });
    expect(puts).toEqual([{ value: 'Oi! Quero ver {titulo} agora' }]);
  });

  it('sends the e-mails as a list when the field loses focus', async () => {
    handle('getPreferences', { data: prefs() });
    let sent: unknown;
    answerPut('lead_alert_emails', (config) => {
      sent = config.body;
      return { data: { ...prefs()[0]!, value: ['a@exemplo.com.br', 'b@exemplo.com.br'] } };
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('WhatsApp das páginas');
    await user.type(field('lead_alert_emails'), 'A@exemplo.com.br{enter}b@exemplo.com.br');
    await user.tab();
    await waitFor(() => expect(statusOf('lead_alert_emails')).toHaveTextContent('Salvo'));
    expect(sent).toEqual({ value: ['a@exemplo.com.br', 'b@exemplo.com.br'] });
    expect(field('lead_alert_emails')).toHaveValue('a@exemplo.com.br\nb@exemplo.com.br');
  });

  it('refuses a malformed GA4 id in the form, without calling the server', async () => {
    handle('getPreferences', { data: prefs() });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('WhatsApp das páginas');
    await user.type(field('ga4_measurement_id'), 'UA-1234-5');
    await user.tab();
    const row = screen.getByTestId('row-ga4_measurement_id');
    // Under the field, and in the row's live status, so a screen reader says why.
    expect((await within(row).findAllByText(/use o formato G-XXXXXXXXXX/)).length).toBe(2);
    expect(field('ga4_measurement_id')).toHaveAttribute('aria-invalid', 'true');
    expect(statusOf('ga4_measurement_id')).toHaveTextContent(/^Não salvo: .*use o formato G-XXXXXXXXXX/);
    expect(sent('PUT')).toHaveLength(0);
  });

  it('shows the server’s 422 message under the field', async () => {
    handle('getPreferences', { data: prefs() });
    answerPut('meta_pixel_id', () =>
      failure(422, {
        message: 'O ID do Meta Pixel já está em uso.',
        errors: { value: ['O ID do Meta Pixel já está em uso.'] },
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('WhatsApp das páginas');
    await user.type(field('meta_pixel_id'), '123456789012345');
    await user.tab();
    expect(await screen.findByText('O ID do Meta Pixel já está em uso.')).toBeInTheDocument();
  });

  it('the sitemap switch starts off and auto-saves true, then false, each answered "Salvo"', async () => {
    handle('getPreferences', { data: prefs() });
    const puts: unknown[] = [];
    answerPut('sitemap_closed_pages', (config) => {
      const body = config.body as { value: boolean };
      puts.push(body);
      const row = prefs().find((p) => p.key === 'sitemap_closed_pages')!;
      return { data: { ...row, value: body.value } };
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Buscadores');
    const toggle = screen.getByRole('switch', { name: PREFERENCE_LABELS.sitemap_closed_pages.label });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Só páginas publicadas no sitemap')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Vendidos e alugados continuam no sitemap')).toBeInTheDocument();
    expect(statusOf('sitemap_closed_pages')).toHaveTextContent('Alteração pendente');
    // Leaving the switch saves at once.
    await user.tab();
    await waitFor(() => expect(statusOf('sitemap_closed_pages')).toHaveTextContent('Salvo'));
    expect(puts).toEqual([{ value: true }]);
    await user.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ value: true }, { value: false }]), { timeout: 4000 });
    await waitFor(() => expect(statusOf('sitemap_closed_pages')).toHaveTextContent('Salvo'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('agents see who can change the settings, and no call is made', async () => {
    renderScreen(singleAgencyUser);
    expect(await screen.findByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(sent('GET')).toHaveLength(0);
  });

  it('a failed load offers to try again', async () => {
    handle('getPreferences', failure(500, { message: 'Erro interno do servidor.' }), { once: true });
    handle('getPreferences', { data: prefs() });
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: /tentar novamente/i }));
    expect(await screen.findByText('WhatsApp das páginas')).toBeInTheDocument();
  });
});

describe('Domínio próprio', () => {
  const pending: CustomDomain = {
    id: 7,
    hostname: 'imoveis.casa-nova.com.br',
    status: 'pending',
    url: 'https://imoveis.casa-nova.com.br',
    dns: {
      cname: { name: 'imoveis.casa-nova.com.br', value: 'imoveis.vitrinepaginas.com.br' },
      txt: { name: '_vitrine.imoveis.casa-nova.com.br', value: 'vitrine-verificacao=abc123' },
    },
    checked_at: null,
    check_message: null,
    verified_at: null,
    failing_since: null,
    unverify_at: null,
    created_at: '2026-11-27T12:00:00Z',
  };
  const meta = (pagesUrl: string) => ({
    landing_url: 'https://imoveis.vitrinepaginas.com.br',
    pages_url: pagesUrl,
  });

  it('adds a domain, shows the DNS records to create, verifies it and the preview link follows it', async () => {
    handle('getPreferences', { data: prefs() });
    let list: CustomDomain[] = [];
    let pagesUrl = 'https://imoveis.vitrinepaginas.com.br';
    handle('listDomains', () => ({ data: list, meta: meta(pagesUrl) }));
    const posted: unknown[] = [];
    handle('addDomain', (config) => {
      posted.push(config.body);
      list = [pending];
      return { data: pending, message: 'Domínio adicionado: crie os registros DNS e clique em Verificar.' };
    });
    handle('verifyDomain', () => {
      const verified: CustomDomain = {
        ...pending,
        status: 'verified',
        checked_at: '2026-11-27T12:05:00Z',
        check_message: 'Registro TXT _vitrine.imoveis.casa-nova.com.br encontrado.',
      };
      list = [verified];
      pagesUrl = 'https://imoveis.casa-nova.com.br';
      return { data: verified, message: verified.check_message ?? undefined };
    });
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText('Domínio próprio')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-preview')).toHaveTextContent(
        'https://imoveis.vitrinepaginas.com.br/imoveis/apartamento-3-quartos-pinheiros',
      ),
    );

    // A bad name is refused before any request, in Portuguese.
    const input = screen.getByLabelText('Adicionar domínio');
    await user.type(input, 'sem-ponto');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText('Informe um domínio válido, ex.: imoveis.suaimobiliaria.com.br'),
    ).toBeVisible();
    expect(posted).toEqual([]);

    await user.clear(input);
    await user.type(input, 'Imoveis.Casa-Nova.com.br');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    const item = await screen.findByRole('region', { name: 'Domínio imoveis.casa-nova.com.br' });
    expect(posted).toEqual([{ hostname: 'imoveis.casa-nova.com.br' }]);
    expect(within(item).getByText('Aguardando DNS')).toBeInTheDocument();
    expect(within(item).getByText('_vitrine.imoveis.casa-nova.com.br')).toBeInTheDocument();
    expect(within(item).getByText('vitrine-verificacao=abc123')).toBeInTheDocument();
    expect(within(item).getByText('imoveis.vitrinepaginas.com.br')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Verificar' }));
    expect(await within(item).findByText('Verificado')).toBeInTheDocument();
    expect(within(item).getByTestId('domain-check')).toHaveTextContent(
      'Registro TXT _vitrine.imoveis.casa-nova.com.br encontrado.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('whatsapp-preview')).toHaveTextContent(
        'https://imoveis.casa-nova.com.br/imoveis/apartamento-3-quartos-pinheiros',
      ),
    );
  });

  it('a verified domain whose TXT record is gone shows since when and until when it stays verified', async () => {
    handle('getPreferences', { data: prefs() });
    const failing: CustomDomain = {
      ...pending,
      status: 'verified',
      verified_at: '2026-11-20T12:00:00Z',
      checked_at: '2026-11-27T15:00:00Z',
      check_message: 'O registro TXT _vitrine.imoveis.casa-nova.com.br não foi encontrado.',
      failing_since: '2026-11-27T13:00:00Z',
      unverify_at: '2026-11-30T13:00:00Z',
    };
    handle('listDomains', { data: [failing], meta: meta('https://imoveis.casa-nova.com.br') });
    renderScreen();
    const item = await screen.findByRole('region', { name: 'Domínio imoveis.casa-nova.com.br' });
    expect(within(item).getByText('Falhando na verificação')).toBeInTheDocument();
    expect(within(item).queryByText('Verificado')).toBeNull();
    const alert = within(item).getByTestId('domain-failing');
    expect(alert).toHaveTextContent('O registro TXT não é encontrado desde');
    expect(alert).toHaveTextContent('o domínio deixa de ser verificado');
    expect(within(item).getByTestId('domain-check')).toHaveTextContent('não foi encontrado');
  });

  it('removes a domain after confirmation', async () => {
    handle('getPreferences', { data: prefs() });
    let list = [pending];
    handle('listDomains', () => ({ data: list, meta: meta('https://imoveis.vitrinepaginas.com.br') }));
    let deleted = 0;
    handle('removeDomain', () => {
      deleted++;
      list = [];
      return reply(204);
    });
    const user = userEvent.setup();
    renderScreen();
    const item = await screen.findByRole('region', { name: 'Domínio imoveis.casa-nova.com.br' });
    await user.click(within(item).getByRole('button', { name: 'Remover' }));
    await user.click(await screen.findByRole('button', { name: 'Remover domínio' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Domínio imoveis.casa-nova.com.br' })).toBeNull(),
    );
    expect(deleted).toBe(1);
  });
});
