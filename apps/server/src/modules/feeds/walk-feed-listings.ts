/**
 * The agency's listings flagged for a channel and published (drafts never; sold or rented ones leave),
 * read in keyset batches by page id: memory stays flat however many the agency has. Each comes with
 * its YouTube links and its check results (check-listing.ts).
 */
import { and, asc, count, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { FeedChannel, FeedProblem, PublicationType } from '@vitrine/contracts';
import { pageChannels, pages, realEstates, videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { checkListing } from './check-listing.ts';
import type { FeedListing } from './feed-listing.ts';

export const FEED_BATCH = 500;

const feedColumns = {
  id: pages.id,
  title: pages.title,
  slug: pages.slug,
  status: pages.status,
  listingCode: pages.listingCode,
  purpose: pages.purpose,
  propertyType: pages.propertyType,
  priceCents: pages.priceCents,
  condoFeeCents: pages.condoFeeCents,
  iptuCents: pages.iptuCents,
  areaM2: pages.areaM2,
  bedrooms: pages.bedrooms,
  suites: pages.suites,
  bathrooms: pages.bathrooms,
  parkingSpaces: pages.parkingSpaces,
  address: pages.address,
  neighborhood: pages.neighborhood,
  city: pages.city,
  state: pages.state,
  zipCode: pages.zipCode,
  latitude: pages.latitude,
  longitude: pages.longitude,
  description: pages.description,
  features: pages.features,
  photos: pages.photos,
  updatedAt: pages.updatedAt,
  publicationType: pageChannels.publicationType,
};

const flagged = (realEstateId: number, channel: FeedChannel) =>
  and(
    eq(pageChannels.realEstateId, realEstateId),
    eq(pageChannels.channel, channel),
    eq(pageChannels.publish, true),
    eq(pages.status, 'published'),
  );

export interface CheckedListing extends FeedListing {
  problems: FeedProblem[];
}

/** Batches of listings, in page id order, each checked against the channel's rules. */
export async function* walkFeedListings(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  channel: FeedChannel,
  batchSize = FEED_BATCH,
): AsyncGenerator<CheckedListing[]> {
  let after = 0;
  // The portals process one listing per code: a code seen earlier in the walk leaves the later page out.
  const seenCodes = new Set<string>();
  for (;;) {
    const rows = await deps.db
      .select(feedColumns)
      .from(pageChannels)
      .innerJoin(pages, eq(pages.id, pageChannels.pageId))
      .where(and(flagged(realEstateId, channel), gt(pageChannels.pageId, after)))
      .orderBy(asc(pageChannels.pageId))
      .limit(batchSize);
    if (!rows.length) return;
    after = rows.at(-1)!.id;
    const links = await deps.db
      .select({ pageId: videos.pageId, url: videos.externalUrl })
      .from(videos)
      .where(
        and(
          inArray(
            videos.pageId,
            rows.map((r) => r.id),
          ),
          eq(videos.source, 'youtube'),
          eq(videos.status, 'ready'),
        ),
      )
      .orderBy(asc(videos.pageId), asc(videos.sequence), asc(videos.createdAt));
    const youtubeOf = new Map<number, string[]>();
    for (const l of links) if (l.url) youtubeOf.set(l.pageId, [...(youtubeOf.get(l.pageId) ?? []), l.url]);
    yield rows.map(({ publicationType, ...page }) => {
      const listing: FeedListing = {
        page,
        youtube: youtubeOf.get(page.id) ?? [],
        channel,
        publicationType: publicationType as PublicationType | null,
      };
      const problems = checkListing(listing);
      const code = page.listingCode?.trim();
      if (channel === 'grupo_zap' && code) {
        if (seenCodes.has(code))
          problems.push({
            code: 'listing_code_duplicate',
            message: `O código "${code}" já está em outro imóvel deste feed: os portais só aceitam um.`,
          });
        else seenCodes.add(code);
      }
      return { ...listing, problems };
    });
    if (rows.length < batchSize) return;
  }
}

export interface FeedVersion {
  count: number;
  changedAt: Date;
  /** The sum of the flagged rows' change times (ms): moves with any change, even one whose clock is
   * behind the newest (another replica's) or the removal of the newest. */
  changeSum: string;
  videos: string;
}

/** Milliseconds since the epoch, summed exactly (bigint to numeric). */
const msSum = (column: typeof pages.updatedAt | typeof pageChannels.updatedAt) =>
  sql<string | null>`sum((extract(epoch from ${column}) * 1000)::bigint)::text`;

/**
 * What the feed's ETag (and the console's cached check summary, check-summary.ts) is made of: how many
 * listings are flagged, their newest change and the sum of their change times (page, channel setting),
 * the agency's videos (count and newest change) and the agency's own newest change (its contact in the
 * feed). One indexed query.
 */
export async function feedVersion(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  channel: FeedChannel,
): Promise<FeedVersion> {
  const [row] = await deps.db
    .select({
      n: count(),
      pageAt: max(pages.updatedAt),
      settingAt: max(pageChannels.updatedAt),
      pageSum: msSum(pages.updatedAt),
      settingSum: msSum(pageChannels.updatedAt),
      // A removed video lowers the count even when it was not the newest.
      videos: sql<string>`(select count(*) || ':' || coalesce(max(${videos.updatedAt})::text, '') from ${videos} where ${videos.realEstateId} = ${realEstateId})`,
      agencyAt: sql<
        string | null
      >`(select ${realEstates.updatedAt} from ${realEstates} where ${realEstates.id} = ${realEstateId})`,
    })
    .from(pageChannels)
    .innerJoin(pages, eq(pages.id, pageChannels.pageId))
    .where(flagged(realEstateId, channel));
  const times = [row?.pageAt, row?.settingAt, row?.agencyAt]
    .filter((t): t is Date | string => t !== null && t !== undefined)
    .map((t) => new Date(t).getTime());
  return {
    count: row?.n ?? 0,
    changedAt: new Date(times.length ? Math.max(...times) : 0),
    changeSum: `${row?.pageSum ?? 0}:${row?.settingSum ?? 0}`,
    videos: row?.videos ?? '',
  };
}
