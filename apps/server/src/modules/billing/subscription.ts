/**
 * The agency's subscription: created with the 14-day trial the first time it is needed, its effective
 * status (a trial past its end is over), the limits that apply, the usage, and the plan changes.
 */
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import {
  PLANS,
  PLAN_IDS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  limitMessage,
  type BillingType,
  type LimitKey,
  type Plan,
  type PlanId,
  type Subscription,
  type SubscriptionStatus,
} from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { leads, memberships, pages, realEstates, subscriptions } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, validationError } from '../../lib/http-errors.ts';
import {
  FAKE_PROVIDER_MESSAGE,
  createFakePaymentProvider,
  type PaymentProvider,
} from './payment-provider.ts';

type Db = Deps['db'] | Tx;
type Row = typeof subscriptions.$inferSelect;

/** The provider in use: the fake one until a real adapter is configured. */
export const paymentProvider: PaymentProvider = createFakePaymentProvider();

const DAY = 24 * 60 * 60 * 1000;
/** No plan (trial over, or canceled): what already exists stays, nothing new is published or invited. */
const NO_PLAN_LIMITS: Plan['limits'] = { published_pages: 0, users: 1, leads_per_month: 0 };

const isPlan = (id: string): id is PlanId => (PLAN_IDS as readonly string[]).includes(id);

/** The agency's row, created with its trial (counted from the agency's creation) when missing. */
export async function ensureSubscription(deps: { db: Db }, realEstateId: number): Promise<Row> {
  const [found] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.realEstateId, realEstateId));
  if (found) return found;
  const [agency] = await deps.db
    .select({ createdAt: realEstates.createdAt })
    .from(realEstates)
    .where(eq(realEstates.id, realEstateId));
  const start = agency?.createdAt ?? new Date();
  await deps.db
    .insert(subscriptions)
    .values({
      realEstateId,
      plan: TRIAL_PLAN,
      status: 'trialing',
      trialEndsAt: new Date(start.getTime() + TRIAL_DAYS * DAY),
      provider: paymentProvider.name,
    })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.realEstateId, realEstateId));
  return row!;
}

export function effectiveStatus(row: Row, now = new Date()): SubscriptionStatus {
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt <= now) return 'expired';
  if (row.status === 'active' && row.cancelAtPeriodEnd && row.currentPeriodEnd && row.currentPeriodEnd <= now)
    return 'canceled';
  return row.status;
}

export function limitsOf(row: Row, now = new Date()): Plan['limits'] {
  const status = effectiveStatus(row, now);
  if (status === 'trialing') return PLANS[TRIAL_PLAN].limits;
  if (status === 'active' || status === 'past_due')
    return PLANS[isPlan(row.plan) ? row.plan : TRIAL_PLAN].limits;
  return NO_PLAN_LIMITS;
}

const planOf = (row: Row) => PLANS[isPlan(row.plan) ? row.plan : TRIAL_PLAN];

/** The first instant of the current month in São Paulo (UTC-3, no daylight saving since 2019). */
export function monthStart(now = new Date()): Date {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1, 3));
}

export async function usageOf(deps: { db: Db }, realEstateId: number, now = new Date()) {
  const [[published], [users], [monthLeads]] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(pages)
      .where(and(eq(pages.realEstateId, realEstateId), eq(pages.status, 'published'))),
    deps.db.select({ n: count() }).from(memberships).where(eq(memberships.realEstateId, realEstateId)),
    deps.db
      .select({ n: count() })
      .from(leads)
      .where(
        and(
          eq(leads.realEstateId, realEstateId),
          eq(leads.isTest, false),
          gte(leads.createdAt, monthStart(now)),
        ),
      ),
  ]);
  return {
    published_pages: Number(published?.n ?? 0),
    users: Number(users?.n ?? 0),
    leads_per_month: Number(monthLeads?.n ?? 0),
  };
}

/**
 * Refuses an action that would take the agency over a limit (422 naming `field`), inside the caller's
 * transaction. Exported for the features that add what the plan counts (pages, members).
 */
export async function assertWithinLimit(
  deps: { db: Db },
  input: { realEstateId: number; key: Exclude<LimitKey, 'leads_per_month'>; adding?: number; field?: string },
) {
  const row = await ensureSubscription(deps, input.realEstateId);
  const limit = limitsOf(row)[input.key];
  const used = (await usageOf(deps, input.realEstateId))[input.key];
  if (used + (input.adding ?? 1) > limit) {
    const message =
      effectiveStatus(row) === 'trialing' ||
      effectiveStatus(row) === 'active' ||
      effectiveStatus(row) === 'past_due'
        ? limitMessage(input.key, limit, planOf(row).name)
        : 'Sua assinatura não está ativa. Escolha um plano em Assinatura para continuar.';
    throw validationError({ [input.field ?? input.key]: [message] });
  }
}

/**
 * How many more pages the agency may publish now (0 past a trial's end or a cancellation), and the
 * sentence naming the limit, for the features that publish many pages at once (the catalog import
 * publishes up to it and keeps the rest as drafts).
 */
export async function publishedPagesLeft(deps: { db: Db }, realEstateId: number) {
  const row = await ensureSubscription(deps, realEstateId);
  const limit = limitsOf(row).published_pages;
  const used = (await usageOf(deps, realEstateId)).published_pages;
  const status = effectiveStatus(row);
  const active = status === 'trialing' || status === 'active' || status === 'past_due';
  return { left: Math.max(0, limit - used), limit, plan: planOf(row).name, active };
}

/**
 * For lead capture: how many more leads each agency may receive this month within its plan. A lead past
 * that is stored all the same and flagged (over_plan_limit): a lead is never refused for a plan limit.
 */
export async function leadsLeftThisMonth(tx: Db, realEstateIds: number[], now = new Date()) {
  const left = new Map<number, number>();
  if (!realEstateIds.length) return left;
  const subs = await tx
    .select()
    .from(subscriptions)
    .where(inArray(subscriptions.realEstateId, realEstateIds));
  const counts = await tx
    .select({ id: leads.realEstateId, n: count() })
    .from(leads)
    .where(
      and(
        inArray(leads.realEstateId, realEstateIds),
        eq(leads.isTest, false),
        gte(leads.createdAt, monthStart(now)),
      ),
    )
    .groupBy(leads.realEstateId);
  const used = new Map(counts.map((c) => [c.id, Number(c.n)]));
  for (const id of realEstateIds) {
    const row = subs.find((s) => s.realEstateId === id);
    // No row yet: the agency is in its trial.
    const limit = row ? limitsOf(row, now).leads_per_month : PLANS[TRIAL_PLAN].limits.leads_per_month;
    left.set(id, Math.max(0, limit - (used.get(id) ?? 0)));
  }
  return left;
}

export async function subscriptionView(deps: { db: Db }, row: Row): Promise<Subscription> {
  const now = new Date();
  const limits = limitsOf(row, now);
  const usage = await usageOf(deps, row.realEstateId, now);
  return {
    plan: planOf(row),
    status: effectiveStatus(row, now),
    trial_ends_at: row.trialEndsAt?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    billing_type: (row.billingType as BillingType | null) ?? null,
    usage: {
      published_pages: { used: usage.published_pages, limit: limits.published_pages },
      users: { used: usage.users, limit: limits.users },
      leads_per_month: { used: usage.leads_per_month, limit: limits.leads_per_month },
    },
    payments: {
      provider: paymentProvider.name,
      live: paymentProvider.live,
      message: paymentProvider.live ? null : FAKE_PROVIDER_MESSAGE,
    },
    plans: PLAN_IDS.map((id) => PLANS[id]),
  };
}

/** Upgrade or downgrade: refused (422) when what the agency has does not fit the new plan. */
export async function changePlan(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; plan: PlanId; billingType: BillingType },
): Promise<Row> {
  const row = await ensureSubscription(deps, input.realEstateId);
  const target = PLANS[input.plan];
  const usage = await usageOf(deps, input.realEstateId);
  if (effectiveStatus(row) === 'active' && row.plan === input.plan && !row.cancelAtPeriodEnd)
    throw validationError({ plan: [`Sua imobiliária já está no plano ${target.name}.`] });
  const over = (['published_pages', 'users'] as const).filter((k) => usage[k] > target.limits[k]);
  if (over.length) {
    const what = over
      .map((k) =>
        k === 'published_pages'
          ? `${usage[k]} páginas publicadas (o plano permite ${target.limits[k]})`
          : `${usage[k]} usuários (o plano permite ${target.limits[k]})`,
      )
      .join(' e ');
    throw validationError({ plan: [`O plano ${target.name} não comporta o que você tem hoje: ${what}.`] });
  }
  const result = await paymentProvider.subscribe({
    realEstateId: input.realEstateId,
    plan: input.plan,
    billingType: input.billingType,
    customerId: row.providerCustomerId,
  });
  if (row.providerSubscriptionId && row.providerSubscriptionId !== result.subscriptionId)
    await paymentProvider.cancel(row.providerSubscriptionId);
  const now = new Date();
  const [updated] = await deps.db
    .update(subscriptions)
    .set({
      plan: input.plan,
      status: result.confirmed ? 'active' : 'past_due',
      currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
      cancelAtPeriodEnd: false,
      billingType: input.billingType,
      provider: paymentProvider.name,
      providerCustomerId: result.customerId,
      providerSubscriptionId: result.subscriptionId,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated!;
}

/** Cancel: a trial ends now; a paid plan runs to the end of the paid period. */
export async function cancelSubscription(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<Row> {
  const row = await ensureSubscription(deps, realEstateId);
  const status = effectiveStatus(row);
  if (status === 'canceled' || status === 'expired' || row.cancelAtPeriodEnd)
    throw new HttpError(409, 'A assinatura já está cancelada.');
  if (row.providerSubscriptionId) await paymentProvider.cancel(row.providerSubscriptionId);
  const now = new Date();
  const [updated] = await deps.db
    .update(subscriptions)
    .set(
      status === 'trialing'
        ? { status: 'canceled', trialEndsAt: now, updatedAt: now }
        : { cancelAtPeriodEnd: true, updatedAt: now },
    )
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated!;
}
