/**
 * Analytics (docs/decisions/011-analytics.md): first-party, cookieless. Raw events and sessions are kept for
 * the retention period (ANALYTICS_RETENTION_MONTHS); the daily rollups hold no visitor data and stay.
 */
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ANALYTICS_DEVICES } from '@vitrine/contracts';
import { tenantId } from './accounts.ts';
import { createdAt } from './columns.ts';
import { leads } from './leads.ts';
import { pages } from './pages.ts';

/**
 * One random salt per São Paulo day. A visitor id is HMAC(salt, agency|IP|user agent): it cannot be
 * recomputed once the salt is gone, and salts older than 48 h are deleted.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: createdAt(),
});

/** A visit: a visitor's events on one agency's pages with no gap longer than 30 minutes. */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: uuid('id').primaryKey(),
    realEstateId: tenantId(),
    /** HMAC of the day's salt, agency, IP and user agent (raw IP and user agent are never stored). */
    visitorHash: text('visitor_hash').notNull(),
    /** The page the session started on. */
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmTerm: text('utm_term'),
    utmContent: text('utm_content'),
    gclid: boolean('gclid').notNull().default(false),
    fbclid: boolean('fbclid').notNull().default(false),
    /** The referrer's host only. */
    referrer: text('referrer'),
    device: text('device', { enum: ANALYTICS_DEVICES }).notNull(),
    eventsCount: integer('events_count').notNull().default(0),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('analytics_sessions_started_idx').on(t.realEstateId, t.startedAt),
    index('analytics_sessions_visitor_idx').on(t.realEstateId, t.visitorHash, t.lastSeenAt),
  ],
);

/**
 * Append-only. BRIN on occurred_at for retention sweeps; btree for an agency's recent events and a
 * session's timeline. No foreign keys, on purpose: a foreign-key check locks the parent row for every
 * event written (ten events of one session = ten locks on it). Events go by retention (before their
 * sessions, which end no earlier than their events).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: integer('real_estate_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    pageId: integer('page_id'),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    props: jsonb('props').$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [
    index('analytics_events_session_idx').on(t.sessionId, t.occurredAt),
    index('analytics_events_real_estate_idx').on(t.realEstateId, t.occurredAt),
    index('analytics_events_occurred_brin').using('brin', t.occurredAt),
  ],
);

/**
 * Daily rollup per São Paulo day × page × source (with campaign and referrer host) × device, rebuilt
 * from sessions and events for the days marked dirty. Counts are per session-and-page pair, so each
 * page's row is exact; `entries`, `first_visitors` and `bounces` count each session (visitor-day) once
 * only, on the pair it started with, so totals over pages are exact too. No visitor data.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    realEstateId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    pageId: integer('page_id').notNull(),
    source: text('source').notNull(),
    utmCampaign: text('utm_campaign').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
    device: text('device').notNull(),
    /** Session-page pairs (a session that saw two pages counts on each). */
    sessions: integer('sessions').notNull().default(0),
    /** Sessions that started here (each session once). */
    entries: integer('entries').notNull().default(0),
    /** Distinct visitors of this row. */
    visitors: integer('visitors').notNull().default(0),
    /** Visitors whose first session of the day started here (each visitor-day once). */
    firstVisitors: integer('first_visitors').notNull().default(0),
    pageviews: integer('pageviews').notNull().default(0),
    /** Pairs with engagement (time, scroll, a click or a second pageview). */
    engaged: integer('engaged').notNull().default(0),
    /** Sessions that started here without any engagement. */
    bounces: integer('bounces').notNull().default(0),
    engagedSeconds: integer('engaged_seconds').notNull().default(0),
    media: integer('media').notNull().default(0),
    contact: integer('contact').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.day, t.pageId, t.source, t.utmCampaign, t.referrer, t.device] }),
  ],
);

/** Days whose rollup must be rebuilt (events arrived): marked by ingestion, cleared by the rebuild. */
export const analyticsDirtyDays = pgTable(
  'analytics_dirty_days',
  {
    realEstateId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.day] })],
);
