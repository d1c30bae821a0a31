/**
 * The lead_sources record (docs/product.md#lead-sources): an agency's connected channels, their public
 * URL id and secret, and what the lead sources screen shows of each (last lead, leads per day, problems).
 */
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  GRUPO_ZAP_BASIC_USER,
  INBOUND_CHANNELS,
  INBOUND_CHANNEL_LABELS,
  type InboundChannel,
  type LeadSourceView,
} from '@vitrine/contracts';
import { auditLog, leadSources, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto.ts';
import { rowsOf } from '../../lib/throttle.ts';
import { randomBytes } from 'node:crypto';

type SourceDeps = Pick<Deps, 'db' | 'config'>;

/** A secret like the portal's own example (32 hex digits, 128 bits): easy to paste into its form. */
const newSecret = () => randomBytes(16).toString('hex').toUpperCase();
/** The URL's agency id: random, so the URL says nothing about the agency. */
const newPublicId = () => randomToken(12);

/** The push URL of a channel (on the API host: the landing hosts answer only the pages). */
export function sourceUrl(config: Deps['config'], channel: InboundChannel, publicId: string): string | null {
  return channel === 'grupo_zap' ? `${config.APP_URL}/v1/inbound/grupo-zap/${publicId}` : null;
}

/** The agency's connected source of a channel (its public id), or null. */
export async function findConnectedSource(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  channel: InboundChannel,
): Promise<{ publicId: string } | null> {
  const [row] = await deps.db
    .select({ publicId: leadSources.publicId })
    .from(leadSources)
    .where(
      and(
        eq(leadSources.realEstateId, realEstateId),
        eq(leadSources.channel, channel),
        eq(leadSources.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The listing code of the agency's most recently updated page that has one (the test lead's). */
export async function findLatestListingCode(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
): Promise<string | null> {
  const [row] = await deps.db
    .select({ code: pages.listingCode })
    .from(pages)
    .where(and(eq(pages.realEstateId, realEstateId), isNotNull(pages.listingCode)))
    .orderBy(desc(pages.updatedAt))
    .limit(1);
  return row?.code ?? null;
}

/**
 * Connects a channel: a new public id and secret the first time; connecting again after a disconnect
 * keeps the URL and secret the portal already has.
 */
export async function connectSource(
  deps: SourceDeps,
  input: { realEstateId: number; channel: InboundChannel; userId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(leadSources)
      .values({
        realEstateId: input.realEstateId,
        channel: input.channel,
        publicId: newPublicId(),
        isActive: true,
        secretEncrypted: encryptSecret(deps.config.appKey, newSecret()),
        updatedBy: input.userId,
      })
      .onConflictDoUpdate({
        target: [leadSources.realEstateId, leadSources.channel],
        set: { isActive: true, updatedBy: input.userId, updatedAt: new Date() },
      });
    await tx.insert(auditLog).values({
      realEstateId: input.realEstateId,
      userId: input.userId,
      action: 'lead_source.connected',
      subject: input.channel,
    });
  });
}

/** A new secret: the old one stops working at once. False when the channel was never connected. */
export async function rotateSourceSecret(
  deps: SourceDeps,
  input: { realEstateId: number; channel: InboundChannel; userId: number },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(leadSources)
      .set({
        secretEncrypted: encryptSecret(deps.config.appKey, newSecret()),
        updatedBy: input.userId,
        updatedAt: new Date(),
      })
      .where(and(eq(leadSources.realEstateId, input.realEstateId), eq(leadSources.channel, input.channel)))
      .returning({ channel: leadSources.channel });
    if (!rows.length) return false;
    await tx.insert(auditLog).values({
      realEstateId: input.realEstateId,
      userId: input.userId,
      action: 'lead_source.secret_rotated',
      subject: input.channel,
    });
    return true;
  });
}

/** Disconnects a channel: its URL answers 404 (the portal then drops the integration). */
export async function disconnectSource(
  deps: SourceDeps,
  input: { realEstateId: number; channel: InboundChannel; userId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(leadSources)
      .set({ isActive: false, updatedBy: input.userId, updatedAt: new Date() })
      .where(and(eq(leadSources.realEstateId, input.realEstateId), eq(leadSources.channel, input.channel)))
      .returning({ channel: leadSources.channel });
    if (rows.length)
      await tx.insert(auditLog).values({
        realEstateId: input.realEstateId,
        userId: input.userId,
        action: 'lead_source.disconnected',
        subject: input.channel,
      });
  });
}

const DAYS = 30;
/** The most ledger rows read back to find a channel's last lead (lastReceivedByChannel). */
const LAST_LEAD_WALK = 1000;
/** The agency's days are São Paulo days, as on the dashboard. */
const TZ = 'America/Sao_Paulo';

type StatsRow = { channel: InboundChannel; day: string; leads: number };
type CountRow = { channel: InboundChannel; n: number };

/**
 * When each channel of the agency last brought a lead (new or a repeat; not a refused request, not the
 * console's test lead), from the ledger: a backward walk per channel on
 * inbound_requests_agency_channel_received_idx from its newest row, stopping at the first such row and
 * reading at most LAST_LEAD_WALK rows, so a channel that only sends refusals (a misconfigured
 * integration) costs a bounded read (its last lead then shows as none: its refusals are the story).
 */
export async function lastReceivedByChannel(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
): Promise<Map<InboundChannel, Date>> {
  const rows = rowsOf<{ channel: InboundChannel; at: string | Date | null }>(
    await deps.db.execute(sql`
      select c.channel, (select w.received_at from (
          select r.received_at, r.outcome, r.source from inbound_requests r
          where r.real_estate_id = ${realEstateId} and r.channel = c.channel
          order by r.received_at desc limit ${LAST_LEAD_WALK}
        ) w where w.outcome in ('created', 'duplicate') and w.source is distinct from 'teste'
        order by w.received_at desc limit 1) as at
      from unnest(array[${sql.join(
        INBOUND_CHANNELS.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]) as c(channel)`),
  );
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.channel, new Date(r.at!)]));
}

/** Every channel of the agency (connected or not), with what the screen shows of it. */
export async function listSources(
  deps: SourceDeps,
  realEstateId: number,
  opts: { withSecrets: boolean },
): Promise<LeadSourceView[]> {
  const rows = await deps.db.select().from(leadSources).where(eq(leadSources.realEstateId, realEstateId));
  const perDay = rowsOf<StatsRow>(
    await deps.db.execute(sql`
      select channel, to_char((received_at at time zone ${TZ})::date, 'YYYY-MM-DD') as day, count(*)::int as leads
      from inbound_requests
      where real_estate_id = ${realEstateId} and outcome = 'created' and source is distinct from 'teste'
        and received_at >= now() - make_interval(days => ${DAYS})
      group by 1, 2`),
  );
  const notFound = rowsOf<CountRow>(
    await deps.db.execute(sql`
      select r.channel, count(distinct l.id)::int as n
      from inbound_requests r join leads l on l.id = r.lead_id
      where r.real_estate_id = ${realEstateId} and r.outcome = 'created'
        and l.listing_code is not null and l.page_id is null and not l.is_test
      group by 1`),
  );
  const refused = rowsOf<CountRow>(
    await deps.db.execute(sql`
      select channel, count(*)::int as n from inbound_requests
      where real_estate_id = ${realEstateId} and outcome = 'refused' and replayed_at is null
        and received_at >= now() - make_interval(days => ${DAYS})
      group by 1`),
  );
  const lastReceived = await lastReceivedByChannel(deps, realEstateId);
  const days = lastDays(DAYS);
  return INBOUND_CHANNELS.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    const counts = new Map(perDay.filter((d) => d.channel === channel).map((d) => [d.day, Number(d.leads)]));
    const connected = !!row?.isActive;
    return {
      channel,
      label: INBOUND_CHANNEL_LABELS[channel],
      connected,
      url: row && connected ? sourceUrl(deps.config, channel, row.publicId) : null,
      username: channel === 'grupo_zap' ? GRUPO_ZAP_BASIC_USER : null,
      secret:
        opts.withSecrets && connected && channel === 'grupo_zap' && row?.secretEncrypted
          ? decryptSecret(deps.config.appKey, row.secretEncrypted)
          : null,
      connected_at: row ? row.createdAt.toISOString() : null,
      last_received_at: lastReceived.get(channel)?.toISOString() ?? null,
      leads_per_day: days.map((day) => ({ day, leads: counts.get(day) ?? 0 })),
      listing_not_found: Number(notFound.find((n) => n.channel === channel)?.n ?? 0),
      refused: Number(refused.find((n) => n.channel === channel)?.n ?? 0),
    };
  });
}

/** The last `n` São Paulo days, oldest first, as AAAA-MM-DD. */
function lastDays(n: number): string[] {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(format.format(new Date(Date.now() - i * 86_400_000)));
  return [...new Set(out)];
}
