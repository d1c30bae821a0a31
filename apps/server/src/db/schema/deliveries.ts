import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { DELIVERY_OUTCOMES, DELIVERY_STATUSES, DELIVERY_TARGETS } from '@vitrine/contracts';
import { createdAt, updatedAt } from './columns.ts';
import { leads } from './leads.ts';
import { newId } from '../../lib/ids.ts';

/**
 * One delivery per lead and active integration (and per ad platform's event); its id is the webhook-id
 * on every retry. Stored with fillfactor 70 (migration 0020, not expressed here): room on each page for
 * the attempt's update to stay heap-only (it changes no indexed column).
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(newId),
    /**
     * The lead's agency, copied for the agency's lists. No foreign key of its own: the lead's (cascade)
     * already ties the delivery to the agency, and a second check per delivery locked the agency's row
     * in every capture transaction at once (docs/benchmarks.md#lead-capture--npm-run-benchleads).
     */
    realEstateId: integer('real_estate_id').notNull(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** An integration's name, or an ad platform's (docs/product.md#ad-conversions). */
    integration: text('integration', { enum: DELIVERY_TARGETS }).notNull(),
    /** The ad platform's event (`Lead`, a stage's event); null for the integrations. */
    event: text('event'),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Attempts made before the last replay: the retry schedule restarts from there. */
    retryBase: integer('retry_base').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    externalId: text('external_id'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deliveries_real_estate_created_idx').on(t.realEstateId, t.createdAt),
    // Also the index of a lead's deliveries (lead_id leads it): one index less to write per lead.
    // One per lead, target and event: a lead that reaches a stage twice is reported to the ad platform once.
    uniqueIndex('deliveries_lead_target_event_unique').on(
      t.leadId,
      t.integration,
      sql`coalesce(${t.event}, '')`,
    ),
  ],
);

/** The ledger: every attempt, kept. */
export const deliveryAttempts = pgTable(
  'delivery_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    outcome: text('outcome', { enum: DELIVERY_OUTCOMES }).notNull(),
    response: text('response'),
    error: text('error'),
  },
  (t) => [index('delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
