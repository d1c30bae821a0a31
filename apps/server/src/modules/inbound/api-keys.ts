/**
 * The lead API's keys (docs/product.md#lead-api): created and revoked by owners and admins, shown once,
 * stored as SHA-256 (only the visible start, `prefix`, is kept in the clear), scoped to sending leads.
 * `admitApiKey` is the hot path: the key's lookup, its "last used" mark (written at most once a minute)
 * and the rate-limit windows (per key, then per agency) in one statement.
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
import { rowsOf } from '../../lib/throttle.ts';

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

type AdmissionRow = {
  id: number;
  real_estate_id: number;
  scopes: string[] | string;
  key_hits: number | string | null;
  key_reset: string | Date | null;
  agency_hits: number | string | null;
  agency_reset: string | Date | null;
};

/**
 * One round trip: finds the active key by its hash, marks it used (at most once a minute), counts one
 * hit in the key's window and, only when the key is within its limit, one in the agency's window (so a
 * key that floods never spends the other keys' share of the agency's limit).
 */
export async function admitApiKey(
  deps: Pick<Deps, 'db'>,
  token: string,
  limits: ApiKeyLimits,
): Promise<Admission> {
  const result = await deps.db.execute(sql`
    with k as (
      select id, real_estate_id, scopes from api_keys
      where token_hash = ${sha256(token)} and revoked_at is null
    ), used as (
      update api_keys set last_used_at = now()
      where id = (select id from k)
        and (last_used_at is null or last_used_at < now() - interval '60 seconds')
      returning id
    ), per_key as (
      insert into rate_limits (key, hits, reset_at)
      select 'lead-api:key:' || k.id, 1, now() + interval '60 seconds' from k
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning hits, reset_at
    ), per_agency as (
      insert into rate_limits (key, hits, reset_at)
      select 'lead-api:agency:' || k.real_estate_id, 1, now() + interval '60 seconds'
      from k, per_key where per_key.hits <= ${limits.perKeyPerMinute}
      on conflict (key) do update set
        hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning hits, reset_at
    )
    select k.id, k.real_estate_id, k.scopes,
      per_key.hits as key_hits, per_key.reset_at as key_reset,
      per_agency.hits as agency_hits, per_agency.reset_at as agency_reset
    from k left join per_key on true left join per_agency on true`);
  const row = rowsOf<AdmissionRow>(result)[0];
  if (!row) return { ok: false };
  return {
    ok: true,
    key: { id: Number(row.id), realEstateId: Number(row.real_estate_id), scopes: textArray(row.scopes) },
    perKey: windowOf(row.key_hits, row.key_reset)!,
    perAgency: windowOf(row.agency_hits, row.agency_reset),
  };
}

function windowOf(hits: number | string | null, reset: string | Date | null): RateWindow | null {
  if (hits === null || reset === null) return null;
  const at = reset instanceof Date ? reset.getTime() : new Date(reset).getTime();
  return { hits: Number(hits), retryAfterSeconds: Math.max(1, Math.ceil((at - Date.now()) / 1000)) };
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
