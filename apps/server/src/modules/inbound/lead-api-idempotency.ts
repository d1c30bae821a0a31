/**
 * The lead API's `Idempotency-Key`, honoured as Stripe does (docs/lead-api.md#idempotency): the first
 * request with a key claims it with its body's fingerprint; its answer is kept for 24 hours and
 * replayed to the same key with the same body; another body is refused; a key whose first request is
 * still running answers 409. Only answers of a request that ran are kept: a refused body (422) is not,
 * so the caller may fix it and send it again with the same key, and a failure of ours (5xx) releases
 * the key, so the retry runs again (the lead's external id still makes it one lead).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_HOURS } from '@vitrine/contracts';
import { apiIdempotencyKeys } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/**
 * A claim older than this whose request never answered belongs to a process that died mid-request:
 * the next request with the same key and body takes it over.
 */
export const IDEMPOTENCY_STALE_SECONDS = 60;

export type Claim =
  /** Ours: run the request, then `completeIdempotencyKey` (or `releaseIdempotencyKey` on failure). */
  | { kind: 'claimed' }
  /** Answered before with the same body: send the same status and body again. */
  | { kind: 'replay'; status: number; body: unknown; leadId: string | null }
  /** Used before with another body. */
  | { kind: 'mismatch' }
  /** Its first request is still running. */
  | { kind: 'in_flight' };

/** Keys sorted at every level: the same JSON object, whatever the order of its fields, has one fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** SHA-256 of the body as parsed (before validation), its fields in a canonical order. */
export const requestFingerprint = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');

/**
 * Claims `key` for this request: a new key, or one past its 24 hours, or a stale claim of the same body.
 * Otherwise says what the key's first request left.
 */
export async function claimIdempotencyKey(
  deps: Pick<Deps, 'db'>,
  input: { apiKeyId: number; key: string; fingerprint: string },
): Promise<Claim> {
  const claimed = await deps.db
    .insert(apiIdempotencyKeys)
    .values({ apiKeyId: input.apiKeyId, key: input.key, requestHash: input.fingerprint })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.apiKeyId, apiIdempotencyKeys.key],
      set: {
        requestHash: input.fingerprint,
        responseStatus: null,
        responseBody: null,
        leadId: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${apiIdempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
        or (${apiIdempotencyKeys.responseStatus} is null
          and ${apiIdempotencyKeys.requestHash} = ${input.fingerprint}
          and ${apiIdempotencyKeys.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_STALE_SECONDS}))`,
    })
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed.length) return { kind: 'claimed' };
  const [row] = await deps.db
    .select()
    .from(apiIdempotencyKeys)
    .where(and(eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId), eq(apiIdempotencyKeys.key, input.key)));
  // Swept between the two statements (past its 24 hours): as good as new, claim it again.
  if (!row) return claimIdempotencyKey(deps, input);
  if (row.requestHash !== input.fingerprint) return { kind: 'mismatch' };
  if (row.responseStatus === null) return { kind: 'in_flight' };
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody, leadId: row.leadId };
}

/** Keeps the answer of the request that claimed the key. */
export async function completeIdempotencyKey(
  deps: Pick<Deps, 'db'>,
  input: { apiKeyId: number; key: string; status: number; body: unknown; leadId: string | null },
): Promise<void> {
  await deps.db
    .update(apiIdempotencyKeys)
    .set({ responseStatus: input.status, responseBody: input.body, leadId: input.leadId })
    .where(and(eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId), eq(apiIdempotencyKeys.key, input.key)));
}

/** The request that claimed the key failed on our side: the key is free for the retry. */
export async function releaseIdempotencyKey(
  deps: Pick<Deps, 'db'>,
  input: { apiKeyId: number; key: string },
): Promise<void> {
  await deps.db
    .delete(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId),
        eq(apiIdempotencyKeys.key, input.key),
        isNull(apiIdempotencyKeys.responseStatus),
      ),
    );
}

/** Deletes the keys past their 24 hours (a key reused after that is a new request). Returns how many. */
export async function sweepIdempotencyKeys(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3600 * 1000);
  const deleted = await deps.db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, cutoff))
    .returning({ key: apiIdempotencyKeys.key });
  return deleted.length;
}
