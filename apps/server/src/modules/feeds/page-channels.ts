/**
 * The record of which page goes to which channel (`page_channels`): read for the page editor, written
 * one page at a time or many at once (the Páginas screen's selection). A highlight counts against the
 * quota the agency bought from the portal: past it, nothing is written (422 naming the field).
 */
import { and, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import {
  FEED_CHANNELS,
  PUBLICATION_TYPE_LABELS,
  type FeedChannel,
  type HighlightType,
  type PublicationType,
} from '@vitrine/contracts';
import { auditLog, feedChannels, pageChannels, pages } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type PageChannelRow = typeof pageChannels.$inferSelect;

export interface ChannelSetting {
  publish: boolean;
  publication_type?: PublicationType | undefined;
}

export async function pageChannelRows(deps: Pick<Deps, 'db'>, pageId: number): Promise<PageChannelRow[]> {
  return deps.db.select().from(pageChannels).where(eq(pageChannels.pageId, pageId));
}

/** The publication type a setting gives a page on a channel: the portals' only, STANDARD by default. */
const typeFor = (
  channel: FeedChannel,
  wanted: PublicationType | undefined,
  current: PublicationType | null,
) => (channel === 'grupo_zap' ? (wanted ?? current ?? 'STANDARD') : null);

/** Highlights of each type flagged on published pages of the agency (what the quota counts). */
export async function highlightsUsed(
  deps: { db: Db | Tx },
  realEstateId: number,
  channel: FeedChannel,
): Promise<Partial<Record<PublicationType, number>>> {
  const rows = await deps.db
    .select({ type: pageChannels.publicationType, n: count() })
    .from(pageChannels)
    .innerJoin(pages, eq(pages.id, pageChannels.pageId))
    .where(
      and(
        eq(pageChannels.realEstateId, realEstateId),
        eq(pageChannels.channel, channel),
        eq(pageChannels.publish, true),
        eq(pages.status, 'published'),
        ne(pageChannels.publicationType, 'STANDARD'),
      ),
    )
    .groupBy(pageChannels.publicationType);
  return Object.fromEntries(rows.filter((r) => r.type).map((r) => [r.type!, r.n]));
}

/** Refuses a change that puts more highlights of a type on the portal than the agency bought. */
async function assertQuota(tx: Tx, realEstateId: number, channel: FeedChannel, field: string) {
  if (channel !== 'grupo_zap') return;
  const [settings] = await tx
    .select({ quotas: feedChannels.highlightQuotas })
    .from(feedChannels)
    .where(and(eq(feedChannels.realEstateId, realEstateId), eq(feedChannels.channel, channel)));
  const quotas = settings?.quotas ?? {};
  const used = await highlightsUsed({ db: tx }, realEstateId, channel);
  for (const [type, n] of Object.entries(used) as [HighlightType, number][]) {
    const quota = quotas[type];
    if (quota !== null && quota !== undefined && n > quota)
      throw fieldError(
        field,
        `A imobiliária contratou ${quota} "${PUBLICATION_TYPE_LABELS[type]}" nos portais e isto deixaria ${n} em uso. Tire o destaque de outro imóvel ou aumente a quantidade contratada na tela Portais e anúncios.`,
      );
  }
}

/** One page's settings, per channel; the rest stay as they are. All or nothing. */
export async function updatePageChannels(
  deps: Pick<Deps, 'db'>,
  input: {
    page: { id: number; realEstateId: number };
    userId: number;
    channels: Partial<Record<FeedChannel, ChannelSetting>>;
  },
): Promise<void> {
  const { page } = input;
  await deps.db.transaction(async (tx) => {
    const current = await tx.select().from(pageChannels).where(eq(pageChannels.pageId, page.id));
    for (const channel of FEED_CHANNELS) {
      const setting = input.channels[channel];
      if (!setting) continue;
      const before = current.find((r) => r.channel === channel);
      const values = {
        publish: setting.publish,
        publicationType: typeFor(channel, setting.publication_type, before?.publicationType ?? null),
        updatedAt: new Date(),
      };
      await tx
        .insert(pageChannels)
        .values({ pageId: page.id, channel, realEstateId: page.realEstateId, ...values })
        .onConflictDoUpdate({ target: [pageChannels.pageId, pageChannels.channel], set: values });
      await assertQuota(tx, page.realEstateId, channel, `channels.${channel}.publication_type`);
    }
    await tx.insert(auditLog).values({
      realEstateId: page.realEstateId,
      userId: input.userId,
      action: 'page.channels_updated',
      subject: String(page.id),
      details: { channels: input.channels },
    });
  });
}

/** Many pages of one agency, one channel; ids of other agencies are ignored. Returns how many changed. */
export async function updateManyPageChannels(
  deps: Pick<Deps, 'db'>,
  input: {
    realEstateId: number;
    userId: number;
    ids: number[];
    channel: FeedChannel;
    setting: ChannelSetting;
  },
): Promise<number> {
  const { realEstateId, channel, setting } = input;
  return deps.db.transaction(async (tx) => {
    const own = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.realEstateId, realEstateId), inArray(pages.id, [...new Set(input.ids)])));
    if (!own.length) return 0;
    const ids = own.map((r) => r.id);
    const now = new Date();
    const type = typeFor(channel, setting.publication_type, null);
    // A page that already has a type keeps it unless one is given.
    await tx
      .insert(pageChannels)
      .values(
        ids.map((pageId) => ({
          pageId,
          channel,
          realEstateId,
          publish: setting.publish,
          publicationType: type,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [pageChannels.pageId, pageChannels.channel],
        set: {
          publish: setting.publish,
          updatedAt: now,
          ...(setting.publication_type && channel === 'grupo_zap'
            ? { publicationType: setting.publication_type }
            : {}),
        },
      });
    await assertQuota(tx, realEstateId, channel, 'publication_type');
    await tx.insert(auditLog).values({
      realEstateId,
      userId: input.userId,
      action: 'page.channels_updated',
      subject: ids.length === 1 ? String(ids[0]) : `${ids.length} páginas`,
      details: { ids, channel, ...setting },
    });
    return ids.length;
  });
}

/**
 * Gives a listing code to the agency's pages without one (all, or those given): "VIT" and the page id,
 * unique within the agency (a code some other page already uses is skipped). Returns how many got one.
 */
export async function generateListingCodes(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; userId: number; ids?: number[] | undefined },
): Promise<number> {
  const { realEstateId } = input;
  return deps.db.transaction(async (tx) => {
    const taken = tx
      .select({ code: pages.listingCode })
      .from(pages)
      .where(and(eq(pages.realEstateId, realEstateId), sql`${pages.listingCode} is not null`));
    const updated = await tx
      .update(pages)
      .set({ listingCode: sql`'VIT' || ${pages.id}`, updatedAt: new Date() })
      .where(
        and(
          eq(pages.realEstateId, realEstateId),
          sql`coalesce(btrim(${pages.listingCode}), '') = ''`,
          notInArray(sql`'VIT' || ${pages.id}`, taken),
          ...(input.ids ? [inArray(pages.id, input.ids)] : []),
        ),
      )
      .returning({ id: pages.id });
    if (updated.length)
      await tx.insert(auditLog).values({
        realEstateId,
        userId: input.userId,
        action: 'pages.listing_codes_generated',
        subject: `${updated.length} páginas`,
        details: { ids: updated.map((r) => r.id).slice(0, 500) },
      });
    return updated.length;
  });
}
