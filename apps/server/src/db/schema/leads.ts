import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LEAD_SOURCES, LEAD_STATUSES } from '@vitrine/contracts';
import { tenantId, users } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { pages } from './pages.ts';
import { newId } from '../../lib/ids.ts';

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(newId),
    realEstateId: tenantId(),
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The contact had left a lead before: kept, linked, not counted as a new contact. */
    isRepeat: boolean('is_repeat').notNull().default(false),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message'),
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('landing_page'),
    /**
     * What the source said of the lead beyond the contact (docs/product.md#lead-sources): a portal's
     * temperature, transaction type and its own ids; a Meta form's answers and campaign; the API's extra
     * fields. The CRM payloads carry it.
     */
    sourceDetails: jsonb('source_details').$type<Record<string, unknown>>(),
    /**
     * The listing code the source named (a portal's clientListingId, a form's or the API's code). A code
     * that matched no page keeps the lead without a page: "imóvel não encontrado (código X)".
     */
    listingCode: text('listing_code'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: text('gclid'),
    fbclid: text('fbclid'),
    /** Meta's browser id (the `_fbp` cookie of the page's Pixel), sent with the form when present. */
    fbp: text('fbp'),
    referrer: text('referrer'),
    sessionId: text('session_id'),
    status: text('status', { enum: LEAD_STATUSES }).notNull().default('novo'),
    isTest: boolean('is_test').notNull().default(false),
    quarantined: boolean('quarantined').notNull().default(false),
    quarantineReason: text('quarantine_reason'),
    consent: boolean('consent').notNull().default(false),
    /**
     * Arrived while the agency was over its plan's monthly leads: stored and shown all the same
     * (docs/product.md#lead-assignment).
     */
    overPlanLimit: boolean('over_plan_limit').notNull().default(false),
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /**
     * The member in charge of the lead (docs/product.md#lead-assignment): set by hand or by the agency's
     * rotation.
     */
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The landing form's submission key (`_sid`, drawn per page view: the view's time in hex, then 128
     * random bits; decision 025): a form sent again after its answer was lost (a replica died after the
     * commit) finds its lead instead of storing a second one.
     */
    submissionKey: text('submission_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('leads_submission_key_unique')
      .on(t.realEstateId, t.submissionKey)
      .where(sql`${t.submissionKey} is not null`),
    index('leads_real_estate_created_idx').on(t.realEstateId, t.createdAt),
    index('leads_assigned_idx').on(t.realEstateId, t.assignedUserId, t.createdAt),
    index('leads_page_idx').on(t.pageId),
    index('leads_contact_idx').on(t.contactId),
    index('leads_unmatched_listing_idx')
      .on(t.realEstateId, t.listingCode)
      .where(sql`${t.pageId} is null and ${t.listingCode} is not null`),
  ],
);

/** A person who left a contact: leads with the same phone or e-mail in an agency point to one contact. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom().$defaultFn(newId),
    realEstateId: tenantId(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    leadsCount: integer('leads_count').notNull().default(0),
    firstLeadAt: timestamp('first_lead_at', { withTimezone: true }).notNull().defaultNow(),
    lastLeadAt: timestamp('last_lead_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_phone_idx').on(t.realEstateId, t.phone),
    index('contacts_email_idx').on(t.realEstateId, t.email),
  ],
);

/**
 * Leads received per agency and São Paulo month (the plan's "leads per month"), kept by lead capture in
 * the same statement that writes the leads, so a capture reads a few rows instead of counting the
 * month's leads. Sharded: each captured group adds to one of up to 64 rows of the month, so concurrent
 * groups of one agency rarely wait on one row lock; the month's figure is their sum.
 */
export const leadMonthUsage = pgTable(
  'lead_month_usage',
  {
    realEstateId: tenantId(),
    month: date('month', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.month, t.shard] })],
);
