import { PLANS, type Subscription, type User } from '@vitrine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MockAdapter from 'axios-mock-adapter';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { SubscriptionRoute } from './subscription';

const mock = new MockAdapter(api);
const URL = '/v1/real-estates/10/subscription';

const trial = (): Subscription => ({
  plan: PLANS.profissional,
  status: 'trialing',
  trial_ends_at: '2026-12-08T15:00:00.000Z',
  current_period_end: null,
  cancel_at_period_end: false,
  billing_type: null,
  usage: {
    published_pages: { used: 12, limit: 50 },
    users: { used: 2, limit: 5 },
    leads_per_month: { used: 1_040, limit: 1_000 },
  },
  payments: { provider: 'fake', live: false, message: 'Pagamentos em modo de demonstração: nada é cobrado.' },
  plans: [PLANS.essencial, PLANS.profissional, PLANS.imobiliaria],
});

beforeEach(() => {
  mock.reset();
  setXsrfCookie('tok');
});
afterAll(() => mock.restore());

const renderScreen = (user: User = demoUser) =>
  renderWithRouter([{ path: '/assinatura', element: <SubscriptionRoute /> }], {
    auth: fakeAuth({ user }),
    initialEntries: ['/assinatura'],
  });

describe('Assinatura', () => {
  it('shows the trial, the usage meters, the plans in reais and how payments are turned on', async () => {
    mock.onGet(URL).reply(200, { data: trial() });
    renderScreen();
    expect(await screen.findByText('Plano atual: Profissional')).toBeInTheDocument();
    expect(screen.getByText('Período de teste')).toBeInTheDocument();
    expect(
      screen.getByText(/Teste grátis do plano Profissional até 8 de dezembro de 2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Páginas publicadas: 12 de 50' })).toHaveAttribute(
      'aria-valuenow',
      '24',
    );
    expect(screen.getByRole('progressbar', { name: 'Leads neste mês: 1.040 de 1.000' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText(/Leads além do plano continuam chegando/)).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('modo de demonstração');
    expect(screen.getByText('R$ 99,00')).toBeInTheDocument();
    expect(screen.getByText('R$ 499,00')).toBeInTheDocument();
  });

  it('subscribes to a plan with the chosen payment method and shows it as current', async () => {
    mock.onGet(URL).reply(200, { data: trial() });
    let body: unknown;
    mock.onPut(URL).reply((config) => {
      body = JSON.parse(String(config.data));
      return [
        200,
        {
          data: {
            ...trial(),
            plan: PLANS.imobiliaria,
            status: 'active',
            billing_type: 'BOLETO',
            current_period_end: '2026-12-24T15:00:00.000Z',
          },
          message: 'Plano Imobiliária ativado.',
        },
      ];
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'BOLETO');
    await user.click(screen.getByRole('button', { name: 'Assinar o plano Imobiliária' }));
    expect(await screen.findByText('Plano atual: Imobiliária')).toBeInTheDocument();
    expect(body).toEqual({ plan: 'imobiliaria', billing_type: 'BOLETO' });
    expect(screen.getByRole('button', { name: 'Imobiliária: plano atual' })).toBeDisabled();
    expect(screen.getByText(/renova em 24 de dezembro de 2026/)).toBeInTheDocument();
  });

  it('shows why a downgrade was refused', async () => {
    mock.onGet(URL).reply(200, { data: trial() });
    mock.onPut(URL).reply(422, {
      message:
        'O plano Essencial não comporta o que você tem hoje: 12 páginas publicadas (o plano permite 10).',
      errors: { plan: ['O plano Essencial não comporta o que você tem hoje.'] },
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    await user.click(screen.getByRole('button', { name: 'Assinar o plano Essencial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('não comporta o que você tem hoje');
  });

  it('cancels after confirming', async () => {
    mock.onGet(URL).reply(200, { data: trial() });
    mock.onPost(`${URL}/cancel`).reply(200, {
      data: { ...trial(), status: 'canceled' },
      message: 'Assinatura cancelada.',
    });
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    await user.click(screen.getByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar assinatura' }));
    expect(await screen.findByText('Cancelada')).toBeInTheDocument();
    expect(screen.getByText(/Sem plano ativo/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar assinatura' })).not.toBeInTheDocument();
  });

  it('admins and agents see that it is the owner’s, without a call', async () => {
    renderScreen(singleAgencyUser);
    expect(await screen.findByText('Só o proprietário')).toBeInTheDocument();
    expect(mock.history.get).toHaveLength(0);
  });
});
