import { PLANS, type Subscription, type User } from '@vitrine/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, setXsrfCookie, singleAgencyUser } from '@/test/fixtures';
import { fakeAuth, renderWithRouter } from '@/test/render';
import { failure, handle, sent } from '@/test/network';
import { SubscriptionRoute } from './subscription';

const trial = (): Subscription => ({
  plan: PLANS.profissional,
  status: 'trialing',
  trial_ends_at: '2026-12-08T15:00:00.000Z',
  current_period_end: null,
  cancel_at_period_end: false,
  billing_type: null,
  pending_plan: null,
  invoice_url: null,
  usage: {
    published_pages: { used: 12, limit: 50 },
    users: { used: 2, limit: 5 },
    leads_per_month: { used: 1_040, limit: 1_000 },
  },
  payments: {
    provider: 'fake',
    live: false,
    enabled: true,
    message: 'Pagamentos em modo de demonstração: nada é cobrado.',
  },
  plans: [PLANS.essencial, PLANS.profissional, PLANS.imobiliaria],
});

beforeEach(() => {
  setXsrfCookie('tok');
});
afterEach(() => vi.restoreAllMocks());

const asaas = (): Subscription => ({
  ...trial(),
  payments: { provider: 'asaas', live: true, enabled: true, message: null },
});
const INVOICE = 'https://sandbox.asaas.com/i/abc123';

const renderScreen = (user: User = demoUser) =>
  renderWithRouter([{ path: '/assinatura', element: <SubscriptionRoute /> }], {
    auth: fakeAuth({ user }),
    initialEntries: ['/assinatura'],
  });

describe('Assinatura', () => {
  it('shows the trial, the usage meters, the plans in reais and how payments are turned on', async () => {
    handle('getSubscription', { data: trial() });
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
    handle('getSubscription', { data: trial() });
    let body: unknown;
    handle('updateSubscription', (config) => {
      body = config.body;
      return {
        data: {
          ...trial(),
          plan: PLANS.imobiliaria,
          status: 'active',
          billing_type: 'BOLETO',
          current_period_end: '2026-12-24T15:00:00.000Z',
        } satisfies Subscription,
        message: 'Plano Imobiliária ativado.',
      };
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
    handle('getSubscription', { data: trial() });
    handle(
      'updateSubscription',
      failure(422, {
        message:
          'O plano Essencial não comporta o que você tem hoje: 12 páginas publicadas (o plano permite 10).',
        errors: { plan: ['O plano Essencial não comporta o que você tem hoje.'] },
      }),
    );
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    await user.click(screen.getByRole('button', { name: 'Assinar o plano Essencial' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('não comporta o que você tem hoje');
  });

  it('cancels after confirming', async () => {
    handle('getSubscription', { data: trial() });
    handle('cancelSubscription', {
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
    expect(sent('GET')).toHaveLength(0);
  });

  it('with Asaas: the payment method chosen goes with the plan, the invoice page opens, and the screen keeps its link', async () => {
    handle('getSubscription', { data: asaas() });
    let body: unknown;
    handle('updateSubscription', (config) => {
      body = config.body;
      return {
        data: {
          ...asaas(),
          billing_type: 'CREDIT_CARD',
          pending_plan: 'imobiliaria',
          invoice_url: INVOICE,
        } satisfies Subscription,
        message: 'Falta pagar o plano Imobiliária: abra a fatura para pagar por Pix, boleto ou cartão.',
      };
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const user = userEvent.setup();
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    const method = screen.getByLabelText('Forma de pagamento');
    expect(
      within(method)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pix', 'Boleto', 'Cartão de crédito']);
    await user.selectOptions(method, 'CREDIT_CARD');
    await user.click(screen.getByRole('button', { name: 'Assinar o plano Imobiliária' }));
    expect(await screen.findByRole('link', { name: 'Pagar a fatura' })).toHaveAttribute('href', INVOICE);
    expect(body).toEqual({ plan: 'imobiliaria', billing_type: 'CREDIT_CARD' });
    expect(open).toHaveBeenCalledWith(INVOICE, '_blank', 'noopener,noreferrer');
    expect(
      screen.getByText(/O plano Imobiliária começa assim que o pagamento for confirmado/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imobiliária: aguardando pagamento' })).toBeDisabled();
    // Still in the trial until Asaas confirms the payment.
    expect(screen.getByText('Plano atual: Profissional')).toBeInTheDocument();
  });

  it('with Asaas: an overdue payment says so, with the invoice to pay', async () => {
    handle('getSubscription', {
      data: {
        ...asaas(),
        status: 'past_due',
        billing_type: 'BOLETO',
        current_period_end: '2026-11-24T03:00:00.000Z',
        invoice_url: INVOICE,
      },
    });
    renderScreen();
    expect(await screen.findByText('Pagamento pendente')).toBeInTheDocument();
    expect(screen.getByText(/O último pagamento não foi confirmado/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Pagamento em atraso: pague a fatura para manter o plano.',
    );
    expect(screen.getByRole('link', { name: 'Pagar a fatura' })).toHaveAttribute('href', INVOICE);
    expect(screen.getByRole('button', { name: 'Profissional: plano atual' })).toBeDisabled();
  });

  it('without payment keys: says how to activate payments and offers no plan change', async () => {
    const message = 'Os pagamentos ainda não estão ativados neste servidor. Defina ASAAS_API_KEY.';
    handle('getSubscription', {
      data: { ...trial(), payments: { provider: 'asaas', live: false, enabled: false, message } },
    });
    renderScreen();
    await screen.findByText('Plano atual: Profissional');
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Como ativar os pagamentos');
    expect(note).toHaveTextContent(message);
    expect(screen.queryByLabelText('Forma de pagamento')).not.toBeInTheDocument();
    for (const name of ['Essencial', 'Profissional', 'Imobiliária'])
      expect(screen.getByRole('button', { name: `Assinar o plano ${name}` })).toBeDisabled();
    // The usage and the trial are still there.
    expect(screen.getByRole('progressbar', { name: 'Páginas publicadas: 12 de 50' })).toBeInTheDocument();
  });
});
