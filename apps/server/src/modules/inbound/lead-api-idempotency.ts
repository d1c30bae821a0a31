/**
 * The lead API's `Idempotency-Key`, honoured as Stripe does (docs/lead-api.md#idempotency): a request's
 * answer is kept for 24 hours and replayed to the same key with the same body; another body is refused.
 * Only answers of a request that ran are kept: a refused body (422) keeps nothing, so the caller may fix
 * it and send it again with the same key, and a failure of ours (5xx) keeps nothing either.
 *
 * The answer is kept on the request's own row of the inbound ledger (`idempotency_key`, `request_hash`,
 * `response_body`), which the capture writes in the transaction that stores the lead: no row of its own,
 * no claim before the lead, no answer written after it. What a key already holds is read by the key's
 * admission (api-keys.ts), in the statement the request pays anyway. Two requests with one key at once
 * both run: the lead's submission key makes them one lead and the ledger's unique index on the live key
 * keeps one answer; the one that loses the race replays the winner's answer (the same body) or answers
 * 422 (another body) (docs/decisions/019-inbound-leads.md, third and fourth amendments).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_HOURS } from '@vitrine/contracts';
import { apiIdempotencyKeys, inboundRequests } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { isUniqueViolationOf } from '../pages/index.ts';

/** The ledger's column value for an Idempotency-Key: keys are per API key (two keys may both send "1"). */
export const idempotencyColumn = (apiKeyId: number, key: string) => `${apiKeyId}:${key}`;

/**
 * SQL: the ledger row `r`'s answer still counts (within its 24 hours). The key's admission clears the
 * answer of its request's key when it does not, so the lead's insert finds the key free.
 */
export const liveIdempotencyRow = (r: string) =>
  `${r}.received_at >= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;

/**
 * The refusal of a request whose key was used with another body: the client's mistake, which no fix of
 * the agency's undoes, so the ledger offers no replay of it (inbound-requests.ts). That check matches
 * the stored reason against this text: a new wording must keep matching the rows stored with this one.
 */
export const IDEMPOTENCY_MISMATCH_MESSAGE =
  'Esta Idempotency-Key já foi usada com outro corpo nas últimas 24 horas. Para um lead novo, use uma chave nova.';

/** What a key holds: the body's fingerprint and the answer. */
export interface KeptAnswer {
  requestHash: string;
  status: number;
  body: unknown;
  leadId: string | null;
}

export type KnownKey =
  /** Answered before with the same body: send the same status and body again. */
  | { kind: 'replay'; status: number; body: unknown; leadId: string | null }
  /** Used before with another body. */
  | { kind: 'mismatch' }
  /** A concurrent request with the key kept its answer, which could not be read back: try again. */
  | { kind: 'in_flight' };
/** SHA-256 of the body as parsed (before validation), its fields in a canonical order. */
export const requestFingerprint = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');

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

/** What the request with this body does with what its key holds: null when the key is free. */
export function knownKey(kept: KeptAnswer | null, fingerprint: string): KnownKey | null {
  if (!kept) return null;
  if (kept.requestHash !== fingerprint) return { kind: 'mismatch' };
  const body = typeof kept.body === 'string' ? JSON.parse(kept.body) : kept.body;
  return { kind: 'replay', status: kept.status, body, leadId: kept.leadId };
}

/** A raw ledger row's columns as KeptAnswer (null when the row is absent or holds no answer). */
export function keptAnswerOf(row: {
  request_hash: string | null;
  http_status: number | string | null;
  response_body: unknown;
  lead_id: string | null;
}): KeptAnswer | null {
  if (row.request_hash === null || row.http_status === null) return null;
  return {
    requestHash: row.request_hash,
    status: Number(row.http_status),
    body: row.response_body,
    leadId: row.lead_id,
  };
}

/** The ledger's unique index on the live keys: the lead's commit (or the duplicate's answer) lost a race. */
const KEY_UNIQUE = 'inbound_requests_idempotency_key_unique';

/** The lead's transaction failed because a concurrent request with the same key kept its answer first. */
export const isIdempotencyKeyTaken = (err: unknown) => isUniqueViolationOf(err, KEY_UNIQUE);

/**
 * Keeps the answer of a request whose lead was already stored (a duplicate: its commit wrote no answer)
 * on the request's ledger row. False when the key holds an answer already (a concurrent request with the
 * same key kept it first).
 */
export async function keepIdempotencyAnswer(
  deps: Pick<Deps, 'db'>,
  input: { requestId: string; apiKeyId: number; key: string; fingerprint: string; body: unknown },
): Promise<boolean> {
  const column = idempotencyColumn(input.apiKeyId, input.key);
  // An answer of this key past its 24 hours and not yet cleared (the key crossed them while this request
  // ran): cleared first, so the key is free for this answer.
  await deps.db
    .update(inboundRequests)
    .set({ idempotencyKey: null, requestHash: null, responseBody: null })
    .where(
      and(
        eq(inboundRequests.idempotencyKey, column),
        sql.raw(`not ${liveIdempotencyRow('inbound_requests')}`),
      ),
    );
  try {
    const kept = await deps.db
      .update(inboundRequests)
      .set({ idempotencyKey: column, requestHash: input.fingerprint, responseBody: input.body })
      .where(
        and(
          eq(inboundRequests.id, input.requestId),
          sql`not exists (select 1 from inbound_requests k where k.idempotency_key = ${column})`,
        ),
      )
      .returning({ id: inboundRequests.id });
    return kept.length > 0;
  } catch (err) {
    if (isIdempotencyKeyTaken(err)) return false;
    throw err;
  }
}

/** What the key holds now (after a concurrent request kept its answer): null when nothing live. */
export async function readIdempotencyKey(
  deps: Pick<Deps, 'db'>,
  input: { apiKeyId: number; key: string },
): Promise<KeptAnswer | null> {
  const [row] = await deps.db
    .select({
      request_hash: inboundRequests.requestHash,
      http_status: inboundRequests.httpStatus,
      response_body: inboundRequests.responseBody,
      lead_id: inboundRequests.leadId,
    })
    .from(inboundRequests)
    .where(
      and(
        eq(inboundRequests.idempotencyKey, idempotencyColumn(input.apiKeyId, input.key)),
        sql.raw(liveIdempotencyRow('inbound_requests')),
      ),
    );
  return row ? keptAnswerOf(row) : null;
}

/**
 * Clears the answers past their 24 hours (a key reused after that is a new request; the ledger rows
 * stay), and empties the table that held them before migration 0026 (what an older replica wrote
 * during a rolling deploy). Returns how many answers were cleared.
 */
export async function sweepIdempotencyKeys(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_WINDOW_HOURS * 3600 * 1000);
  const cleared = await deps.db
    .update(inboundRequests)
    .set({ idempotencyKey: null, requestHash: null, responseBody: null })
    .where(and(isNotNull(inboundRequests.idempotencyKey), lt(inboundRequests.receivedAt, cutoff)))
    .returning({ id: inboundRequests.id });
  await deps.db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, cutoff));
  return cleared.length;
}
