import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CUSTOM_DOMAIN_STATUSES } from '@vitrine/contracts';
import { tenantId } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * An agency's own host name for its landing pages (imoveis.suaimobiliaria.com.br; decision 017).
 * Pending until the TXT record `_vitrine.<hostname>` holds `verificationToken`; a verified one serves
 * that agency's pages only, and Caddy's on-demand TLS gets a certificate for it. Any agency may add a
 * host name (no squatting: several may wait for it), but only one row per host name is ever verified,
 * and an agency has at most one verified domain.
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    /** Lower case, no trailing dot, ASCII (punycode). */
    hostname: text('hostname').notNull(),
    status: text('status', { enum: CUSTOM_DOMAIN_STATUSES }).notNull().default('pending'),
    verificationToken: text('verification_token').notNull(),
    /** The last DNS check, and what it found (shown in the console). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    checkMessage: text('check_message'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * A verified domain whose TXT record the periodic re-check (or a manual check) stopped finding: the
     * first failure of the current run of failures, cleared when the record is found again. After
     * DOMAIN_RECHECK_GRACE_HOURS of it the domain goes back to pending (decision 017).
     */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_domains_agency_hostname_idx').on(t.realEstateId, t.hostname),
    uniqueIndex('custom_domains_verified_hostname_idx')
      .on(t.hostname)
      .where(sql`${t.status} = 'verified'`),
    uniqueIndex('custom_domains_verified_agency_idx')
      .on(t.realEstateId)
      .where(sql`${t.status} = 'verified'`),
  ],
);
