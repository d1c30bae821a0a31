/**
 * The Asaas adapter: a small typed `fetch` client of API v3 (Asaas has no official Node SDK).
 * `access_token: <key>` on every call, JSON both ways. A customer per agency (found by its
 * externalReference, or created), a MONTHLY subscription whose first payment's `invoiceUrl` is the hosted
 * page where the agency pays by boleto, Pix or card; a plan change is a PUT of the value (pending
 * payments updated), a cancellation a DELETE. Payments are confirmed later by webhooks
 * (billing-webhooks.routes.ts → the billing-event job).
 *
 * The base URL is the operator's configuration, never user input: plain fetch, not the outbound client
 * that guards CRM and webhook targets.
 */
import { PLANS } from '@vitrine/contracts';
import { HttpError } from '../../lib/http-errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

const TIMEOUT_MS = 15_000;

/** The agency's reference at Asaas (customer and subscription `externalReference`). */
export const asaasReference = (realEstateId: number) => `vitrine-re-${realEstateId}`;

interface AsaasList<T> {
  object: 'list';
  hasMore: boolean;
  totalCount: number;
  data: T[];
}
interface AsaasCustomer {
  object: 'customer';
  id: string;
}
interface AsaasSubscription {
  object: 'subscription';
  id: string;
}
interface AsaasPayment {
  object: 'payment';
  id: string;
  invoiceUrl: string | null;
  dueDate: string;
}

export function createAsaasProvider(opts: { apiKey: string; baseUrl: string }): PaymentProvider {
  const base = opts.baseUrl.replace(/\/$/, '');

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          access_token: opts.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'Vitrine Imoveis',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, 'O Asaas não respondeu. Tente de novo em alguns minutos.');
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.ok) return json as T;
    // Deleting what Asaas no longer has (deleted there already) is done.
    if (res.status === 404 && method === 'DELETE') return null as T;
    if (res.status === 401)
      throw new HttpError(
        502,
        'O Asaas recusou a chave configurada (ASAAS_API_KEY). Avise a equipe técnica.',
      );
    const errors = (json as { errors?: { description?: string }[] } | null)?.errors;
    const description = errors
      ?.map((e) => e.description)
      .filter(Boolean)
      .join(' ');
    if (res.status === 400 && description)
      throw new HttpError(422, `O Asaas recusou a cobrança: ${description}`, { plan: [description] });
    throw new HttpError(502, `O Asaas respondeu ${res.status}. Tente de novo em alguns minutos.`);
  }

  const value = (plan: keyof typeof PLANS) => PLANS[plan].price_cents / 100;
  const description = (plan: keyof typeof PLANS) => `Vitrine Imóveis: plano ${PLANS[plan].name}`;

  return {
    name: 'asaas',
    live: true,
    enabled: true,
    message: null,
    async subscribe(input) {
      const reference = asaasReference(input.realEstateId);
      let customerId = input.customerId;
      if (!customerId) {
        const found = await call<AsaasList<AsaasCustomer>>(
          'GET',
          `/customers?externalReference=${encodeURIComponent(reference)}`,
        );
        customerId = found.data[0]?.id ?? null;
      }
      if (!customerId) {
        if (!input.customer.cpfCnpj)
          throw new HttpError(422, 'Para assinar, cadastre o CNPJ da imobiliária no perfil da conta.', {
            cnpj: ['Para assinar, cadastre o CNPJ da imobiliária no perfil da conta.'],
          });
        const created = await call<AsaasCustomer>('POST', '/customers', {
          name: input.customer.name,
          cpfCnpj: input.customer.cpfCnpj,
          email: input.customer.email,
          externalReference: reference,
          notificationDisabled: false,
        });
        customerId = created.id;
      }
      const subscription = await call<AsaasSubscription>('POST', '/subscriptions', {
        customer: customerId,
        billingType: input.billingType,
        value: value(input.plan),
        nextDueDate: input.nextDueDate,
        cycle: 'MONTHLY',
        description: description(input.plan),
        externalReference: reference,
      });
      // The first payment is created with the subscription: its page is where the agency pays.
      const payments = await call<AsaasList<AsaasPayment>>(
        'GET',
        `/subscriptions/${encodeURIComponent(subscription.id)}/payments`,
      );
      const first = [...payments.data].sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
      return {
        customerId,
        subscriptionId: subscription.id,
        confirmed: false,
        invoiceUrl: first?.invoiceUrl ?? null,
      };
    },
    async changePlan(subscriptionId, input) {
      await call<AsaasSubscription>('PUT', `/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        value: value(input.plan),
        billingType: input.billingType,
        description: description(input.plan),
        updatePendingPayments: true,
      });
    },
    async cancel(subscriptionId) {
      await call<{ deleted: boolean }>('DELETE', `/subscriptions/${encodeURIComponent(subscriptionId)}`);
    },
  };
}
