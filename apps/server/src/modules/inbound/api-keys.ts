/**
 * The lead API's keys (docs/product.md#lead-api): created and revoked by owners and admins, shown once,
 * stored as SHA-256 (only the visible start, `prefix`, is kept in the clear), scoped to sending leads.
 * `admitApiKey` is the hot path: the key's lookup, its "last used" mark (written at most once a minute)
 * and the rate-limit windows (per key, then per agency), shared by the requests that arrive together.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_SCOPES,
  API_KEY_TOKEN_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  type ApiKey,
} from '@vitrine/contracts';
import { apiKeys, auditLog, leadSources, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { queryPrepared } from '../../db/client.ts';
import { groupedPerApp } from '../../lib/group-commit.ts';
import { hitWindowsGrouped } from '../../lib/throttle.ts';

type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A key as the console lists it (never its hash). */
function viewOf(row: ApiKeyRow, creatorName: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: [...row.scopes],
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy !== null ? { id: row.createdBy, name: creatorName ?? '' } : null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The agency's keys: active ones first (newest first), then the revoked ones. */
export async function listApiKeys(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<ApiKey[]> {
  const rows = await deps.db
    .select({ key: apiKeys, creatorName: users.name })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.realEstateId, realEstateId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, sql`${apiKeys.createdAt} desc`, asc(apiKeys.id));
  return rows.map((r) => viewOf(r.key, r.creatorName));
}

/** A new key's secret: `vk_live_` and 32 random bytes in base64url. */
export const newApiKeyToken = () => `${API_KEY_TOKEN_PREFIX}${randomToken(32)}`;

/**
 * Creates a key and returns it with its secret (the only time it is ever returned). The agency's lead
 * API channel is marked as connected (lead_sources), so the lead sources screen shows when it last
 * heard from it.
 */
export async function createApiKey(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; userId: number; name: string },
): Promise<ApiKey & { token: string }> {
  const token = newApiKeyToken();
  const prefix = token.slice(0, API_KEY_VISIBLE_LENGTH);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        realEstateId: input.realEstateId,
        name: input.name,
        prefix,
        tokenHash: sha256(token),
        scopes: [...API_KEY_SCOPES],
        createdBy: input.userId,
      })
      .returning();
    await tx
      .insert(leadSources)
      .values({
        realEstateId: input.realEstateId,
        channel: 'lead_api',
        publicId: randomBytes(12).toString('base64url'),
        updatedBy: input.userId,
      })
      .onConflictDoNothing();
    await tx.insert(auditLog).values({
      realEstateId: input.realEstateId,
      userId: input.userId,
      action: 'api_key.created',
      subject: input.name,
      details: { key_id: row!.id, prefix },
    });
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
    return { ...viewOf(row!, creator?.name ?? null), token };
  });
}

/**
 * Revokes a key of the agency: from now on it answers 401. Revoking a revoked key changes nothing.
 * Null when the agency has no such key.
 */
export async function revokeApiKey(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; userId: number; keyId: number },
): Promise<ApiKey | null> {
  return deps.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.id, input.keyId),
          eq(apiKeys.realEstateId, input.realEstateId),
          isNull(apiKeys.revokedAt),
        ),
      )
      .returning();
    if (revoked)
      await tx.insert(auditLog).values({
        realEstateId: input.realEstateId,
        userId: input.userId,
        action: 'api_key.revoked',
        subject: revoked.name,
        details: { key_id: revoked.id, prefix: revoked.prefix },
      });
    const [row] = await tx
      .select({ key: apiKeys, creatorName: users.name })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.realEstateId, input.realEstateId)));
    return row ? viewOf(row.key, row.creatorName) : null;
  });
}

/** The key a request presented, as the lead API needs it. */
export interface AdmittedKey {
  id: number;
  realEstateId: number;
  scopes: string[];
}

export interface RateWindow {
  hits: number;
  retryAfterSeconds: number;
}

export type Admission =
  { ok: false } | { ok: true; key: AdmittedKey; perKey: RateWindow; perAgency: RateWindow | null };

export interface ApiKeyLimits {
  perKeyPerMinute: number;
  perAgencyPerMinute: number;
}

/** Whether a bearer token can be one of our keys at all (no lookup for anything else). */
export const looksLikeApiKey = (token: string) =>
  token.startsWith(API_KEY_TOKEN_PREFIX) && token.length <= 100 && /^[A-Za-z0-9_-]+$/.test(token);

type KeyRow = {
  i: string | number;
  id: number;
  real_estate_id: number;
  scopes: string[] | string;
  mark_used: boolean;
};

const KEYS_SQL = `
select inp.i, k.id, k.real_estate_id, k.scopes,
  (k.last_used_at is null or k.last_used_at < now() - interval '60 seconds') as mark_used
from unnest($1::text[]) with ordinality as inp(token_hash, i)
join api_keys k on k.token_hash = inp.token_hash and k.revoked_at is null`;

const MARK_USED_SQL = `
update api_keys set last_used_at = now()
where id = any($1::int[]) and (last_used_at is null or last_used_at < now() - interval '60 seconds')`;

const LEAD_API_WINDOW_SECONDS = 60;

interface AdmitInput {
  token: string;
  limits: ApiKeyLimits;
}

/**
 * A group of requests (group commit, lib/group-commit.ts): their keys found by hash in one read, each
 * key marked used (at most once a minute), one hit counted in each key's window and, only for requests
 * whose key is within its limit, one in the agency's window (so a key that floods never spends the other
 * keys' share of the agency's limit). Each request sees the counts it would have seen alone.
 */
async function admitApiKeys(deps: Pick<Deps, 'db'>, inputs: AdmitInput[]): Promise<Admission[]> {
  const rows = await queryPrepared<KeyRow>(deps.db, 'lead_api_keys', KEYS_SQL, [
    inputs.map((x) => sha256(x.token)),
  ]);
  const found = new Map(rows.map((r) => [Number(r.i) - 1, r]));
  const admitted = inputs.flatMap((input, index) => {
    const row = found.get(index);
    return row ? [{ index, input, row }] : [];
  });
  const answers: Admission[] = inputs.map(() => ({ ok: false }));
  if (!admitted.length) return answers;
  const used = [...new Set(admitted.filter((a) => a.row.mark_used).map((a) => Number(a.row.id)))];
  if (used.length) await queryPrepared(deps.db, 'lead_api_keys_used', MARK_USED_SQL, [used]);
  const perKey = await hitWindowsGrouped(
    deps.db,
    admitted.map((a) => [[`lead-api:key:${a.row.id}`, LEAD_API_WINDOW_SECONDS]]),
  );
  const within = admitted.filter((a, i) => perKey[i]![0]!.hits <= a.input.limits.perKeyPerMinute);
  const perAgency = await hitWindowsGrouped(
    deps.db,
    within.map((a) => [[`lead-api:agency:${a.row.real_estate_id}`, LEAD_API_WINDOW_SECONDS]]),
  );
  const agencyOf = new Map(within.map((a, i) => [a.index, perAgency[i]![0]!]));
  admitted.forEach((a, i) => {
    answers[a.index] = {
      ok: true,
      key: {
        id: Number(a.row.id),
        realEstateId: Number(a.row.real_estate_id),
        scopes: textArray(a.row.scopes),
      },
      perKey: perKey[i]![0]!,
      perAgency: agencyOf.get(a.index) ?? null,
    };
  });
  return answers;
}

const admitGrouped = groupedPerApp(admitApiKeys, { maxBatch: 200, maxInFlight: 4 });

/** Admits one request by its bearer token, in a group with the others arriving now. */
export function admitApiKey(deps: Pick<Deps, 'db'>, token: string, limits: ApiKeyLimits): Promise<Admission> {
  return admitGrouped(deps, { token, limits });
}

/** A text[] column read through a raw statement: an array (node-postgres, PGlite) or its literal. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean)
    .map((s) => s.replace(/^"|"$/g, ''));
}
