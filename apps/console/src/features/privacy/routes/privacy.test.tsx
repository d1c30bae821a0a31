import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PERSON_EXPORT_FORMAT,
  type PersonExport,
  type PersonSummary,
  type PrivacyRequest,
  type RetentionSettings,
} from '@vitrine/contracts';
import { demoUser, setXsrfCookie } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { PrivacyRoute } from './privacy';

const AGENCY = demoUser.real_estates[0]!.id;
beforeEach(() => setXsrfCookie('token'));
afterEach(() => {
  vi.unstubAllGlobals();
});

const SUMMARY: PersonSummary = {
  key: { type: 'email', value: 'maria@exemplo.com.br' },
  counts: {
    leads: 2,
    contacts: 1,
    sessions: 1,
    events: 4,
    deliveries: 2,
    delivery_attempts: 3,
    history: 1,
    inbound_requests: 1,
  },
  leads: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      created_at: '2025-03-06T15:00:00.000Z',
      name: 'Maria da Silva',
      email: 'maria@exemplo.com.br',
      phone: '11987654321',
      status: 'em_atendimento',
      consent: true,
      page: { id: 1, title: 'Apartamento na Vila Mariana' },
    },
  ],
};

const RETENTION: RetentionSettings = {
  analytics_months: 13,
  delivery_bodies_months: 6,
  inbound_bodies_months: 6,
  defaults: { analytics_months: 13, delivery_bodies_months: 6, inbound_bodies_months: 6 },
  limits: {
    analytics_months: { min: 1, max: 13 },
    delivery_bodies_months: { min: 1, max: 24 },
    inbound_bodies_months: { min: 1, max: 24 },
  },
  updated_at: null,
};

function paginated(data: PrivacyRequest[]) {
  return {
    data,
    meta: {
      current_page: 1,
      per_page: 10,
      total: data.length,
      last_page: 1,
      from: data.length ? 1 : null,
      to: data.length || null,
    },
    links: { first: '', last: '', prev: null, next: null },
  };
}

const REQUEST: PrivacyRequest = {
  id: 7,
  action: 'erase',
  key_type: 'email',
  key_hash: '3f2a9c0d1e2b',
  actor: { id: demoUser.id, name: 'Ana Demo' },
  counts: { leads: 2, contacts: 1, canceled_deliveries: 1 },
  created_at: '2025-03-06T16:00:00.000Z',
};

function replyBase(requests: PrivacyRequest[] = []) {
  handle('listPrivacyRequests', paginated(requests));
  handle('getRetention', { data: RETENTION });
}

function renderPrivacy(role: 'owner' | 'admin' | 'agent' = 'owner') {
  const user = { ...demoUser, real_estates: [{ ...demoUser.real_estates[0]!, role }] };
  return renderWithRouter([{ path: '/privacidade', element: <PrivacyRoute /> }], {
    auth: fakeAuth({ user }),
    initialEntries: ['/privacidade'],
  });
}

describe('/privacidade', () => {
  it('searches by e-mail with a POST, shows counts and leads, exports and erases after a confirmation naming what happens', async () => {
    const sent: [string, unknown][] = [];
    let requests: PrivacyRequest[] = [];
    handle('listPrivacyRequests', () => paginated(requests));
    handle('getRetention', { data: RETENTION });
    handle('searchPerson', (config) => {
      sent.push(['search', config.body]);
      return { data: SUMMARY };
    });
    handle('exportPerson', (config) => {
      sent.push(['export', config.body]);
      const exported: PersonExport = {
        format: PERSON_EXPORT_FORMAT,
        generated_at: '2025-03-06T16:00:00.000Z',
        agency: { id: AGENCY, name: 'Demo', cnpj: null },
        search: SUMMARY.key,
        counts: SUMMARY.counts,
        contacts: [],
        leads: [],
        inbound_requests: [],
      };
      return exported;
    });
    handle('erasePerson', (config) => {
      sent.push(['erase', config.body]);
      requests = [REQUEST];
      return {
        data: { counts: { ...SUMMARY.counts, canceled_deliveries: 1 }, request: REQUEST },
        message: 'Dados anonimizados.',
      };
    });
    const createObjectURL = vi.fn(() => 'blob:teste');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderPrivacy();
    expect(await screen.findByText('Nenhuma solicitação ainda')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail da pessoa'), 'Maria@Exemplo.com.br');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    const found = await screen.findByRole('region', { name: 'Dados encontrados' });
    expect(within(found).getByText('Leads').nextSibling).toHaveTextContent('2');
    expect(within(found).getByText('Tentativas de entrega').nextSibling).toHaveTextContent('3');
    const lead = within(found).getByTestId('person-lead');
    expect(lead).toHaveTextContent('Maria da Silva');
    expect(lead).toHaveTextContent('Apartamento na Vila Mariana');
    expect(lead).toHaveTextContent('(11) 98765-4321');
    expect(lead).toHaveTextContent('Aceitou contato: sim');

    await userEvent.click(within(found).getByRole('button', { name: 'Exportar dados' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await userEvent.click(within(found).getByRole('button', { name: 'Anonimizar dados' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Anonimizar os dados desta pessoa?' });
    expect(confirm).toHaveTextContent('2 leads e 1 contato passam a se chamar “Titular anonimizado”');
    expect(confirm).toHaveTextContent('Entregas ainda não enviadas são canceladas');
    expect(confirm).toHaveTextContent('Esta ação não pode ser desfeita');
    // Cancel has the initial focus: Enter does not erase by accident.
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Anonimizar' }));

    expect(await screen.findByText(/Dados anonimizados\. 2 leads, 1 contato, 1 visita/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dados encontrados' })).toBeNull();
    const entry = await screen.findByTestId('privacy-request');
    expect(entry).toHaveTextContent(
      'Ana Demo anonimizou os dados de um e-mail (#3f2a9c0d1e2b): 2 leads, 1 contato',
    );
    expect(sent).toEqual([
      ['search', { email: 'Maria@Exemplo.com.br' }],
      ['export', { email: 'Maria@Exemplo.com.br' }],
      ['erase', { email: 'Maria@Exemplo.com.br' }],
    ]);
    click.mockRestore();
  });

  it('found by a number without DDD: no export nor erasure, and says to search with the DDD', async () => {
    replyBase();
    handle('searchPerson', { data: { ...SUMMARY, key: { type: 'phone', value: '987654321' } } });
    renderPrivacy();
    await userEvent.selectOptions(await screen.findByLabelText('Buscar por'), 'phone');
    await userEvent.type(screen.getByLabelText('Telefone da pessoa'), '98765-4321');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('region', { name: 'Dados encontrados' });
    expect(within(found).getByRole('note')).toHaveTextContent('Busque de novo com o DDD');
    expect(within(found).queryByRole('button', { name: 'Exportar dados' })).toBeNull();
    expect(within(found).queryByRole('button', { name: 'Anonimizar dados' })).toBeNull();
  });

  it('checks the key before sending, shows the server’s field message, and says when nothing is found', async () => {
    replyBase();
    const sent: unknown[] = [];
    handle(
      'searchPerson',
      (config) => {
        sent.push(config.body);
        return failure(422, {
          message: 'Informe um telefone…',
          errors: { phone: ['Telefone recusado pelo servidor.'] },
        });
      },
      { once: true },
    );
    handle(
      'searchPerson',
      (config) => {
        sent.push(config.body);
        return {
          data: {
            key: { type: 'phone' as const, value: '11912345678' },
            counts: {
              leads: 0,
              contacts: 0,
              sessions: 0,
              events: 0,
              deliveries: 0,
              delivery_attempts: 0,
              history: 0,
              inbound_requests: 0,
            },
            leads: [],
          },
        };
      },
      { once: true },
    );
    renderPrivacy('admin');
    await userEvent.click(await screen.findByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Informe o e-mail ou o telefone da pessoa.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail da pessoa')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.selectOptions(screen.getByLabelText('Buscar por'), 'phone');
    await userEvent.type(screen.getByLabelText('Telefone da pessoa'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(/Informe um telefone com DDD/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Telefone da pessoa'));
    await userEvent.type(screen.getByLabelText('Telefone da pessoa'), '(11) 91234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Telefone recusado pelo servidor.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Nenhum dado encontrado')).toBeInTheDocument();
    expect(
      screen.getByText(/Nenhum lead ou contato desta imobiliária tem o telefone 11912345678/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anonimizar dados' })).toBeNull();
    expect(sent).toEqual([{ phone: '(11) 91234-5678' }, { phone: '(11) 91234-5678' }]);
  });

  it('saves the retention periods, refusing out-of-bounds values in Portuguese', async () => {
    replyBase();
    const puts: unknown[] = [];
    handle('updateRetention', (config) => {
      const body = config.body as {
        analytics_months: number;
        delivery_bodies_months: number;
      };
      puts.push(body);
      return { data: { ...RETENTION, ...body, updated_at: '2025-03-06T16:00:00.000Z' } };
    });
    renderPrivacy();
    const analytics = await screen.findByLabelText('Eventos e visitas do Analytics (meses)');
    expect(analytics).toHaveValue(13);
    expect(screen.getByText('Padrão: 13 meses, o máximo. De 1 a 13.')).toBeInTheDocument();
    const bodies = screen.getByLabelText('Respostas dos CRMs nas entregas (meses)');
    await userEvent.clear(bodies);
    await userEvent.type(bodies, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar prazos' }));
    expect(
      await screen.findByText('A retenção das respostas dos CRMs deve ser de pelo menos 1 mês.'),
    ).toBeInTheDocument();
    expect(puts).toEqual([]);
    await userEvent.clear(bodies);
    await userEvent.type(bodies, '3');
    await userEvent.clear(analytics);
    await userEvent.type(analytics, '6');
    const inbound = screen.getByLabelText('Corpos das requisições das origens de leads (meses)');
    expect(inbound).toHaveValue(6);
    await userEvent.clear(inbound);
    await userEvent.type(inbound, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar prazos' }));
    await waitFor(() =>
      expect(puts).toEqual([{ analytics_months: 6, delivery_bodies_months: 3, inbound_bodies_months: 2 }]),
    );
    expect(await screen.findByText(/Alterado em/)).toBeInTheDocument();
  });

  it('shows the log’s error with a retry', async () => {
    handle('getRetention', { data: RETENTION });
    handle('listPrivacyRequests', failure(500, { message: 'Erro interno.' }), { once: true });
    handle('listPrivacyRequests', paginated([{ ...REQUEST, action: 'export' }]));
    renderPrivacy();
    await userEvent.click(await screen.findByRole('button', { name: /Tentar novamente/ }));
    expect(await screen.findByTestId('privacy-request')).toHaveTextContent('exportou os dados de um e-mail');
  });

  it('is for owners and admins: an agent sees the restricted notice and no request is made', async () => {
    renderPrivacy('agent');
    expect(await screen.findByText('Somente proprietários e administradores')).toBeInTheDocument();
    expect(screen.queryByRole('search')).toBeNull();
    expect(sent('GET').concat(sent('POST'))).toHaveLength(0);
  });
});
