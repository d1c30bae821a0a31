import { boolean, pgTable, primaryKey, text, timestamp, integer } from 'drizzle-orm/pg-core';
import { DELIVERY_TARGETS, INTEGRATION_HALT_KINDS } from '@vitrine/contracts';
import { tenantId, users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';

/**
 * One row per agency and integration name. The payload (with the CRM credentials and header values)
 * is encrypted at rest with APP_KEY; only the derived flags are stored in the clear.
 */
export const integrations = pgTable(
  'integrations',
  {
    realEstateId: tenantId(),
    /** An integration's name, or `meta` (the Conversions API connection, docs/product.md#ad-conversions). */
    name: text('name', { enum: DELIVERY_TARGETS }).notNull(),
    isActive: boolean('is_active').notNull().default(false),
    payloadEncrypted: text('payload_encrypted').notNull(),
    /** Standard Webhooks signing secret (whsec_…), encrypted; webhook only. */
    signingSecretEncrypted: text('signing_secret_encrypted'),
    lastTestOk: boolean('last_test_ok'),
    lastTestMessage: text('last_test_message'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    /** Set when a CRM answered 401/403 (paused) or a webhook answered 410 (disabled). */
    haltedReason: text('halted_reason'),
    haltedKind: text('halted_kind', { enum: INTEGRATION_HALT_KINDS }),
    haltedAt: timestamp('halted_at', { withTimezone: true }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.name] })],
);
