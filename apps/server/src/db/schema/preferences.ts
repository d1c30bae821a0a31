import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantId, users } from './accounts.ts';
import { updatedAt } from './columns.ts';

/**
 * Per user and agency settings (GET /v1/real-estates/{id}/preferences, PUT /v1/preferences/{id};
 * docs/product.md#preferences).
 */
export const preferences = pgTable(
  'preferences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('preferences_unique').on(t.realEstateId, t.userId, t.key)],
);

/**
 * The agency's preferences (docs/product.md#preferences): one row per key, created with the
 * key's default the first time the agency's preferences are read, so each has an id for PUT.
 */
export const agencyPreferences = pgTable(
  'agency_preferences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agency_preferences_unique').on(t.realEstateId, t.key)],
);
