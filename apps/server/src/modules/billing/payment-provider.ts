/**
 * Payments behind an adapter (docs/decisions/015-payment-adapter.md). The local fake provider is
 * the embedded default and what tests use: a plan change is confirmed at once, nothing is charged.
 * Asaas (Pix, boleto and card) is chosen with PAYMENT_PROVIDER=asaas and its key (asaas.ts). Without a
 * key — Asaas chosen but no ASAAS_API_KEY, or the fake one in production — payments are off: the screen
 * says how to turn them on and a plan change is refused with that message instead of failing.
 */
import { randomUUID } from 'node:crypto';
import type { BillingType, PlanId } from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { createAsaasProvider } from './asaas.ts';

export interface SubscribeInput {
  realEstateId: number;
  plan: PlanId;
  billingType: BillingType;
  /** The provider's customer of this agency, when one was already made. */
  customerId: string | null;
  customer: { name: string; email: string; cpfCnpj: string | null };
  /** The first charge's due date (YYYY-MM-DD, São Paulo). */
  nextDueDate: string;
}

export interface PaymentProvider {
  readonly name: 'fake' | 'asaas';
  /** False when payments are simulated or off (nothing is charged). */
  readonly live: boolean;
  /** False when plan changes cannot go through (no key): `message` says how to turn payments on. */
  readonly enabled: boolean;
  /** What the screen says about payments (simulated, or how to turn them on); null when all is set. */
  readonly message: string | null;
  /** A new subscription; `confirmed` false while its first payment (`invoiceUrl`) is awaited. */
  subscribe(input: SubscribeInput): Promise<{
    customerId: string;
    subscriptionId: string;
    confirmed: boolean;
    invoiceUrl: string | null;
  }>;
  /** Another plan (or payment method) on a running subscription: the next charges carry its price. */
  changePlan(subscriptionId: string, input: { plan: PlanId; billingType: BillingType }): Promise<void>;
  cancel(subscriptionId: string): Promise<void>;
}

export const FAKE_PROVIDER_MESSAGE =
  'Pagamentos em modo de demonstração: as mudanças de plano valem na hora e nada é cobrado. ' +
  'Para cobrar de verdade (Pix, boleto e cartão pelo Asaas), a equipe técnica configura a chave da conta Asaas no servidor.';

export const PAYMENTS_OFF_MESSAGE =
  'Os pagamentos ainda não estão ativados neste servidor, por isso não é possível mudar de plano agora. ' +
  'Para ativar a cobrança por Pix, boleto e cartão pelo Asaas, a equipe técnica define PAYMENT_PROVIDER=asaas, ' +
  'ASAAS_API_KEY (a chave da conta Asaas) e ASAAS_WEBHOOK_TOKEN no servidor (docs/operations.md).';

export function createFakePaymentProvider(): PaymentProvider {
  return {
    name: 'fake',
    live: false,
    enabled: true,
    message: FAKE_PROVIDER_MESSAGE,
    async subscribe(input) {
      return {
        customerId: input.customerId ?? `fake_cus_${randomUUID()}`,
        subscriptionId: `fake_sub_${randomUUID()}`,
        confirmed: true,
        invoiceUrl: null,
      };
    },
    async changePlan() {},
    async cancel() {},
  };
}

/** Payments off: every call that would charge answers the how-to-activate message (409). */
function paymentsOff(name: PaymentProvider['name']): PaymentProvider {
  const refuse = async (): Promise<never> => {
    throw new HttpError(409, PAYMENTS_OFF_MESSAGE);
  };
  return {
    name,
    live: false,
    enabled: false,
    message: PAYMENTS_OFF_MESSAGE,
    subscribe: refuse,
    changePlan: refuse,
    cancel: refuse,
  };
}

/** The provider the configuration names (built once, in app.ts, into `deps.payments`). */
export function createPaymentProvider(
  config: Pick<
    AppConfig,
    'NODE_ENV' | 'PAYMENT_PROVIDER' | 'ASAAS_API_KEY' | 'ASAAS_ENVIRONMENT' | 'ASAAS_BASE_URL'
  >,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'asaas') {
    if (!config.ASAAS_API_KEY) return paymentsOff('asaas');
    return createAsaasProvider({
      apiKey: config.ASAAS_API_KEY,
      baseUrl: config.ASAAS_BASE_URL ?? ASAAS_BASE_URLS[config.ASAAS_ENVIRONMENT],
    });
  }
  // Production never gives plans away: without a real provider, payments are off.
  if (config.NODE_ENV === 'production') return paymentsOff('fake');
  return createFakePaymentProvider();
}

export const ASAAS_BASE_URLS = {
  sandbox: 'https://api-sandbox.asaas.com/v3',
  production: 'https://api.asaas.com/v3',
} as const;
