/**
 * The record of an agency's feed per channel (`feed_channels`): its secret token and the highlights it
 * bought. A token is 32 random bytes (base64url), found by its SHA-256 and kept sealed with APP_KEY so
 * the console can show the address again (decision 022).
 */
import { and, eq, sql } from 'drizzle-orm';
import { FEED_CHANNELS, type FeedChannel, type HighlightType } from '@vitrine/contracts';
import { feedChannels } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../lib/crypto.ts';

export type FeedChannelRow = typeof feedChannels.$inferSelect;

/** A token as the URL carries it: 43 base64url characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Every channel's row for the agency, made (with a fresh token) the first time it is asked for. */
export async function ensureFeedChannels(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
): Promise<FeedChannelRow[]> {
  const existing = await deps.db
    .select()
    .from(feedChannels)
    .where(eq(feedChannels.realEstateId, realEstateId));
  const missing = FEED_CHANNELS.filter((c) => !existing.some((r) => r.channel === c));
  if (missing.length) {
    await deps.db
      .insert(feedChannels)
      .values(missing.map((channel) => ({ realEstateId, channel, ...newToken(deps) })))
      .onConflictDoNothing();
    return deps.db.select().from(feedChannels).where(eq(feedChannels.realEstateId, realEstateId));
  }
  return existing;
}

function newToken(deps: Pick<Deps, 'config'>) {
  const token = randomToken(32);
  return { tokenHash: sha256(token), tokenSealed: encryptSecret(deps.config.appKey, token) };
}

export const tokenOf = (deps: Pick<Deps, 'config'>, row: FeedChannelRow) =>
  decryptSecret(deps.config.appKey, row.tokenSealed);

/** A new token for the channel: the old address stops answering at once. */
export async function rotateFeedToken(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  channel: FeedChannel,
): Promise<void> {
  await ensureFeedChannels(deps, realEstateId);
  await deps.db
    .update(feedChannels)
    .set({ ...newToken(deps), tokenRotatedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(feedChannels.realEstateId, realEstateId), eq(feedChannels.channel, channel)));
}

/** The agency and channel a token opens, or null (a wrong or rotated token reads nothing). */
export async function findFeedByToken(
  deps: Pick<Deps, 'db'>,
  channel: FeedChannel,
  token: string,
): Promise<FeedChannelRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await deps.db
    .select()
    .from(feedChannels)
    .where(and(eq(feedChannels.tokenHash, sha256(token)), eq(feedChannels.channel, channel)))
    .limit(1);
  return row ?? null;
}

export async function setHighlightQuotas(
  deps: Pick<Deps, 'db' | 'config'>,
  realEstateId: number,
  channel: FeedChannel,
  quotas: Partial<Record<HighlightType, number | null>>,
): Promise<void> {
  await ensureFeedChannels(deps, realEstateId);
  await deps.db
    .update(feedChannels)
    .set({
      highlightQuotas: sql`${feedChannels.highlightQuotas} || ${JSON.stringify(quotas)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(feedChannels.realEstateId, realEstateId), eq(feedChannels.channel, channel)));
}
