/**
 * The lead API's `Idempotency-Key`, honoured as Stripe does (docs/lead-api.md#idempotency): a request's
 * answer is kept for 24 hours and replayed to the same key with the same body; another body is refused.
 * Only answers of a request that ran are kept: a refused body (422) keeps nothing, so the caller may fix
 * it and send it again with the same key, and a failure of ours (5xx) keeps nothing either.
 *
 * The key's row is written once, with its answer, in the transaction that stores the lead
 * (`idempotencyAnswer`, capture's `commitWith`): no claim before the lead, no answer written after it.
 * What a key already holds is read by the key's admission (api-keys.ts), in the statement the request
 * pays anyway. Two requests with one key at once both run: the lead's submission key makes them one
 * lead and the key's primary key keeps one answer; the one that loses the race replays the winner's
 * answer (the same body) or answers 422 (another body) (docs/decisions/019-inbound-leads.md, third
 * amendment).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_HOURS } from '@vitrine/contracts';
import { apiIdempotencyKeys } from '../../db/schema.ts';
import type { GroupStatement } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { isUniqueViolationOf } from '../pages/index.ts';

/**
 * A row with no answer is a claim left by an earlier version of this server (which claimed a key before
 * its lead): in flight while younger than this, then abandoned (its process died) and taken over.
 */
export const IDEMPOTENCY_STALE_SECONDS = 60;

/**
 * SQL: the row `k` still counts (within its 24 hours, and not an abandoned claim). The key's admission
 * deletes the rows of its request's key that do not, so the lead's insert finds the key free.
 */
export const liveIdempotencyRow = (k: string) =>
  `(${k}.created_at >= now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
    and (${k}.response_status is not null or ${k}.created_at >= now() - make_interval(secs => ${IDEMPOTENCY_STALE_SECONDS})))`;

/** What a key holds: the body's fingerprint and the answer (no answer: an earlier version's claim in flight). */
export interface KeptAnswer {
  requestHash: string;
  status: number | null;
  body: unknown;
  leadId: string | null;
}

export type KnownKey =
  /** Answered before with the same body: send the same status and body again. */
  | { kind: 'replay'; status: number; body: unknown; leadId: string | null }
  /** Used before with another body. */
  | { kind: 'mismatch' }
  /** Its first request is still running. */
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
  if (kept.status === null) return { kind: 'in_flight' };
  const body = typeof kept.body === 'string' ? JSON.parse(kept.body) : kept.body;
  return { kind: 'replay', status: kept.status, body, leadId: kept.leadId };
}

/** A raw row's columns as KeptAnswer (null when the row is absent). */
export function keptAnswerOf(row: {
  request_hash: string | null;
  response_status: number | string | null;
  response_body: unknown;
  lead_id: string | null;
}): KeptAnswer | null {
  if (row.request_hash === null) return null;
  return {
    requestHash: row.request_hash,
    status: row.response_status === null ? null : Number(row.response_status),
    body: row.response_body,
    leadId: row.lead_id,
  };
}

interface AnswerInput {
  apiKeyId: number;
  key: string;
  fingerprint: string;
  status: number;
  body: unknown;
  leadId: string | null;
}

/**
 * A plain insert: a key taken meanwhile by a concurrent request fails the statement on the primary key
 * (`isIdempotencyKeyTaken`), and the lead's transaction with it. In the keys' order, so two groups
 * never take the same keys in opposite orders.
 */
const INSERT_SQL = `
insert into api_idempotency_keys (api_key_id, key, request_hash, response_status, response_body, lead_id)
select v.api_key_id, v.key, v.request_hash, v.status, v.body::jsonb, v.lead_id::uuid
from unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[])
  as v(api_key_id, key, request_hash, status, body, lead_id)
order by v.api_key_id, v.key`;

const insertValues = (inputs: readonly AnswerInput[]) => [
  inputs.map((x) => x.apiKeyId),
  inputs.map((x) => x.key),
  inputs.map((x) => x.fingerprint),
  inputs.map((x) => x.status),
  inputs.map((x) => JSON.stringify(x.body ?? null)),
  inputs.map((x) => x.leadId),
];

/**
 * The answers of a group's new leads, each written in the commit that stores its lead (capture's
 * `commitWith`), the group's in one statement.
 */
export const idempotencyAnswer: GroupStatement<AnswerInput> = {
  statement: (inputs) => ({
    name: 'lead_api_idempotency_answer',
    text: INSERT_SQL,
    values: insertValues(inputs),
  }),
};

const KEY_PK = 'api_idempotency_keys_api_key_id_key_pk';

/** The lead's transaction failed because a concurrent request with the same key kept its answer first. */
export const isIdempotencyKeyTaken = (err: unknown) => isUniqueViolationOf(err, KEY_PK);

/**
 * Keeps the answer of a request whose lead was already stored (a duplicate: its commit wrote no answer).
 * False when the key holds an answer already (a concurrent request with the same key kept it first).
 */
export async function keepIdempotencyAnswer(deps: Pick<Deps, 'db'>, input: AnswerInput): Promise<boolean> {
  const kept = await deps.db
    .insert(apiIdempotencyKeys)
    .values({
      apiKeyId: input.apiKeyId,
      key: input.key,
      requestHash: input.fingerprint,
      responseStatus: input.status,
      responseBody: input.body,
      leadId: input.leadId,
    })
    .onConflictDoNothing({ target: [apiIdempotencyKeys.apiKeyId, apiIdempotencyKeys.key] })
    .returning({ key: apiIdempotencyKeys.key });
  return kept.length > 0;
}

/** What the key holds now (after a concurrent request kept its answer): null when nothing live. */
export async function readIdempotencyKey(
  deps: Pick<Deps, 'db'>,
  input: { apiKeyId: number; key: string },
): Promise<KeptAnswer | null> {
  const [row] = await deps.db
    .select()
    .from(apiIdempotencyKeys)
    .where(
      and(
        eq(apiIdempotencyKeys.apiKeyId, input.apiKeyId),
        eq(apiIdempotencyKeys.key, input.key),
        sql.raw(liveIdempotencyRow('api_idempotency_keys')),
      ),
    );
  return row
    ? keptAnswerOf({
        request_hash: row.requestHash,
        response_status: row.responseStatus,
        response_body: row.responseBody,
        lead_id: row.leadId,
      })
    : null;
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
