/**
 * Lead delivery: one delivery per lead and active integration, enqueued in the transaction that stores
 * the lead; attempts on the Svix schedule with jitter; every attempt in the ledger; 401/403 pause the
 * integration, 410 disables it; failed, dead and paused deliveries can be replayed.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { IntegrationName } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { deliveries, deliveryAttempts, integrations, leads } from '../../db/schema.ts';
import { integrationAdapters, type DeliveryResult, type LeadForDelivery } from '../integrations/adapters/index.ts';
import { adapterContext, decryptPayload, getIntegrationRow, signingSecretOf } from '../integrations/integrations.service.ts';
import type { SafeHttpClient } from '../../lib/outbound/safe-http.ts';

export const DELIVERY_QUEUE = 'lead-delivery';
export const JOB_OPTIONS = { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 } as const;
const MAX_DELAY_MS = 10 * 60 * 60 * 1000;

export interface DeliveryJob {
  deliveryId: string;
  /** A replay from the console: attempt even if the integration is paused. */
  manual?: boolean;
}

export type DeliveryRow = typeof deliveries.$inferSelect;

/** The receivers' idempotency key (Standard Webhooks `webhook-id`), the same on every retry. */
export const webhookIdOf = (deliveryId: string) => `msg_${deliveryId.replace(/-/g, '')}`;

/**
 * Creates the deliveries of new leads and their jobs inside the caller's transaction: one per active
 * integration of each lead's agency. Paused integrations get a paused delivery (sent when the agency
 * fixes the credentials). All jobs go in with one statement.
 */
export async function enqueueLeadDeliveries(app: FastifyInstance, tx: Tx, forLeads: { id: string; realEstateId: number }[]) {
  const agencies = [...new Set(forLeads.map((l) => l.realEstateId))];
  if (!agencies.length) return [];
  const active = await tx
    .select({ realEstateId: integrations.realEstateId, name: integrations.name, haltedKind: integrations.haltedKind, haltedReason: integrations.haltedReason })
    .from(integrations)
    .where(and(inArray(integrations.realEstateId, agencies), eq(integrations.isActive, true)));
  const now = new Date();
  const values = forLeads.flatMap((lead) =>
    active
      .filter((i) => i.realEstateId === lead.realEstateId)
      .map((i) => {
        const paused = i.haltedKind === 'paused';
        return {
          realEstateId: lead.realEstateId,
          leadId: lead.id,
          integration: i.name,
          status: paused ? ('paused' as const) : ('pending' as const),
          lastError: paused ? i.haltedReason : null,
          nextAttemptAt: paused ? null : now,
        };
      }),
  );
  if (!values.length) return [];
  const rows = await tx.insert(deliveries).values(values).returning();
  await app.queue.insertInTx(
    tx,
    DELIVERY_QUEUE,
    rows.filter((r) => r.status === 'pending').map((r) => ({ data: { deliveryId: r.id } satisfies DeliveryJob, ...JOB_OPTIONS })),
  );
  return rows;
}

/** Wakes the in-process workers after the lead's transaction committed. */
export const wakeDeliveryWorkers = (app: FastifyInstance) => app.queue.wake(DELIVERY_QUEUE);

function leadForDelivery(app: FastifyInstance, lead: typeof leads.$inferSelect, deliveryId: string): LeadForDelivery {
  return {
    id: lead.id,
    created_at: lead.createdAt.toISOString(),
    name: lead.name,
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    message: lead.message,
    page: { id: lead.pageId ? String(lead.pageId) : '', title: '', listing_code: null, url: app.config.APP_URL },
    source: lead.source,
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    utm_term: lead.utmTerm,
    utm_content: lead.utmContent,
    gclid: lead.gclid,
    fbclid: lead.fbclid,
    delivery_id: webhookIdOf(deliveryId),
  };
}

function jitter(ms: number) {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}

type Outcome = 'delivered' | 'retry' | 'failed' | 'paused' | 'disabled' | 'dead';

/** One attempt of one delivery. Safe to run twice: a delivery no longer pending is left alone. */
export async function processDelivery(app: FastifyInstance, http: SafeHttpClient, job: DeliveryJob): Promise<void> {
  const { db } = app.database;
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, job.deliveryId));
  if (!delivery || delivery.status !== 'pending') return;
  const integration = await getIntegrationRow(db, delivery.realEstateId, delivery.integration);
  const attempt = delivery.attempts + 1;
  const startedAt = new Date();

  let result: DeliveryResult;
  if (!integration || !integration.isActive) {
    result = { ok: false, retryable: false, message: 'A integração foi desativada antes da entrega.', durationMs: 0 };
  } else if (integration.haltedKind === 'paused' && !job.manual) {
    await db
      .update(deliveries)
      .set({ status: 'paused', lastError: integration.haltedReason, nextAttemptAt: null, updatedAt: new Date() })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'pending')));
    return;
  } else {
    const [lead] = await db.select().from(leads).where(eq(leads.id, delivery.leadId));
    if (!lead) return;
    const name = delivery.integration as IntegrationName;
    const payload = decryptPayload(app.config.appKey, { ...integration, name });
    const ctx = adapterContext(app.config, http, signingSecretOf(app.config.appKey, integration));
    try {
      const adapter = integrationAdapters[name] as (typeof integrationAdapters)['webhook'];
      result = await adapter.send(leadForDelivery(app, lead, delivery.id), payload as never, ctx);
    } catch (err) {
      result = { ok: false, retryable: true, message: `Erro inesperado ao enviar: ${(err as Error).message}`, durationMs: Date.now() - startedAt.getTime() };
    }
  }

  const schedule = app.config.DELIVERY_RETRY_SCHEDULE;
  const step = attempt - delivery.retryBase; // attempts since the last replay
  let outcome: Outcome;
  let delayMs = 0;
  if (result.ok) outcome = 'delivered';
  else if (result.disable) outcome = 'disabled';
  else if (result.pause) outcome = 'paused';
  else if (result.retryable && step <= schedule.length) {
    outcome = 'retry';
    delayMs = Math.min(MAX_DELAY_MS, Math.max(jitter((schedule[step - 1] ?? 0) * 1000), result.retryAfterMs ?? 0));
  } else if (result.retryable) outcome = 'dead';
  else outcome = 'failed';

  const status = ({ delivered: 'delivered', retry: 'pending', failed: 'failed', paused: 'paused', disabled: 'failed', dead: 'dead' } as const)[outcome];
  const now = new Date();
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(deliveries)
      .set({
        status,
        attempts: attempt,
        lastStatusCode: result.status ?? null,
        lastError: result.ok ? null : result.message,
        externalId: result.externalId ?? delivery.externalId,
        deliveredAt: result.ok ? now : null,
        nextAttemptAt: outcome === 'retry' ? new Date(now.getTime() + delayMs) : null,
        updatedAt: now,
      })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'pending'), eq(deliveries.attempts, delivery.attempts)))
      .returning({ id: deliveries.id });
    if (!updated.length) return; // another worker recorded this attempt already
    await tx.insert(deliveryAttempts).values({
      deliveryId: delivery.id,
      attempt,
      startedAt,
      durationMs: Math.round(result.durationMs),
      statusCode: result.status ?? null,
      outcome,
      response: result.responseSnippet?.slice(0, 1000) ?? null,
      error: result.ok ? null : result.message,
    });
    if (outcome === 'retry') {
      await app.queue.sendInTx(tx, DELIVERY_QUEUE, { deliveryId: delivery.id } satisfies DeliveryJob, {
        ...JOB_OPTIONS,
        startAfter: new Date(now.getTime() + delayMs),
      });
    }
    if (outcome === 'paused' || outcome === 'disabled') {
      await tx
        .update(integrations)
        .set({
          haltedKind: outcome,
          haltedReason: result.message,
          haltedAt: now,
          ...(outcome === 'disabled' ? { isActive: false } : {}),
          updatedAt: now,
        })
        .where(and(eq(integrations.realEstateId, delivery.realEstateId), eq(integrations.name, delivery.integration)));
    }
  });
  app.log.info(
    { delivery: delivery.id, integration: delivery.integration, attempt, outcome, status: result.status, ms: Math.round(result.durationMs) },
    'delivery attempt',
  );
}

/** Puts failed, dead or paused deliveries back in the queue now; the retry schedule restarts. */
export async function requeueDeliveries(app: FastifyInstance, tx: Tx, rows: DeliveryRow[], manual: boolean) {
  const now = new Date();
  for (const row of rows) {
    await tx
      .update(deliveries)
      .set({ status: 'pending', retryBase: row.attempts, nextAttemptAt: now, updatedAt: now })
      .where(eq(deliveries.id, row.id));
    await app.queue.sendInTx(tx, DELIVERY_QUEUE, { deliveryId: row.id, manual } satisfies DeliveryJob, JOB_OPTIONS);
  }
}

/** After the agency changed an integration's settings, its paused deliveries go out again. */
export async function resumePausedDeliveries(app: FastifyInstance, realEstateId: number, name: IntegrationName) {
  const { db } = app.database;
  const count = await db.transaction(async (tx) => {
    const paused = await tx
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.realEstateId, realEstateId), eq(deliveries.integration, name), inArray(deliveries.status, ['paused'])));
    await requeueDeliveries(app, tx, paused, false);
    return paused.length;
  });
  if (count) wakeDeliveryWorkers(app);
  return count;
}

/**
 * The safety net under the queue: a pending delivery whose attempt is overdue by minutes lost its job
 * (a process killed mid-attempt whose job the queue has not expired yet). Enqueue it again; the attempt
 * guard in processDelivery makes a second job harmless, and the webhook-id stays the same.
 */
export async function rescueOverdueDeliveries(app: FastifyInstance, graceSeconds = 120): Promise<number> {
  return app.database.db.transaction(async (tx) => {
    const overdue = await tx
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(eq(deliveries.status, 'pending'), lt(deliveries.nextAttemptAt, new Date(Date.now() - graceSeconds * 1000))))
      .limit(500)
      .for('update', { skipLocked: true });
    for (const row of overdue) {
      await tx.update(deliveries).set({ nextAttemptAt: new Date(), updatedAt: new Date() }).where(eq(deliveries.id, row.id));
      await app.queue.sendInTx(tx, DELIVERY_QUEUE, { deliveryId: row.id } satisfies DeliveryJob, JOB_OPTIONS);
    }
    if (overdue.length) app.log.warn({ count: overdue.length }, 'overdue deliveries enqueued again');
    return overdue.length;
  });
}

export async function registerDeliveryWorker(app: FastifyInstance, http: SafeHttpClient) {
  await app.queue.declare(DELIVERY_QUEUE);
  // Two pollers, so one slow receiver (up to the 15 s timeout) does not hold up every other delivery.
  const working = await app.queue.work<DeliveryJob>(DELIVERY_QUEUE, { batchSize: app.config.DELIVERY_CONCURRENCY, pollers: 2 }, (job) => processDelivery(app, http, job));
  if (!working) return;
  const timer = setInterval(() => {
    rescueOverdueDeliveries(app).catch((err: unknown) => app.log.error({ err }, 'overdue delivery sweep failed'));
  }, 30_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
