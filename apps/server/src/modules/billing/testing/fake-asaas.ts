/**
 * A local Asaas (API v3) for tests: a node:http server on port 0 that speaks the documented protocol
 * for what the adapter uses — `access_token` header (401 without the right one), JSON bodies, customers,
 * subscriptions with their first payment (`invoiceUrl`), PUT and DELETE of a subscription, `{errors:
 * [{code, description}]}` on a 400 — and records every call. Point ASAAS_BASE_URL at `baseUrl`.
 * `event()` builds the webhook bodies Asaas sends.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAsaasCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  accessToken: string | undefined;
}

interface Customer {
  object: 'customer';
  id: string;
  name: string;
  email: string;
  cpfCnpj: string;
  externalReference: string | null;
  deleted: boolean;
}
interface Subscription {
  object: 'subscription';
  id: string;
  customer: string;
  billingType: string;
  value: number;
  nextDueDate: string;
  cycle: string;
  description: string;
  externalReference: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  deleted: boolean;
  dateCreated: string;
}
interface Payment {
  object: 'payment';
  id: string;
  customer: string;
  subscription: string;
  value: number;
  netValue: number;
  billingType: string;
  status: 'PENDING' | 'CONFIRMED' | 'RECEIVED' | 'OVERDUE';
  dueDate: string;
  description: string;
  externalReference: string | null;
  invoiceUrl: string;
  invoiceNumber: string;
  deleted: boolean;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const list = <T>(data: T[]) => ({
  object: 'list',
  hasMore: false,
  totalCount: data.length,
  limit: 10,
  offset: 0,
  data,
});
const BILLING_TYPES = ['BOLETO', 'CREDIT_CARD', 'PIX', 'UNDEFINED'];

export async function startFakeAsaas(opts: { apiKey?: string } = {}) {
  const apiKey = opts.apiKey ?? '$aact_hmlg_teste_chave_do_asaas';
  const calls: FakeAsaasCall[] = [];
  const customers = new Map<string, Customer>();
  const subscriptions = new Map<string, Subscription>();
  const payments = new Map<string, Payment>();

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, description: string) =>
    send(res, 400, { errors: [{ code: 'invalid_action', description }] });

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : null;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake-asaas');
      const body = await readJson(req).catch(() => null);
      const token = req.headers['access_token'];
      calls.push({
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        accessToken: typeof token === 'string' ? token : undefined,
      });
      // Asaas answers 401 with an empty body to a missing or wrong key.
      if (token !== apiKey) return send(res, 401);
      const path = url.pathname.replace(/^\/v3/, '');
      const parts = path.split('/').filter(Boolean);

      if (req.method === 'GET' && path === '/customers') {
        const ref = url.searchParams.get('externalReference');
        const cpfCnpj = url.searchParams.get('cpfCnpj');
        return send(
          res,
          200,
          list(
            [...customers.values()].filter(
              (c) =>
                !c.deleted &&
                (ref === null || c.externalReference === ref) &&
                (cpfCnpj === null || c.cpfCnpj === cpfCnpj),
            ),
          ),
        );
      }
      if (req.method === 'POST' && path === '/customers') {
        if (!body?.name) return invalid(res, 'O nome do cliente deve ser informado.');
        if (typeof body.cpfCnpj !== 'string' || !/^(\d{11}|\d{14})$/.test(body.cpfCnpj))
          return invalid(res, 'O CPF/CNPJ informado é inválido.');
        const customer: Customer = {
          object: 'customer',
          id: `cus_${randomBytes(6).toString('hex')}`,
          name: String(body.name),
          email: String(body.email ?? ''),
          cpfCnpj: body.cpfCnpj,
          externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
          deleted: false,
        };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      if (req.method === 'POST' && path === '/subscriptions') {
        const customer = customers.get(String(body?.customer));
        if (!customer) return invalid(res, 'Cliente inválido ou não informado.');
        if (!BILLING_TYPES.includes(String(body?.billingType)))
          return invalid(res, 'Forma de pagamento inválida.');
        if (typeof body?.value !== 'number' || body.value <= 0) return invalid(res, 'Valor inválido.');
        if (!/^\d{4}-\d{2}-\d{2}$/.test(String(body.nextDueDate)))
          return invalid(res, 'Data de vencimento inválida.');
        if (body.cycle !== 'MONTHLY') return invalid(res, 'Ciclo inválido.');
        const subscription: Subscription = {
          object: 'subscription',
          id: id('sub'),
          customer: customer.id,
          billingType: String(body.billingType),
          value: body.value,
          nextDueDate: String(body.nextDueDate),
          cycle: 'MONTHLY',
          description: String(body.description ?? ''),
          externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
          status: 'ACTIVE',
          deleted: false,
          dateCreated: new Date().toISOString().slice(0, 10),
        };
        subscriptions.set(subscription.id, subscription);
        // The first payment is generated with the subscription, due on nextDueDate.
        const paymentId = id('pay');
        payments.set(paymentId, {
          object: 'payment',
          id: paymentId,
          customer: customer.id,
          subscription: subscription.id,
          value: subscription.value,
          netValue: subscription.value,
          billingType: subscription.billingType,
          status: 'PENDING',
          dueDate: subscription.nextDueDate,
          description: subscription.description,
          externalReference: subscription.externalReference,
          invoiceUrl: `https://sandbox.asaas.com/i/${paymentId.slice(4)}`,
          invoiceNumber: String(payments.size + 1).padStart(8, '0'),
          deleted: false,
        });
        return send(res, 200, subscription);
      }
      if (parts[0] === 'subscriptions' && parts[1]) {
        const subscription = subscriptions.get(parts[1]);
        if (!subscription || subscription.deleted) return send(res, 404, { errors: [] });
        if (req.method === 'GET' && parts[2] === 'payments')
          return send(
            res,
            200,
            list([...payments.values()].filter((p) => p.subscription === subscription.id && !p.deleted)),
          );
        if (req.method === 'PUT' && parts.length === 2) {
          if (body?.value !== undefined && (typeof body.value !== 'number' || body.value <= 0))
            return invalid(res, 'Valor inválido.');
          if (typeof body?.value === 'number') subscription.value = body.value;
          if (typeof body?.billingType === 'string') subscription.billingType = body.billingType;
          if (typeof body?.description === 'string') subscription.description = body.description;
          if (body?.updatePendingPayments === true)
            for (const p of payments.values())
              if (p.subscription === subscription.id && p.status === 'PENDING') {
                p.value = subscription.value;
                p.billingType = subscription.billingType;
              }
          return send(res, 200, subscription);
        }
        if (req.method === 'DELETE' && parts.length === 2) {
          subscription.deleted = true;
          subscription.status = 'INACTIVE';
          for (const p of payments.values())
            if (p.subscription === subscription.id && p.status === 'PENDING') p.deleted = true;
          return send(res, 200, { deleted: true, id: subscription.id });
        }
      }
      return send(res, 404, { errors: [{ code: 'not_found', description: 'Recurso não encontrado.' }] });
    })().catch(() => send(res, 500));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** A webhook body as Asaas sends it, for one of the fake's payments or subscriptions. */
  function event(
    type: string,
    of: {
      payment?: Partial<Payment> & { id: string };
      subscription?: Partial<Subscription> & { id: string };
    },
  ) {
    return {
      id: `evt_${randomBytes(16).toString('hex')}&${Math.floor(Math.random() * 1e6)}`,
      event: type,
      dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
      ...(of.payment ? { payment: { ...payments.get(of.payment.id), ...of.payment } } : {}),
      ...(of.subscription
        ? { subscription: { ...subscriptions.get(of.subscription.id), ...of.subscription } }
        : {}),
    };
  }

  return {
    apiKey,
    baseUrl: `http://127.0.0.1:${port}/v3`,
    calls,
    customers,
    subscriptions,
    payments,
    /** The payments of a subscription, oldest first. */
    paymentsOf: (subscriptionId: string) =>
      [...payments.values()]
        .filter((p) => p.subscription === subscriptionId)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeAsaas = Awaited<ReturnType<typeof startFakeAsaas>>;
