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
import { windowState, WINDOW_UPSERT } from '../../lib/throttle.ts';
import { keptAnswerOf, liveIdempotencyRow, type KeptAnswer } from './lead-api-idempotency.ts';

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
  | { ok: false }
  | {
      ok: true;
      key: AdmittedKey;
      perKey: RateWindow;
      perAgency: RateWindow | null;
      /** What the request's Idempotency-Key holds under this key (null: free, or no key sent). */
      idempotency: KeptAnswer | null;
    };

export interface ApiKeyLimits {
  perKeyPerMinute: number;
  perAgencyPerMinute: number;
}

/** Whether a bearer token can be one of our keys at all (no lookup for anything else). */
export const looksLikeApiKey = (token: string) =>
  token.startsWith(API_KEY_TOKEN_PREFIX) && token.length <= 100 && /^[A-Za-z0-9_-]+$/.test(token);

type AdmitRow = {
  i: string | number;
  id: number;
  real_estate_id: number;
  scopes: string[] | string;
  key_hits: string | number;
  key_reset_at: string | Date;
  agency_hits: string | number | null;
  agency_reset_at: string | Date | null;
  request_hash: string | null;
  http_status: number | string | null;
  response_body: unknown;
  lead_id: string | null;
};

const LEAD_API_WINDOW_SECONDS = 60;

/**
 * One kind of one-minute window (`name`: the key's, the agency's) as three CTEs: the group's hits per
 * window (`<name>_counts`, the rows of `from` by their column `by`), their upsert into rate_limits
 * (`<name>_upserted`), and each row's own count, numbered in arrival order (`<name>_numbered`: `i`,
 * `hits`, `reset_at`), so each request sees the count it would have seen alone.
 */
const windowCtes = (name: string, from: string, by: string, prefix: string) => `
${name}_counts as (
  select '${prefix}' || ${by} as key, count(*)::int as n from ${from} group by ${by}
), ${name}_upserted as (
  insert into rate_limits (key, hits, reset_at)
  select key, n, now() + make_interval(secs => ${LEAD_API_WINDOW_SECONDS}) from ${name}_counts order by key
  ${WINDOW_UPSERT}
), ${name}_numbered as (
  select r.i, u.hits - c.n + row_number() over (partition by r.${by} order by r.i) as hits, u.reset_at
  from ${from} r
  join ${name}_counts c on c.key = '${prefix}' || r.${by}
  join ${name}_upserted u on u.key = c.key
)`;

/**
 * The group's keys found by hash, each key marked used (at most once a minute), one hit counted in each
 * key's window and, only for requests within their key's limit ($2), one in the agency's window: one
 * statement, one round trip. Within a group the hits are numbered in arrival order, so each request sees
 * the count it would have seen alone. The two windows' upserts never touch the same row (their keys'
 * prefixes differ), so they can share the statement.
 *
 * The same statement reads what each request's Idempotency-Key ($3) holds under its key: the answer on
 * an inbound ledger row (lead-api-idempotency.ts), cleared when it no longer counts (past its 24 hours,
 * before the hourly sweep), so the lead's transaction can write the key's answer on its own row.
 */
const ADMIT_SQL = `
with inp as (
  select i, token_hash, key_limit, idem_key
  from unnest($1::text[], $2::int[], $3::text[]) with ordinality as t(token_hash, key_limit, idem_key, i)
), found as (
  select inp.i, inp.key_limit, inp.idem_key, k.id, k.real_estate_id, k.scopes,
    (k.last_used_at is null or k.last_used_at < now() - interval '60 seconds') as mark_used
  from inp join api_keys k on k.token_hash = inp.token_hash and k.revoked_at is null
), used as (
  update api_keys set last_used_at = now()
  where id in (select id from found where mark_used)
    and (last_used_at is null or last_used_at < now() - interval '60 seconds')
  returning 1
), idem_expired as (
  update inbound_requests ir set idempotency_key = null, request_hash = null, response_body = null
  from found f
  where f.idem_key is not null and ir.idempotency_key = f.id || ':' || f.idem_key
    and not ${liveIdempotencyRow('ir')}
  returning 1
), ${windowCtes('key', 'found', 'id', 'lead-api:key:')}, within as (
  select f.i, f.real_estate_id from found f join key_numbered kn on kn.i = f.i where kn.hits <= f.key_limit
), ${windowCtes('agency', 'within', 'real_estate_id', 'lead-api:agency:')}
select f.i, f.id, f.real_estate_id, f.scopes, kn.hits as key_hits, kn.reset_at as key_reset_at,
  an.hits as agency_hits, an.reset_at as agency_reset_at,
  ir.request_hash, ir.http_status, ir.response_body, ir.lead_id
from found f
join key_numbered kn on kn.i = f.i
left join agency_numbered an on an.i = f.i
left join inbound_requests ir on f.idem_key is not null and ir.idempotency_key = f.id || ':' || f.idem_key
  and ${liveIdempotencyRow('ir')}`;

interface AdmitInput {
  token: string;
  limits: ApiKeyLimits;
  /** The request's Idempotency-Key, when it sent a well-formed one. */
  idempotencyKey: string | null;
}

/**
 * A group of requests (group commit, lib/group-commit.ts) in one statement: their keys, the keys' "last
 * used" marks and the windows, per key and then per agency (a key that floods never spends the other
 * keys' share of the agency's limit). Each request sees the counts it would have seen alone.
 */
async function admitApiKeys(deps: Pick<Deps, 'db'>, inputs: AdmitInput[]): Promise<Admission[]> {
  const rows = await queryPrepared<AdmitRow>(deps.db, 'lead_api_admit', ADMIT_SQL, [
    inputs.map((x) => sha256(x.token)),
    inputs.map((x) => x.limits.perKeyPerMinute),
    inputs.map((x) => x.idempotencyKey),
  ]);
  const found = new Map(rows.map((r) => [Number(r.i) - 1, r]));
  return inputs.map((_, index): Admission => {
    const row = found.get(index);
    if (!row) return { ok: false };
    return {
      ok: true,
      key: { id: Number(row.id), realEstateId: Number(row.real_estate_id), scopes: textArray(row.scopes) },
      perKey: windowState(row.key_hits, row.key_reset_at),
      perAgency:
        row.agency_hits === null || row.agency_reset_at === null
          ? null
          : windowState(row.agency_hits, row.agency_reset_at),
      idempotency: keptAnswerOf(row),
    };
  });
}

const admitGrouped = groupedPerApp(admitApiKeys, { maxBatch: 200, maxInFlight: 4 });

/**
 * Admits one request by its bearer token, in a group with the others arriving now, and reads what its
 * Idempotency-Key holds.
 */
export function admitApiKey(
  deps: Pick<Deps, 'db'>,
  token: string,
  limits: ApiKeyLimits,
  idempotencyKey: string | null = null,
): Promise<Admission> {
  return admitGrouped(deps, { token, limits, idempotencyKey });
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
