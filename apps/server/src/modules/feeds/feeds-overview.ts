/**
 * The Portais e anúncios screen's figures, per channel: the feed's address, how many listings are
 * flagged, in the feed and left out (each with its reasons: check-summary.ts, cached per feed version),
 * the highlights used against the quota, and the channel's last read from the access log.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  FEED_CHANNELS,
  FEED_CHANNEL_LABELS,
  HIGHLIGHT_TYPES,
  PUBLICATION_TYPE_LABELS,
  type FeedChannel,
  type FeedChannelOverview,
} from '@vitrine/contracts';
import { feedReads, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ensureFeedChannels, tokenOf, type FeedChannelRow } from './feed-channels.ts';
import { highlightsUsed } from './page-channels.ts';
import { checkSummary } from './check-summary.ts';

/** The feed's public addresses: on LANDING_URL's host (decision 022). */
export function feedUrls(deps: Pick<Deps, 'config'>, row: FeedChannelRow) {
  const token = tokenOf(deps, row);
  const base = deps.config.LANDING_URL;
  return row.channel === 'grupo_zap'
    ? [{ format: 'xml' as const, url: `${base}/feeds/vrsync/${token}.xml` }]
    : [
        { format: 'xml' as const, url: `${base}/feeds/meta/${token}.xml` },
        { format: 'csv' as const, url: `${base}/feeds/meta/${token}.csv` },
      ];
}

async function channelOverview(
  deps: Pick<Deps, 'db' | 'config'>,
  row: FeedChannelRow,
  withoutCode: number,
): Promise<FeedChannelOverview> {
  const channel = row.channel;
  // The walk's results come from the check summary (cached per feed version); the rest is read live.
  const { flagged, inFeed, problems } = await checkSummary(deps, row.realEstateId, channel);
  const [used, [lastRead]] = await Promise.all([
    channel === 'grupo_zap' ? highlightsUsed(deps, row.realEstateId, channel) : Promise.resolve({}),
    deps.db
      .select({ at: feedReads.readAt, userAgent: feedReads.userAgent })
      .from(feedReads)
      .where(and(eq(feedReads.realEstateId, row.realEstateId), eq(feedReads.channel, channel)))
      .orderBy(desc(feedReads.readAt))
      .limit(1),
  ]);
  const usedOf = used as Partial<Record<string, number>>;
  return {
    channel,
    label: FEED_CHANNEL_LABELS[channel],
    urls: feedUrls(deps, row),
    token_rotated_at: row.tokenRotatedAt?.toISOString() ?? null,
    counts: { flagged, in_feed: inFeed, left_out: flagged - inFeed },
    highlights:
      channel === 'grupo_zap'
        ? HIGHLIGHT_TYPES.map((type) => ({
            type,
            label: PUBLICATION_TYPE_LABELS[type],
            used: usedOf[type] ?? 0,
            quota: row.highlightQuotas[type] ?? null,
          }))
        : [],
    last_read: lastRead ? { at: lastRead.at.toISOString(), user_agent: lastRead.userAgent } : null,
    problems,
    pages_without_code: channel === 'grupo_zap' ? withoutCode : 0,
  };
}

export async function feedsOverview(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  only?: FeedChannel,
): Promise<FeedChannelOverview[]> {
  const rows = await ensureFeedChannels(deps, realEstateId);
  const [{ n: withoutCode } = { n: 0 }] = await deps.db
    .select({ n: count() })
    .from(pages)
    .where(
      and(
        eq(pages.realEstateId, realEstateId),
        eq(pages.status, 'published'),
        sql`coalesce(btrim(${pages.listingCode}), '') = ''`,
      ),
    );
  const wanted = FEED_CHANNELS.filter((c) => !only || c === only);
  return Promise.all(
    wanted.map((c) =>
      channelOverview(
        deps,
        rows.find((r) => r.channel === c)!,
        withoutCode,
      ),
    ),
  );
}
