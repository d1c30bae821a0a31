/**
 * Assinatura (docs/product.md#subscription): plans with limits the server enforces, a 14-day trial,
 * usage meters, upgrade and cancel; payments behind a provider adapter (a local fake provider is the
 * embedded default; Asaas when its key is configured).
 */
import { z } from 'zod';
import { isoDateTime } from './response-fields.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';

export const PLAN_IDS = ['essencial', 'profissional', 'imobiliaria'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const TRIAL_DAYS = 14;
/** The plan whose limits apply during the trial. */
export const TRIAL_PLAN: PlanId = 'profissional';

export const LIMIT_KEYS = ['published_pages', 'users', 'leads_per_month'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  price_cents: number;
  currency: 'BRL';
  limits: Record<LimitKey, number>;
}

export const PLANS: Record<PlanId, Plan> = {
  essencial: {
    id: 'essencial',
    name: 'Essencial',
    price_cents: 9_900,
    currency: 'BRL',
    limits: { published_pages: 10, users: 2, leads_per_month: 200 },
  },
  profissional: {
    id: 'profissional',
    name: 'Profissional',
    price_cents: 24_900,
    currency: 'BRL',
    limits: { published_pages: 50, users: 5, leads_per_month: 1_000 },
  },
  imobiliaria: {
    id: 'imobiliaria',
    name: 'Imobiliária',
    price_cents: 49_900,
    currency: 'BRL',
    limits: { published_pages: 300, users: 20, leads_per_month: 5_000 },
  },
};

export const LIMIT_LABELS: Record<LimitKey, string> = {
  published_pages: 'Páginas publicadas',
  users: 'Usuários',
  leads_per_month: 'Leads neste mês',
};

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS = {
  trialing: 'Período de teste',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
  expired: 'Teste encerrado',
} as const satisfies Record<SubscriptionStatus, string>;

export const BILLING_TYPES = ['PIX', 'BOLETO', 'CREDIT_CARD'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Record<BillingType, string> = {
  PIX: 'Pix',
  BOLETO: 'Boleto',
  CREDIT_CARD: 'Cartão de crédito',
};

const planSchema = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price_cents: z.number().int(),
  currency: z.literal('BRL'),
  limits: z.object({
    published_pages: z.number().int(),
    users: z.number().int(),
    leads_per_month: z.number().int(),
  }),
});

const meter = z.object({ used: z.number().int(), limit: z.number().int() });

export const subscriptionSchema = z.object({
  plan: planSchema,
  status: z.enum(['trialing', 'active', 'past_due', 'canceled', 'expired']),
  trial_ends_at: isoDateTime.nullable(),
  current_period_end: isoDateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  billing_type: z.enum(BILLING_TYPES).nullable(),
  /** A plan chosen and awaiting its first payment: it applies when the provider confirms the payment. */
  pending_plan: z.enum(PLAN_IDS).nullable(),
  /** The provider's hosted page of the payment awaiting payment (boleto, Pix or card), when there is one. */
  invoice_url: z.string().nullable(),
  usage: z.object({ published_pages: meter, users: meter, leads_per_month: meter }),
  payments: z.object({
    provider: z.enum(['fake', 'asaas']),
    /** False when no real provider is configured: the screen explains how to turn payments on. */
    live: z.boolean(),
    /** False when plan changes cannot be charged (no provider key): the screen says how to turn payments on. */
    enabled: z.boolean(),
    message: z.string().nullable(),
  }),
  plans: z.array(planSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionResponse = z.object({ data: subscriptionSchema, message: z.string().optional() });

export const changePlanBody = z.object({
  plan: z.enum(PLAN_IDS, { error: `O plano deve ser um de: ${PLAN_IDS.join(', ')}.` }),
  billing_type: z
    .enum(BILLING_TYPES, { error: 'A forma de pagamento deve ser PIX, BOLETO ou CREDIT_CARD.' })
    .default('PIX'),
});
export type ChangePlanBody = z.input<typeof changePlanBody>;

/** The 422 of an action over the plan's limit. */
export const limitMessage = (key: LimitKey, limit: number, plan: string) =>
  ({
    published_pages: `Seu plano ${plan} permite ${limit} páginas publicadas. Despublique uma página ou mude de plano em Assinatura.`,
    users: `Seu plano ${plan} permite ${limit} usuários. Remova alguém ou mude de plano em Assinatura.`,
    leads_per_month: `Seu plano ${plan} inclui ${limit} leads por mês.`,
  })[key];

export const subscriptionEndpoints = {
  getSubscription: {
    tags: ['subscription'],
    summary: 'Assinatura da imobiliária: plano, situação, uso e planos disponíveis',
    params: idParams,
    response: subscriptionResponse,
  },
  updateSubscription: {
    tags: ['subscription'],
    summary: 'Mudar de plano ({plan, billing_type}); 422 quando o uso atual não cabe no plano',
    params: idParams,
    body: changePlanBody,
    response: subscriptionResponse,
  },
  cancelSubscription: {
    tags: ['subscription'],
    summary: 'Cancelar a assinatura (o teste termina agora; um plano pago vale até o fim do período)',
    params: idParams,
    response: subscriptionResponse,
  },
  receiveAsaasWebhook: {
    tags: ['webhooks'],
    summary: 'Eventos do Asaas (header asaas-access-token); idempotente pelo id do evento',
    response: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  },
} as const satisfies EndpointSchemas;
