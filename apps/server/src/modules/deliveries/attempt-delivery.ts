/**
 * One attempt of one lead delivery (the lead-delivery job): the integration's adapter is called, the
 * attempt goes into the ledger, and the outcome decides what follows: the next attempt on the Svix
 * schedule with jitter (a new job in the transaction that records this one), 401/403 pause the
 * integration, 410 disables it. Safe to run twice: a delivery no longer pending is left alone.
 *
 * One attempt per lead is the workers' hot path, so it costs two statements, as the capture does
 * (named prepared statements, docs/how-to.md): one reads the delivery, its integration, the lead and
 * its page; one records the outcome (the delivery, the ledger row and, on 401/403/410, the integration).
 * Only a retry needs a transaction of its own, for the next attempt's job.
 */
import { and, eq } from 'drizzle-orm';
import type { IntegrationName } from '@vitrine/contracts';
import { pipelinedTransaction, queryPrepared } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-rows.ts';
import { deliveries, integrations, leads, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadDeliveryJob } from '../../jobs/lead-delivery.job.ts';
import type { JobPayload } from '../../jobs/define-job.ts';
import { redactSecrets } from '../../lib/redact.ts';
import { integrationAdapters, type DeliveryResult } from '../integrations/index.ts';
import {
  adapterContext,
  decryptPayload,
  removeSecretValues,
  secretValuesOf,
  signingSecretOf,
} from '../integrations/index.ts';
import { toLeadForDelivery } from './lead-for-delivery.ts';

const MAX_DELAY_MS = 10 * 60 * 60 * 1000;

/** The page columns a delivery carries (title, code, URL, price, place): read with the lead. */
const leadPageColumns = {
  id: pages.id,
  title: pages.title,
  slug: pages.slug,
  listingCode: pages.listingCode,
  priceCents: pages.priceCents,
  purpose: pages.purpose,
  propertyType: pages.propertyType,
  neighborhood: pages.neighborhood,
  city: pages.city,
  state: pages.state,
};

/** The delivery, its integration, its lead and the lead's page (the columns above), as JSON. */
const READ_SQL = `
select row_to_json(d) as delivery, row_to_json(i) as integration, row_to_json(l) as lead,
  case when p.id is null then null else json_build_object(${Object.values(leadPageColumns)
    .map((c) => `'${c.name}', p.${c.name}`)
    .join(', ')}) end as page
from deliveries d
left join integrations i on i.real_estate_id = d.real_estate_id and i.name = d.integration
left join leads l on l.id = d.lead_id
left join pages p on p.id = l.page_id
where d.id = $1`;
type ReadRow = {
  delivery: Record<string, unknown>;
  integration: Record<string, unknown> | null;
  lead: Record<string, unknown> | null;
  page: Record<string, unknown> | null;
};

/**
 * Records an attempt, if the delivery is still where this attempt found it (pending, same count):
 * the delivery's new state, the ledger row and, for a pause or a disable, the integration's halt.
 * Answers whether it recorded.
 */
const RECORD_SQL = `
with updated as (
  update deliveries set status = $2, attempts = $3, last_status_code = $4, last_error = $5,
    external_id = coalesce($6, external_id), delivered_at = $7, next_attempt_at = $8, updated_at = $9
  where id = $1 and status = 'pending' and attempts = $10
  returning id, real_estate_id, integration
), ledger as (
  insert into delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, outcome, response, error)
  select id, $3, $11, $12, $4, $13, $14, $15 from updated
  returning 1
), halted as (
  update integrations i set halted_kind = $13, halted_reason = $5, halted_at = $9,
    is_active = case when $13 = 'disabled' then false else i.is_active end, updated_at = $9
  from updated u
  where $13 in ('paused', 'disabled') and i.real_estate_id = u.real_estate_id and i.name = u.integration
  returning 1
)
select (select count(*) from ledger)::int as recorded`;

/** The page's columns a delivery carries, from the JSON read with the lead. */
const pageFromJson = (json: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(leadPageColumns).map(([key, column]) => [key, json[column.name] ?? null]),
  ) as Parameters<typeof toLeadForDelivery>[1] & object;

function jitter(ms: number) {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}

type Outcome = 'delivered' | 'retry' | 'failed' | 'paused' | 'disabled' | 'dead';

export async function attemptDelivery(
  deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log' | 'outbound'>,
  job: JobPayload<typeof leadDeliveryJob>,
): Promise<void> {
  const { db, config } = deps;
  const [found] = await queryPrepared<ReadRow>(db, 'delivery_read', READ_SQL, [job.deliveryId]);
  if (!found) return;
  const delivery = rowFromJson(deliveries, found.delivery);
  if (delivery.status !== 'pending') return;
  const integration = found.integration && rowFromJson(integrations, found.integration);
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
  } else {
    if (!found.lead) return;
    const lead = rowFromJson(leads, found.lead);
    const page = found.page && pageFromJson(found.page);
    const name = delivery.integration as IntegrationName;
    const payload = decryptPayload(config.appKey, { ...integration, name });
    const ctx = adapterContext(config, deps.outbound, signingSecretOf(config.appKey, integration));
    try {
      const adapter = integrationAdapters[name] as (typeof integrationAdapters)['webhook'];
      result = await adapter.send(
        toLeadForDelivery(lead, page, config.APP_URL, delivery.id),
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
  const record = {
    name: 'delivery_record',
    text: RECORD_SQL,
    values: [
      delivery.id,
      status,
      attempt,
      result.status ?? null,
      result.ok ? null : result.message,
      result.externalId ?? null,
      result.ok ? now : null,
      nextAttemptAt,
      now,
      delivery.attempts,
      startedAt,
      Math.round(result.durationMs),
      outcome,
      // A CRM may echo credentials back: the ledger keeps the snippet with their values removed.
      redactSecrets(result.responseSnippet ?? null)?.slice(0, 1000) ?? null,
      result.ok ? null : redactSecrets(result.message),
    ],
  };
  if (outcome === 'retry') {
    // The next attempt's job commits with the record of this one (none if another worker recorded it).
    const retry = await deps.queue.insertStatements(leadDeliveryJob, [{ deliveryId: delivery.id }], {
      startAfter: nextAttemptAt!,
    });
    await pipelinedTransaction<{ recorded: number }, void>(db, [], record, async ([row]) => ({
      statements: row!.recorded ? retry : [],
      result: undefined,
    }));
  } else await queryPrepared(db, record.name, record.text, record.values);
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
