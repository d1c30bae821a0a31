/**
 * LGPD (docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): the data subject's rights
 * (find, export, erase one person) and retention.
 */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { PRIVACY_ACTIONS, PRIVACY_KEY_TYPES } from '@vitrine/contracts';
import { realEstates, tenantId, users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Each agency's retention periods (docs/privacy.md). An agency without a row keeps the defaults
 * (modules/privacy/retention-settings.ts); the periodic privacy-retention job applies them.
 */
export const privacySettings = pgTable('privacy_settings', {
  realEstateId: integer('real_estate_id')
    .primaryKey()
    .references(() => realEstates.id, { onDelete: 'cascade' }),
  /** Raw analytics events and sessions older than this are deleted (rollups stay). */
  analyticsMonths: integer('analytics_months').notNull(),
  /** The CRM answers and error texts of delivery attempts older than this are blanked (rows stay). */
  deliveryBodiesMonths: integer('delivery_bodies_months').notNull(),
  /** The inbound ledger's bodies older than this are blanked (rows stay); null: the default. */
  inboundBodiesMonths: integer('inbound_bodies_months'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A data subject's request answered (LGPD art. 18): who exported or erased whose data, when, and how
 * much. The person is named only by an HMAC of the search key (APP_KEY), never in the clear: the entry
 * proves a request was answered without keeping the data that was erased.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: PRIVACY_ACTIONS }).notNull(),
    keyType: text('key_type', { enum: PRIVACY_KEY_TYPES }).notNull(),
    keyHash: text('key_hash').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_real_estate_idx').on(t.realEstateId, t.createdAt)],
);
