/**
 * The agency's subscription: created with the 14-day trial the first time it is needed, its effective
 * status (a trial past its end is over), the limits that apply, the usage, and the plan changes.
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
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
import { leads, memberships, pages, realEstates, subscriptions, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, validationError } from '../../lib/http-errors.ts';
import type { PaymentProvider } from './payment-provider.ts';

type Db = Deps['db'] | Tx;
type Row = typeof subscriptions.$inferSelect;

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
      // No provider until a plan is subscribed.
      provider: 'none',
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

/** The São Paulo month of `now` as AAAA-MM-01 (lead_month_usage.month). */
export function monthKey(now = new Date()): string {
  const local = new Date(now.getTime() - 3 * 60 * 60 * 1000);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/**
 * Counts an agency's leads of every month again into lead_month_usage (the demo seed, which writes its
 * leads directly rather than through lead capture).
 */
export async function recountLeadMonths(tx: Db, realEstateId: number) {
  await tx.execute(sql`delete from lead_month_usage where real_estate_id = ${realEstateId}`);
  await tx.execute(sql`
    insert into lead_month_usage (real_estate_id, month, shard, leads)
    select real_estate_id, date_trunc('month', created_at at time zone 'America/Sao_Paulo')::date, 0, count(*)::int
    from leads where real_estate_id = ${realEstateId} and not is_test group by 1, 2`);
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
 * For lead capture: the leads each agency may still receive this month within its plan, from its
 * subscription rows and the month's leads so far (lead capture reads both in its one lookup statement).
 * A lead past that is stored all the same and flagged (over_plan_limit): a lead is never refused for a
 * plan limit.
 */
export function leadsLeft(subs: Row[], used: Map<number, number>, realEstateIds: number[], now = new Date()) {
  const left = new Map<number, number>();
  for (const id of realEstateIds) {
    const row = subs.find((s) => s.realEstateId === id);
    // No row yet: the agency is in its trial.
    const limit = row ? limitsOf(row, now).leads_per_month : PLANS[TRIAL_PLAN].limits.leads_per_month;
    left.set(id, Math.max(0, limit - (used.get(id) ?? 0)));
  }
  return left;
}

export async function subscriptionView(
  deps: { db: Db; payments: PaymentProvider },
  row: Row,
): Promise<Subscription> {
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
    pending_plan: row.pendingPlan && isPlan(row.pendingPlan) ? row.pendingPlan : null,
    invoice_url: row.invoiceUrl,
    usage: {
      published_pages: { used: usage.published_pages, limit: limits.published_pages },
      users: { used: usage.users, limit: limits.users },
      leads_per_month: { used: usage.leads_per_month, limit: limits.leads_per_month },
    },
    payments: {
      provider: deps.payments.name,
      live: deps.payments.live,
      enabled: deps.payments.enabled,
      message: deps.payments.message,
    },
    plans: PLAN_IDS.map((id) => PLANS[id]),
  };
}

/** A date in São Paulo as YYYY-MM-DD (UTC-3): the due dates Asaas takes. */
export const saoPauloDate = (d: Date) =>
  new Date(d.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Who the provider bills: the agency's name and CNPJ, its e-mail or else its owner's. */
async function billingCustomer(deps: { db: Db }, realEstateId: number) {
  const [agency] = await deps.db
    .select({ name: realEstates.name, cnpj: realEstates.cnpj, email: realEstates.email })
    .from(realEstates)
    .where(eq(realEstates.id, realEstateId));
  const [owner] = await deps.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.realEstateId, realEstateId), eq(memberships.role, 'owner')))
    .limit(1);
  const cnpj = agency?.cnpj?.replace(/\D/g, '') || null;
  return { name: agency?.name ?? '', email: agency?.email || owner?.email || '', cpfCnpj: cnpj };
}

/**
 * Upgrade or downgrade: refused (422) when what the agency has does not fit the new plan, and (409)
 * while payments are off. A running subscription changes its price at the provider and the plan applies
 * at once; otherwise a new subscription is made: with the fake provider it is paid at once, with Asaas
 * the plan waits (`pendingPlan`) for its first payment, made on the provider's page (`invoiceUrl`).
 */
export async function changePlan(
  deps: Pick<Deps, 'db' | 'payments'>,
  input: { realEstateId: number; plan: PlanId; billingType: BillingType },
): Promise<Row> {
  // One change at a time per agency (a double click on Assinar): the second waits for the first and
  // sees its subscription, so it changes that one rather than creating another at the provider.
  return lockedSubscription(deps, input.realEstateId, (tx, row) =>
    changePlanLocked({ db: tx, payments: deps.payments }, row, input),
  );
}

/**
 * Runs `fn` in a transaction holding the agency's subscription row (select ... for update): plan changes
 * and cancellations of one agency run one after the other, each seeing what the previous one stored.
 */
async function lockedSubscription<T>(
  deps: { db: Deps['db'] },
  realEstateId: number,
  fn: (tx: Tx, row: Row) => Promise<T>,
): Promise<T> {
  await ensureSubscription(deps, realEstateId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.realEstateId, realEstateId))
      .for('update');
    return fn(tx, row!);
  });
}

async function changePlanLocked(
  deps: { db: Tx; payments: PaymentProvider },
  row: Row,
  input: { realEstateId: number; plan: PlanId; billingType: BillingType },
): Promise<Row> {
  const { payments } = deps;
  const target = PLANS[input.plan];
  const status = effectiveStatus(row);
  if (
    (status === 'active' || status === 'past_due') &&
    row.plan === input.plan &&
    !row.cancelAtPeriodEnd &&
    !row.pendingPlan
  )
    throw validationError({ plan: [`Sua imobiliária já está no plano ${target.name}.`] });
  const usage = await usageOf(deps, input.realEstateId);
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
  if (!payments.enabled) throw new HttpError(409, payments.message ?? 'Os pagamentos não estão ativados.');
  const now = new Date();
  const set = (values: Partial<typeof subscriptions.$inferInsert>) =>
    deps.db
      .update(subscriptions)
      .set({ ...values, billingType: input.billingType, updatedAt: now })
      .where(eq(subscriptions.id, row.id))
      .returning()
      .then((r) => r[0]!);

  const running =
    !!row.providerSubscriptionId &&
    row.provider === payments.name &&
    !row.cancelAtPeriodEnd &&
    (status === 'active' || status === 'past_due' || !!row.pendingPlan);
  if (running) {
    await payments.changePlan(row.providerSubscriptionId!, input);
    // Awaiting the first payment: the plan to apply changes; a paid plan changes now.
    return set(row.pendingPlan ? { pendingPlan: input.plan } : { plan: input.plan });
  }

  // A plan canceled but still paid for: the new subscription's first charge falls when that period ends.
  const paidUntil =
    status === 'active' && row.currentPeriodEnd && row.currentPeriodEnd > now ? row.currentPeriodEnd : null;
  // The subscription the new one replaces stops charging (a repeat delete of one gone already is done).
  if (row.providerSubscriptionId && row.provider === payments.name)
    await payments.cancel(row.providerSubscriptionId);
  const result = await payments.subscribe({
    realEstateId: input.realEstateId,
    plan: input.plan,
    billingType: input.billingType,
    customerId: row.provider === payments.name ? row.providerCustomerId : null,
    customer: await billingCustomer(deps, input.realEstateId),
    nextDueDate: saoPauloDate(paidUntil ?? now),
  });
  const provider = {
    provider: payments.name,
    providerCustomerId: result.customerId,
    providerSubscriptionId: result.subscriptionId,
    invoiceUrl: result.invoiceUrl,
    cancelAtPeriodEnd: false,
  };
  if (result.confirmed)
    return set({
      ...provider,
      plan: input.plan,
      status: 'active',
      currentPeriodEnd: new Date(now.getTime() + 30 * DAY),
      pendingPlan: null,
    });
  if (paidUntil) return set({ ...provider, plan: input.plan, pendingPlan: null });
  return set({ ...provider, pendingPlan: input.plan });
}

/**
 * Cancel: a trial ends now; a paid plan runs to the end of the paid period; a plan awaiting its first
 * payment is dropped. The provider's subscription is deleted (Asaas: DELETE /subscriptions/{id}).
 */
export async function cancelSubscription(
  deps: Pick<Deps, 'db' | 'payments'>,
  realEstateId: number,
): Promise<Row> {
  return lockedSubscription(deps, realEstateId, (tx, row) =>
    cancelLocked({ db: tx, payments: deps.payments }, row),
  );
}

async function cancelLocked(deps: { db: Tx; payments: PaymentProvider }, row: Row): Promise<Row> {
  const status = effectiveStatus(row);
  const pending = !!row.pendingPlan;
  if (!pending && (status === 'canceled' || status === 'expired' || row.cancelAtPeriodEnd))
    throw new HttpError(409, 'A assinatura já está cancelada.');
  if (
    row.providerSubscriptionId &&
    row.provider === deps.payments.name &&
    (pending || !row.cancelAtPeriodEnd)
  )
    await deps.payments.cancel(row.providerSubscriptionId);
  const now = new Date();
  const [updated] = await deps.db
    .update(subscriptions)
    .set({
      ...(status === 'trialing'
        ? { status: 'canceled' as const, trialEndsAt: now }
        : status === 'active' || status === 'past_due'
          ? { cancelAtPeriodEnd: true }
          : {}),
      pendingPlan: null,
      invoiceUrl: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  return updated!;
}
