/**
 * A channel reads its feed: the token in the URL opens one agency's feed for one channel (anything else
 * reads nothing), the ETag answers 304 when nothing changed, and the document is streamed in keyset
 * batches, leaving out what the channel would refuse. Every read goes to the access log.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, lt } from 'drizzle-orm';
import { landingPath, type FeedChannel } from '@vitrine/contracts';
import { feedReads, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { agencyPagesUrl } from '../domains/index.ts';
import { findFeedByToken } from './feed-channels.ts';
import {
  META_CSV_HEADER,
  META_XML_FOOTER,
  META_XML_HEADER,
  metaCsvListing,
  metaXmlListing,
} from './write-meta-catalog.ts';
import { VRSYNC_FOOTER, vrsyncHeader, vrsyncListing, type FeedAgency } from './write-vrsync.ts';
import { storeSummary, summaryBuilder, summaryVersion } from './check-summary.ts';
import { feedVersion, walkFeedListings } from './walk-feed-listings.ts';

export type FeedFormat = 'xml' | 'csv';

/** Bump when what a feed writes changes, so that readers holding an old ETag get the new document. */
const WRITER_VERSION = 1;
/** The access log's status for a read the reader broke off. */
const CLIENT_CLOSED = 499;
/** How long the access log keeps a read. */
const READS_KEPT_DAYS = 90;

export type FeedAnswer =
  | { kind: 'not_found' }
  | { kind: 'not_modified'; etag: string }
  | { kind: 'feed'; etag: string; contentType: string; body: Readable };

const FILE = /^([A-Za-z0-9_-]{43})\.(xml|csv)$/;

export function parseFeedFile(file: string): { token: string; format: FeedFormat } | null {
  const m = FILE.exec(file);
  return m ? { token: m[1]!, format: m[2] as FeedFormat } : null;
}

export async function serveFeed(
  deps: Pick<Deps, 'db' | 'storage' | 'config' | 'log'>,
  input: {
    channel: FeedChannel;
    file: string;
    ifNoneMatch: string | undefined;
    userAgent: string | undefined;
  },
): Promise<FeedAnswer> {
  const { channel } = input;
  const parsed = parseFeedFile(input.file);
  if (!parsed || (channel === 'grupo_zap' && parsed.format !== 'xml')) return { kind: 'not_found' };
  const feed = await findFeedByToken(deps, channel, parsed.token);
  if (!feed) return { kind: 'not_found' };
  const realEstateId = feed.realEstateId;

  const [version, pagesUrl, agencyRow] = await Promise.all([
    feedVersion(deps, realEstateId, channel),
    agencyPagesUrl(deps, realEstateId),
    deps.db
      .select({
        name: realEstates.name,
        email: realEstates.email,
        phone: realEstates.phone,
        website: realEstates.website,
      })
      .from(realEstates)
      .where(eq(realEstates.id, realEstateId))
      .then((r) => r[0]),
  ]);
  if (!agencyRow) return { kind: 'not_found' };
  const urlOf = (key: string) => deps.storage.url(key);
  const etag = `W/"${createHash('sha1')
    .update(
      JSON.stringify([
        WRITER_VERSION,
        channel,
        parsed.format,
        version.count,
        version.changedAt.toISOString(),
        version.changeSum,
        version.videos,
        pagesUrl,
        urlOf(''),
      ]),
    )
    .digest('base64url')
    .slice(0, 27)}"`;

  const userAgent = input.userAgent?.slice(0, 300) ?? null;
  const log = async (status: number) => {
    const [read] = await deps.db
      .insert(feedReads)
      .values({ realEstateId, channel, format: parsed.format, userAgent, status })
      .returning({ id: feedReads.id });
    await deps.db
      .delete(feedReads)
      .where(
        and(
          eq(feedReads.realEstateId, realEstateId),
          eq(feedReads.channel, channel),
          lt(feedReads.readAt, new Date(Date.now() - READS_KEPT_DAYS * 86_400_000)),
        ),
      );
    return read!.id;
  };

  if (matches(input.ifNoneMatch, etag)) {
    await log(304);
    return { kind: 'not_modified', etag };
  }
  const readId = await log(200);
  const agency: FeedAgency = agencyRow;
  const pageUrl = (slug: string) => `${pagesUrl}${landingPath(slug)}`;

  async function* document(): AsyncGenerator<string> {
    let listings = 0;
    let outcome: 'complete' | 'failed' | 'left' = 'left';
    // The same walk and checks as the console's overview: its summary comes for free (check-summary.ts).
    const summary = summaryBuilder();
    // Whether the generator is suspended at a yield: a stream destroyed there (the reader left, the
    // compression pipeline passing on the hang-up as an error) is not a failure of the walk.
    let handedOver = false;
    async function* hand(text: string): AsyncGenerator<string> {
      handedOver = true;
      yield text;
      handedOver = false;
    }
    try {
      if (channel === 'grupo_zap') yield* hand(vrsyncHeader(agency, version.changedAt));
      else yield* hand(parsed!.format === 'csv' ? META_CSV_HEADER : META_XML_HEADER);
      for await (const batch of walkFeedListings(deps, realEstateId, channel)) {
        let chunk = '';
        for (const listing of batch) {
          summary.add(listing);
          if (listing.problems.length) continue;
          listings += 1;
          const ctx = { urlOf, pageUrl: pageUrl(listing.page.slug), agency };
          chunk +=
            channel === 'grupo_zap'
              ? vrsyncListing(listing, ctx)
              : parsed!.format === 'csv'
                ? metaCsvListing(listing, ctx)
                : metaXmlListing(listing, ctx);
        }
        if (chunk) yield* hand(chunk);
      }
      if (channel === 'grupo_zap') yield* hand(VRSYNC_FOOTER);
      else if (parsed!.format === 'xml') yield* hand(META_XML_FOOTER);
      outcome = 'complete';
    } catch (err) {
      if (!handedOver) outcome = 'failed';
      throw err;
    } finally {
      // Also when the reader goes away mid-document: the stream is destroyed, this generator is
      // returned at its pending yield (no further batch is read, no connection is held), and the log
      // says so (499, nginx's "client closed request", with the listings written until then; 500 when
      // the walk itself failed).
      try {
        await deps.db
          .update(feedReads)
          .set(
            outcome === 'complete'
              ? { listings }
              : { listings, status: outcome === 'failed' ? 500 : CLIENT_CLOSED },
          )
          .where(eq(feedReads.id, readId));
      } catch (err) {
        deps.log.warn({ err, realEstateId, channel }, 'feed read not logged');
      }
    }
    // A complete walk only (a reader that left returns the generator in the finally above, so this is
    // not reached): one aggregate query before the response ends.
    await storeSummary(deps, realEstateId, channel, summaryVersion(channel, version), summary.result()).catch(
      (err: unknown) => deps.log.warn({ err, realEstateId, channel }, 'feed check summary not kept'),
    );
  }

  return {
    kind: 'feed',
    etag,
    contentType: parsed.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8',
    body: Readable.from(document()),
  };
}

/** If-None-Match holds this ETag (alone, in a list, or `*`). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t === etag || t === etag.slice(2));
}
