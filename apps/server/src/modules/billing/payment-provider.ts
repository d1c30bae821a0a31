/**
 * Payments behind an adapter (api-contract.md, Subscription). The local fake provider is the embedded
 * default and what tests use: a plan change is confirmed at once, nothing is charged. A real provider
 * (Asaas: Pix, boleto and card) plugs in here with the same three calls.
 */
import { randomUUID } from 'node:crypto';
import type { BillingType, PlanId } from '@vitrine/contracts';

export interface PaymentProvider {
  readonly name: 'fake' | 'asaas';
  /** False when payments are simulated (the screen says how to turn real payments on). */
  readonly live: boolean;
  subscribe(input: {
    realEstateId: number;
    plan: PlanId;
    billingType: BillingType;
    customerId: string | null;
  }): Promise<{ customerId: string; subscriptionId: string; confirmed: boolean }>;
  cancel(subscriptionId: string): Promise<void>;
}

export function createFakePaymentProvider(): PaymentProvider {
  return {
    name: 'fake',
    live: false,
    async subscribe(input) {
      return {
        customerId: input.customerId ?? `fake_cus_${randomUUID()}`,
        subscriptionId: `fake_sub_${randomUUID()}`,
        confirmed: true,
      };
    },
    async cancel() {},
  };
}

export const FAKE_PROVIDER_MESSAGE =
  'Pagamentos em modo de demonstração: as mudanças de plano valem na hora e nada é cobrado. ' +
  'Para cobrar de verdade (Pix, boleto e cartão pelo Asaas), a equipe técnica configura a chave da conta Asaas no servidor.';
