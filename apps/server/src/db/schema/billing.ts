import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_STATUSES } from '@vitrine/contracts';
import { tenantId } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The agency's plan (/assinatura; docs/product.md#subscription): one row per agency, created with the trial.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    plan: text('plan').notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull(),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    billingType: text('billing_type'),
    /** A plan chosen and awaiting its first payment (Asaas): it applies when the payment is confirmed. */
    pendingPlan: text('pending_plan'),
    /** The provider's hosted page of the payment awaiting payment (boleto, Pix or card). */
    invoiceUrl: text('invoice_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('subscriptions_real_estate_unique').on(t.realEstateId)],
);

/** Payment provider webhooks, by the provider's event id: a retried delivery is stored once. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('billing_events_unique').on(t.provider, t.eventId)],
);
