/**
 * A channel's check results for the console (how many listings are flagged, how many go into the feed,
 * the left-out ones with their reasons), kept in `feed_check_summaries` per feed version: reading the
 * overview again costs one aggregate query instead of a walk over every flagged listing (5 s at 50,000).
 *
 * The version is the feed's ETag aggregate (walk-feed-listings.ts `feedVersion`: how many listings are
 * flagged, their newest change and the sum of their change times, per page and per channel setting, and
 * the agency's videos) plus CHECKS_VERSION. Every write to a flagged listing, its channel setting or a
 * video changes it, so a row computed for another version is never served: it is replaced. The rows live
 * in the database, so every replica reads the same ones. A summary is stored only if the version read
 * before its walk is still the version after it: one computed while the listings changed is used once
 * and not kept under a label it does not match.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FeedChannel, FeedChannelOverview } from '@vitrine/contracts';
import { feedCheckSummaries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import {
  feedVersion,
  walkFeedListings,
  type CheckedListing,
  type FeedVersion,
} from './walk-feed-listings.ts';

/** Bump when check-listing.ts changes what it reports, so that summaries computed before are redone. */
const CHECKS_VERSION = 1;
/** At most this many left-out listings are listed (the counts cover all). */
export const PROBLEMS_LISTED = 200;

export type LeftOutListing = FeedChannelOverview['problems'][number];

export interface CheckSummary {
  flagged: number;
  inFeed: number;
  problems: LeftOutListing[];
}

/** The key a summary is stored under: changes whenever anything the walk reads changes. */
export function summaryVersion(channel: FeedChannel, version: FeedVersion): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        CHECKS_VERSION,
        channel,
        version.count,
        version.changedAt.toISOString(),
        version.changeSum,
        version.videos,
      ]),
    )
    .digest('base64url');
}

/** Adds up checked listings as the walk gives them (the overview's walk, or a feed being served). */
export function summaryBuilder() {
  const summary: CheckSummary = { flagged: 0, inFeed: 0, problems: [] };
  return {
    add(listing: CheckedListing) {
      summary.flagged += 1;
      if (!listing.problems.length) summary.inFeed += 1;
      else if (summary.problems.length < PROBLEMS_LISTED)
        summary.problems.push({
          page_id: listing.page.id,
          title: listing.page.title,
          listing_code: listing.page.listingCode,
          problems: listing.problems,
        });
    },
    result: () => summary,
  };
}

/**
 * Keeps the summary under `version` if the listings still are at that version (otherwise it describes a
 * mix of before and after, and the next read computes it again).
 */
export async function storeSummary(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  channel: FeedChannel,
  version: string,
  summary: CheckSummary,
): Promise<void> {
  const now = summaryVersion(channel, await feedVersion(deps, realEstateId, channel));
  if (now !== version) return;
  const values = {
    version,
    flagged: summary.flagged,
    inFeed: summary.inFeed,
    problems: summary.problems,
    computedAt: new Date(),
  };
  await deps.db
    .insert(feedCheckSummaries)
    .values({ realEstateId, channel, ...values })
    .onConflictDoUpdate({
      target: [feedCheckSummaries.realEstateId, feedCheckSummaries.channel],
      set: values,
    });
}

/** The channel's summary: the stored one if it is of the current version, else a walk (then stored). */
export async function checkSummary(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  channel: FeedChannel,
): Promise<CheckSummary> {
  const [version, [stored]] = await Promise.all([
    feedVersion(deps, realEstateId, channel).then((v) => summaryVersion(channel, v)),
    deps.db
      .select()
      .from(feedCheckSummaries)
      .where(and(eq(feedCheckSummaries.realEstateId, realEstateId), eq(feedCheckSummaries.channel, channel))),
  ]);
  if (stored?.version === version)
    return { flagged: stored.flagged, inFeed: stored.inFeed, problems: stored.problems };
  const builder = summaryBuilder();
  for await (const batch of walkFeedListings(deps, realEstateId, channel))
    for (const listing of batch) builder.add(listing);
  const summary = builder.result();
  await storeSummary(deps, realEstateId, channel, version, summary);
  return summary;
}
