import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LeadStatus } from '@vitrine/contracts';
import { realEstates, users } from './accounts.ts';
import { updatedAt } from './columns.ts';

/**
 * An agency's ad conversions apart from the Meta connection (an `integrations` row named `meta`):
 * the privacy notice confirmation, the map of lead statuses to the platforms' events, and the Google
 * Ads click-conversions file (docs/product.md#ad-conversions). An agency without a row has none on.
 */
export const conversionSettings = pgTable('conversion_settings', {
  realEstateId: integer('real_estate_id')
    .primaryKey()
    .references(() => realEstates.id, { onDelete: 'cascade' }),
  /** Its privacy notice tells visitors about the sharing (docs/privacy.md#ad-conversions). */
  noticeConfirmed: boolean('notice_confirmed').notNull().default(false),
  /** Status → the Meta event and the Google conversion name it sends ("" or missing: none). */
  stageEvents: jsonb('stage_events')
    .$type<Partial<Record<LeadStatus, { meta?: string; google?: string }>>>()
    .notNull()
    .default({}),
  googleEnabled: boolean('google_enabled').notNull().default(false),
  googleLeadConversionName: text('google_lead_conversion_name').notNull().default('Lead Vitrine'),
  /** SHA-256 of the file URL's token (the lookup) and the token encrypted with APP_KEY (to show it). */
  googleFileTokenHash: text('google_file_token_hash').unique(),
  googleFileTokenEncrypted: text('google_file_token_encrypted'),
  googleFileFetchedAt: timestamp('google_file_fetched_at', { withTimezone: true }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
