/**
 * The lead API's `Idempotency-Key`, honoured as Stripe does (docs/lead-api.md#idempotency): the first
 * request with a key claims it with its body's fingerprint; its answer is kept for 24 hours and
 * replayed to the same key with the same body; another body is refused; a key whose first request is
 * still running answers 409. Only answers of a request that ran are kept: a refused body (422) is not,
 * so the caller may fix it and send it again with the same key, and a failure of ours (5xx) releases
 * the key, so the retry runs again (the lead's external id still makes it one lead).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { IDEMPOTENCY_WINDOW_HOURS } from '@vitrine/contracts';
import { apiIdempotencyKeys } from '../../db/schema.ts';
import { queryPrepared, type GroupStatement } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { groupedPerApp } from '../../lib/group-commit.ts';

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
  | { kind: 'in_flight' }
  /** Internal: the key's row vanished under a concurrent sweep; claim again. */
  | { kind: 'retry' };

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

interface ClaimInput {
  apiKeyId: number;
  key: string;
  fingerprint: string;
}

/**
 * One statement for a group of claims: each key is claimed (a new key, one past its 24 hours, or a
 * stale claim of the same body), or the row its first request left is read, as it was before the
 * statement (one snapshot). The same key twice in one group fails the statement ("cannot affect row a
 * second time"), and the group commit then claims them one by one: the second sees the first's claim.
 */
const CLAIM_SQL = `
with inp as (
  select * from unnest($1::int[], $2::text[], $3::text[]) with ordinality as t(api_key_id, key, request_hash, i)
), claimed as (
  insert into api_idempotency_keys (api_key_id, key, request_hash)
  select api_key_id, key, request_hash from inp order by api_key_id, key
  on conflict (api_key_id, key) do update set
    request_hash = excluded.request_hash, response_status = null, response_body = null, lead_id = null,
    created_at = now()
  where api_idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})
    or (api_idempotency_keys.response_status is null
      and api_idempotency_keys.request_hash = excluded.request_hash
      and api_idempotency_keys.created_at < now() - make_interval(secs => ${IDEMPOTENCY_STALE_SECONDS}))
  returning api_key_id, key
)
select inp.i, c.key is not null as claimed, k.request_hash, k.response_status, k.response_body, k.lead_id
from inp
left join claimed c on c.api_key_id = inp.api_key_id and c.key = inp.key
left join api_idempotency_keys k on c.key is null and k.api_key_id = inp.api_key_id and k.key = inp.key`;

type ClaimRow = {
  i: string | number;
  claimed: boolean;
  request_hash: string | null;
  response_status: number | null;
  response_body: unknown;
  lead_id: string | null;
};

async function claimGroup(deps: Pick<Deps, 'db'>, inputs: ClaimInput[]): Promise<Claim[]> {
  const rows = await queryPrepared<ClaimRow>(deps.db, 'lead_api_idempotency_claim', CLAIM_SQL, [
    inputs.map((x) => x.apiKeyId),
    inputs.map((x) => x.key),
    inputs.map((x) => x.fingerprint),
  ]);
  const rowOf = new Map(rows.map((r) => [Number(r.i) - 1, r]));
  return inputs.map((input, index): Claim => {
    const row = rowOf.get(index)!;
    if (row.claimed) return { kind: 'claimed' };
    // Swept between the statement's insert and its read cannot happen (one snapshot); a row that is
    // neither claimed nor found was deleted by a concurrent sweep: claim it again alone.
    if (row.request_hash === null) return { kind: 'retry' };
    if (row.request_hash !== input.fingerprint) return { kind: 'mismatch' };
    if (row.response_status === null) return { kind: 'in_flight' };
    const body = typeof row.response_body === 'string' ? JSON.parse(row.response_body) : row.response_body;
    return { kind: 'replay', status: Number(row.response_status), body, leadId: row.lead_id };
  });
}

const claimGrouped = groupedPerApp(claimGroup, { maxBatch: 200, maxInFlight: 4 });

/**
 * Claims `key` for this request: a new key, or one past its 24 hours, or a stale claim of the same body.
 * Otherwise says what the key's first request left. Requests that arrive together share one statement.
 */
export async function claimIdempotencyKey(deps: Pick<Deps, 'db'>, input: ClaimInput): Promise<Claim> {
  const claim = await claimGrouped(deps, input);
  return claim.kind === 'retry' ? claimIdempotencyKey(deps, input) : claim;
}

interface CompleteInput {
  apiKeyId: number;
  key: string;
  status: number;
  body: unknown;
  leadId: string | null;
}

const COMPLETE_SQL = `
update api_idempotency_keys k
set response_status = v.status, response_body = v.body::jsonb, lead_id = v.lead_id::uuid
from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[]) as v(api_key_id, key, status, body, lead_id)
where k.api_key_id = v.api_key_id and k.key = v.key`;

/** COMPLETE_SQL's parameters for a group of answers. */
const completeValues = (inputs: readonly CompleteInput[]) => [
  inputs.map((x) => x.apiKeyId),
  inputs.map((x) => x.key),
  inputs.map((x) => x.status),
  inputs.map((x) => JSON.stringify(x.body ?? null)),
  inputs.map((x) => x.leadId),
];

const completeGrouped = groupedPerApp(
  async (deps: Pick<Deps, 'db'>, inputs: CompleteInput[]) => {
    await queryPrepared(deps.db, 'lead_api_idempotency_complete', COMPLETE_SQL, completeValues(inputs));
    return inputs.map(() => undefined);
  },
  { maxBatch: 200, maxInFlight: 4 },
);

/** Keeps the answer of the request that claimed the key (in one statement with the others arriving now). */
export function completeIdempotencyKey(deps: Pick<Deps, 'db'>, input: CompleteInput): Promise<void> {
  return completeGrouped(deps, input);
}

/**
 * The same, for the transaction that stores the leads (capture's `commitWith`): each answer is kept in
 * the commit that makes it true, with no commit of its own, and a group's answers in one statement.
 */
export const idempotencyCompletion: GroupStatement<CompleteInput> = {
  statement: (inputs) => ({
    name: 'lead_api_idempotency_complete',
    text: COMPLETE_SQL,
    values: completeValues(inputs),
  }),
};

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
