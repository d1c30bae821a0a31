/**
 * Listing feeds (docs/product.md#feeds, decision 022): which page goes to which channel, each agency's
 * secret feed address per channel, and who read the feeds when.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  FEED_CHANNELS,
  PUBLICATION_TYPES,
  type FeedChannelOverview,
  type HighlightType,
} from '@vitrine/contracts';
import { tenantId } from './accounts.ts';
import { updatedAt } from './columns.ts';
import { pages } from './pages.ts';

/**
 * A page's setting for one channel. No row: not published there. The publication type is the
 * portals' (STANDARD or a highlight); null for the Meta catalog.
 */
export const pageChannels = pgTable(
  'page_channels',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: FEED_CHANNELS }).notNull(),
    realEstateId: tenantId(),
    publish: boolean('publish').notNull().default(false),
    publicationType: text('publication_type', { enum: PUBLICATION_TYPES }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.pageId, t.channel] }),
    // The feed's keyset walk: this agency's pages flagged for this channel, by page id.
    index('page_channels_feed_idx')
      .on(t.realEstateId, t.channel, t.pageId)
      .where(sql`${t.publish}`),
  ],
);

/**
 * An agency's feed for one channel. The token is the feed URL's secret: found by its SHA-256
 * (`tokenHash`, unique), and kept sealed with APP_KEY (`tokenSealed`) so the console can show the
 * address again. Rotating replaces both; the old address then answers 404.
 */
export const feedChannels = pgTable(
  'feed_channels',
  {
    realEstateId: tenantId(),
    channel: text('channel', { enum: FEED_CHANNELS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    tokenRotatedAt: timestamp('token_rotated_at', { withTimezone: true }),
    /** The highlights the agency bought from the portal, by publication type (absent: not informed). */
    highlightQuotas: jsonb('highlight_quotas')
      .$type<Partial<Record<HighlightType, number | null>>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.realEstateId, t.channel] }),
    uniqueIndex('feed_channels_token_idx').on(t.tokenHash),
  ],
);

/** Each time a channel read a feed: when, its user agent, what it got. No IP address is kept. */
export const feedReads = pgTable(
  'feed_reads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    realEstateId: tenantId(),
    channel: text('channel', { enum: FEED_CHANNELS }).notNull(),
    format: text('format').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    /**
     * 200 (the feed), 304 (unchanged since the reader's ETag), 499 (the reader left mid-document) or
     * 500 (the walk failed mid-document).
     */
    status: integer('status').notNull(),
    listings: integer('listings'),
  },
  (t) => [index('feed_reads_channel_idx').on(t.realEstateId, t.channel, t.readAt)],
);

/**
 * The console's check results for one channel (flagged, in the feed, the left-out listings listed),
 * kept for the feed version they were computed at (modules/feeds/check-summary.ts). A row of another
 * version is never served, only replaced: in the database so that every replica sees the same.
 */
export const feedCheckSummaries = pgTable(
  'feed_check_summaries',
  {
    realEstateId: tenantId(),
    channel: text('channel', { enum: FEED_CHANNELS }).notNull(),
    version: text('version').notNull(),
    flagged: integer('flagged').notNull(),
    inFeed: integer('in_feed').notNull(),
    problems: jsonb('problems').$type<FeedChannelOverview['problems']>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.realEstateId, t.channel] })],
);
