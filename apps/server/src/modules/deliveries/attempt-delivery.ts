/**
 * One attempt of one lead delivery (the lead-delivery job): the integration's adapter is called, the
 * attempt goes into the ledger, and the outcome decides what follows: the next attempt on the Svix
 * schedule with jitter (a new job in the transaction that records this one), 401/403 pause the
 * integration, 410 disables it. Safe to run twice: a delivery no longer pending is left alone.
 *
 * One attempt per lead is the workers' hot path, so it costs a share of two statements, as the capture
 * does (named prepared statements, group commit, docs/how-to.md): the attempts a worker starts together
 * share one read of their deliveries, integrations, leads and pages, and the attempts that end together
 * share one statement recording them (the deliveries, the ledger rows and, on 401/403/410, the
 * integrations). When some of them are retries, that statement and the next attempts' jobs commit
 * together in one transaction.
 */
import { and, eq } from 'drizzle-orm';
import { clipWithEllipsis, isAdConversionTarget, type IntegrationName } from '@vitrine/contracts';
import { pipelinedTransaction, queryPrepared, type Db, type Statement } from '../../db/client.ts';
import { jsonParam, rowFromJson } from '../../db/json-rows.ts';
import { deliveries, integrations, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { Queue } from '../../plugins/queue.ts';
import { leadDeliveryQueue as leadDeliveryJob } from './jobs/lead-delivery.queue.ts';
import { GroupCommit } from '../../lib/group-commit.ts';
import { redactSecrets } from '../../lib/redact.ts';
import { integrationAdapters, RESPONSE_SNIPPET_CHARS, type DeliveryResult } from '../integrations/index.ts';
import {
  adapterContext,
  decryptPayload,
  removeSecretValues,
  secretValuesOf,
  signingSecretOf,
} from '../integrations/index.ts';
import { agencyPagesUrl } from '../domains/index.ts';
import {
  leadPageFor,
  leadPageFromJson,
  leadPageJsonSql,
  toLeadForDelivery,
  type LeadPageRow,
} from './lead-for-delivery.ts';
import { attemptConversion } from '../conversions/index.ts';

const MAX_DELAY_MS = 10 * 60 * 60 * 1000;

/**
 * Deliveries, each with its integration, its lead and the lead's page (the columns above), as JSON.
 * Each row is its own index lookup (LIMIT keeps the lateral subqueries from being flattened into a
 * join): a plain join let the planner hash whole tables per read when their statistics were missing or
 * small, a cost that grew with the tables (docs/benchmarks.md#lead-capture--npm-run-benchleads).
 */
const READ_SQL = `
select d.id, row_to_json(d) as delivery, row_to_json(i) as integration, row_to_json(l) as lead,
  case when p.id is null then null else ${leadPageJsonSql('p')} end as page
from unnest($1::uuid[]) as k(id)
cross join lateral (select * from deliveries where id = k.id limit 1) d
left join lateral (
  select * from integrations where real_estate_id = d.real_estate_id and name = d.integration limit 1
) i on true
left join lateral (select * from leads where id = d.lead_id limit 1) l on true
left join lateral (select * from pages where id = l.page_id limit 1) p on true`;
type ReadRow = {
  id: string;
  delivery: Record<string, unknown>;
  integration: Record<string, unknown> | null;
  lead: Record<string, unknown> | null;
  page: Record<string, unknown> | null;
};

/**
 * Records attempts, each only if its delivery is still where the attempt found it (pending, same
 * count): the delivery's new state, the ledger row and, for a pause or a disable, the integration's
 * halt (PostgreSQL runs every data-modifying CTE to completion, read or not; of two halts of one
 * integration in a group, a disable wins). Answers the keys (`k`) of the attempts it recorded: of two
 * valid attempts of one delivery in the same group (a job run twice), only the first. The deliveries
 * are found by their ids (`any(array(...))`, an index lookup each), not by a join the planner may hash.
 */
const RECORD_SQL = `
with x as (
  select distinct on (x.id) x.* from json_to_recordset($1::json) as x(k int, id uuid, status text, attempt int,
    status_code int, last_error text, external_id text, delivered_at timestamptz, next_attempt_at timestamptz,
    at timestamptz, prev_attempts int, started_at timestamptz, duration_ms int, outcome text, response text, error text)
  cross join lateral (
    select 1 from deliveries d where d.id = x.id and d.status = 'pending' and d.attempts = x.prev_attempts limit 1
  ) d
  order by x.id, x.k
), updated as (
  update deliveries d set status = x.status, attempts = x.attempt, last_status_code = x.status_code,
    last_error = x.last_error, external_id = coalesce(x.external_id, d.external_id), delivered_at = x.delivered_at,
    next_attempt_at = x.next_attempt_at, updated_at = x.at
  from x
  where d.id = any(array(select id from x)) and d.id = x.id and d.status = 'pending' and d.attempts = x.prev_attempts
  returning x.k, d.id, d.real_estate_id, d.integration
), ledger as (
  insert into delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, outcome, response, error)
  select x.id, x.attempt, x.started_at, x.duration_ms, x.status_code, x.outcome, x.response, x.error
  from updated u join x on x.k = u.k
  returning 1
), halts as (
  select distinct on (u.real_estate_id, u.integration) u.real_estate_id, u.integration, x.outcome, x.last_error, x.at
  from updated u join x on x.k = u.k
  where x.outcome in ('paused', 'disabled')
  order by u.real_estate_id, u.integration, x.outcome = 'disabled' desc, x.k
), halted as (
  update integrations i set halted_kind = h.outcome, halted_reason = h.last_error, halted_at = h.at,
    is_active = case when h.outcome = 'disabled' then false else i.is_active end, updated_at = h.at
  from halts h
  where i.real_estate_id = h.real_estate_id and i.name = h.integration
  returning 1
)
select k from updated`;

/** One attempt's outcome, as RECORD_SQL records it (`k` is given by the group). */
export interface AttemptRecord {
  id: string;
  status: string;
  attempt: number;
  status_code: number | null;
  last_error: string | null;
  external_id: string | null;
  delivered_at: Date | null;
  next_attempt_at: Date | null;
  at: Date;
  prev_attempts: number;
  started_at: Date;
  duration_ms: number;
  outcome: Outcome;
  response: string | null;
  error: string | null;
}

/**
 * Records a group of attempts in one statement; with retries among them, in one transaction with the
 * next attempts' jobs (only for the attempts recorded). Answers, in order, whether each was recorded.
 */
export async function recordAttempts(
  deps: Pick<Deps, 'db' | 'queue'>,
  records: AttemptRecord[],
): Promise<boolean[]> {
  const statement: Statement = {
    name: 'delivery_record',
    text: RECORD_SQL,
    values: [jsonParam(records.map((r, k) => ({ ...r, k })))],
  };
  const answer = (rows: { k: number | string }[]) => {
    const recorded = new Set(rows.map((r) => Number(r.k)));
    return records.map((_, k) => recorded.has(k));
  };
  if (!records.some((r) => r.outcome === 'retry'))
    return answer(await queryPrepared(deps.db, statement.name!, statement.text, statement.values!));
  return pipelinedTransaction<{ k: number | string }, boolean[]>(deps.db, [], statement, async (rows) => {
    const recorded = answer(rows);
    // The next attempt's job commits with the record of this one (none if another worker recorded it).
    const jobs = await Promise.all(
      records.map((r, k) =>
        r.outcome === 'retry' && recorded[k]
          ? deps.queue.insertStatements(leadDeliveryJob, [{ deliveryId: r.id }], {
              startAfter: r.next_attempt_at!,
            })
          : [],
      ),
    );
    return { statements: jobs.flat(), result: recorded };
  });
}

/** Reads, per database. */
const readers = new WeakMap<Db, GroupCommit<string, ReadRow | null>>();
/** Records, per queue (one per app): a retry's next job goes into the recording app's own queue. */
const recorders = new WeakMap<Queue, GroupCommit<AttemptRecord, boolean>>();

function readDelivery(db: Db, id: string): Promise<ReadRow | null> {
  let reader = readers.get(db);
  if (!reader) {
    reader = new GroupCommit<string, ReadRow | null>({
      run: async (ids) => {
        const rows = await queryPrepared<ReadRow>(db, 'delivery_read', READ_SQL, [ids]);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return ids.map((x) => byId.get(x) ?? null);
      },
      maxBatch: 100,
      maxInFlight: 4,
    });
    readers.set(db, reader);
  }
  return reader.submit(id);
}

function recordAttempt(deps: Pick<Deps, 'db' | 'queue'>, record: AttemptRecord): Promise<boolean> {
  let recorder = recorders.get(deps.queue);
  if (!recorder) {
    const { db, queue } = deps;
    recorder = new GroupCommit<AttemptRecord, boolean>({
      run: (records) => recordAttempts({ db, queue }, records),
      maxBatch: 100,
      maxInFlight: 4,
    });
    recorders.set(deps.queue, recorder);
  }
  return recorder.submit(record);
}

/** A delivery as an attempt finds it: its row, its integration, its lead and the lead's page. */
export interface FoundDelivery {
  delivery: typeof deliveries.$inferSelect;
  integration: typeof integrations.$inferSelect | null;
  lead: typeof leads.$inferSelect | null;
  page: LeadPageRow | null;
}

/** A first attempt handed over: a delivery's id, read first, or the rows its capture holds (hand-over.ts). */
export type PreparedAttempt = string | FoundDelivery;

async function findDelivery(db: Db, id: string): Promise<FoundDelivery | null> {
  const found = await readDelivery(db, id);
  if (!found) return null;
  return {
    delivery: rowFromJson(deliveries, found.delivery),
    integration: found.integration && rowFromJson(integrations, found.integration),
    lead: found.lead && rowFromJson(leads, found.lead),
    page: found.page && leadPageFromJson(found.page),
  };
}

/**
 * An integration's payload and signing secret, decrypted once per process and sealed value rather than
 * on every attempt (two AES-GCM decryptions per delivery were ~1 % of a burst's CPU). The sealed texts
 * are the key: an edited integration is stored with a new IV, so its new values are decrypted anew.
 */
type OpenedSecrets = { payload: Parameters<typeof secretValuesOf>[1]; signingSecret: string | null };
const openedSecrets = new Map<string, OpenedSecrets>();
const OPENED_SECRETS_MAX = 500;
function openSecrets(
  key: Buffer,
  integration: typeof integrations.$inferSelect & { name: IntegrationName },
): OpenedSecrets {
  const sealed = `${integration.payloadEncrypted}|${integration.signingSecretEncrypted ?? ''}`;
  let opened = openedSecrets.get(sealed);
  if (!opened) {
    if (openedSecrets.size >= OPENED_SECRETS_MAX) openedSecrets.clear();
    opened = {
      payload: Object.freeze(decryptPayload(key, integration)),
      signingSecret: signingSecretOf(key, integration),
    };
    openedSecrets.set(sealed, opened);
  }
  return opened;
}

const clipOrNull = (text: string | null, max: number) => (text === null ? null : clipWithEllipsis(text, max));

function jitter(ms: number) {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}

type Outcome = 'delivered' | 'retry' | 'failed' | 'paused' | 'disabled' | 'dead';

type AttemptDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'log' | 'outbound'>;

/**
 * A captured group's first attempts (a group job, or the direct hand-over's rows), all at once. A
 * delivery already tried is left to its own job. An attempt that fails unexpectedly (not the receiver:
 * the database, a bug) goes back as a job of its own; if even that cannot be queued, a group job fails
 * and pg-boss runs it again, where only the deliveries still untried are attempted (a hand-over logs
 * it, and the overdue sweep finds them).
 */
export async function attemptFirstDeliveries(deps: AttemptDeps, attempts: PreparedAttempt[]): Promise<void> {
  const settled = await Promise.allSettled(
    attempts.map((a) =>
      attemptDelivery(
        deps,
        typeof a === 'string' ? { deliveryId: a, firstOnly: true } : { found: a, firstOnly: true },
      ),
    ),
  );
  const deliveryIds = attempts.map((a) => (typeof a === 'string' ? a : a.delivery.id));
  const failed = deliveryIds.filter((id, i) => {
    const r = settled[i]!;
    if (r.status === 'rejected') deps.log.error({ err: r.reason, delivery: id }, 'delivery attempt failed');
    return r.status === 'rejected';
  });
  if (!failed.length) return;
  await deps.db.transaction((tx) =>
    deps.queue.enqueueMany(
      tx,
      leadDeliveryJob,
      failed.map((deliveryId) => ({ deliveryId })),
    ),
  );
}

export async function attemptDelivery(
  deps: AttemptDeps,
  job: (
    | { deliveryId: string }
    /** The rows as its capture wrote them (a first attempt handed over, hand-over.ts): nothing is read. */
    | { found: FoundDelivery }
  ) & {
    /** A replay from the console: attempt even if the integration is paused. */
    manual?: boolean;
    /** A group job's first attempt: a delivery already tried is left to its own job. */
    firstOnly?: boolean;
  },
): Promise<void> {
  const { db, config } = deps;
  const found = 'found' in job ? job.found : await findDelivery(db, job.deliveryId);
  if (!found) return;
  const { delivery, integration, lead, page } = found;
  if (delivery.status !== 'pending') return;
  if (job.firstOnly && delivery.attempts !== 0) return;
  const attempt = delivery.attempts + 1;
  const startedAt = new Date();

  let result: DeliveryResult;
  if (!integration || !integration.isActive) {
    result = {
      ok: false,
      retryable: false,
      message: 'A integração foi desativada antes da entrega.',
      durationMs: 0,
    };
  } else if (integration.haltedKind === 'paused' && !job.manual) {
    await db
      .update(deliveries)
      .set({
        status: 'paused',
        lastError: integration.haltedReason,
        nextAttemptAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'pending')));
    return;
  } else if (isAdConversionTarget(delivery.integration)) {
    // An ad platform (docs/decisions/023-ad-conversions.md): its event, sent with the agency's connection.
    if (!lead) return;
    try {
      const sent = await attemptConversion(deps, {
        target: delivery.integration,
        payloadEncrypted: integration.payloadEncrypted,
        lead,
        pageUrl: page ? leadPageFor(page, config.LANDING_URL).url || null : null,
        delivery,
      });
      result = {
        ...sent.result,
        message: removeSecretValues(sent.result.message, sent.secrets),
        ...(sent.result.responseSnippet !== undefined
          ? { responseSnippet: removeSecretValues(sent.result.responseSnippet, sent.secrets) }
          : {}),
      };
    } catch (err) {
      result = {
        ok: false,
        retryable: true,
        message: `Erro inesperado ao enviar: ${(err as Error).message}`,
        durationMs: Date.now() - startedAt.getTime(),
      };
    }
  } else {
    if (!lead) return;
    const name = delivery.integration as IntegrationName;
    const { payload, signingSecret } = openSecrets(config.appKey, { ...integration, name });
    const ctx = adapterContext(config, deps.outbound, signingSecret);
    try {
      const adapter = integrationAdapters[name] as (typeof integrationAdapters)['webhook'];
      result = await adapter.send(
        // page.url: the agency's verified domain when it has one (decision 017).
        toLeadForDelivery(lead, page, await agencyPagesUrl(deps, lead.realEstateId), delivery.id),
        payload as never,
        ctx,
      );
    } catch (err) {
      result = {
        ok: false,
        retryable: true,
        message: `Erro inesperado ao enviar: ${(err as Error).message}`,
        durationMs: Date.now() - startedAt.getTime(),
      };
    }
    // A receiver may echo the credentials it got (a request bin, a debug page): the ledger, the
    // delivery's last error and the halt reason are shown in the console, so the stored values go.
    const secrets = secretValuesOf(name, payload);
    result = {
      ...result,
      message: removeSecretValues(result.message, secrets),
      ...(result.responseSnippet !== undefined
        ? { responseSnippet: removeSecretValues(result.responseSnippet, secrets) }
        : {}),
    };
  }

  const schedule = config.DELIVERY_RETRY_SCHEDULE;
  const step = attempt - delivery.retryBase; // attempts since the last replay
  let outcome: Outcome;
  let delayMs = 0;
  if (result.ok) outcome = 'delivered';
  else if (result.disable) outcome = 'disabled';
  else if (result.pause) outcome = 'paused';
  else if (result.retryable && step <= schedule.length) {
    outcome = 'retry';
    delayMs = Math.min(
      MAX_DELAY_MS,
      Math.max(jitter((schedule[step - 1] ?? 0) * 1000), result.retryAfterMs ?? 0),
    );
  } else if (result.retryable) outcome = 'dead';
  else outcome = 'failed';

  const status = (
    {
      delivered: 'delivered',
      retry: 'pending',
      failed: 'failed',
      paused: 'paused',
      disabled: 'failed',
      dead: 'dead',
    } as const
  )[outcome];
  const now = new Date();
  const nextAttemptAt = outcome === 'retry' ? new Date(now.getTime() + delayMs) : null;
  await recordAttempt(deps, {
    id: delivery.id,
    status,
    attempt,
    status_code: result.status ?? null,
    last_error: result.ok ? null : result.message,
    external_id: result.externalId ?? null,
    delivered_at: result.ok ? now : null,
    next_attempt_at: nextAttemptAt,
    at: now,
    prev_attempts: delivery.attempts,
    started_at: startedAt,
    duration_ms: Math.round(result.durationMs),
    outcome,
    // A CRM may echo credentials back: the ledger keeps the snippet with their values removed.
    response: clipOrNull(redactSecrets(result.responseSnippet ?? null), RESPONSE_SNIPPET_CHARS),
    error: result.ok ? null : redactSecrets(result.message),
  });
  deps.log.info(
    {
      delivery: delivery.id,
      integration: delivery.integration,
      attempt,
      outcome,
      status: result.status,
      ms: Math.round(result.durationMs),
    },
    'delivery attempt',
  );
}
