/**
 * One attempt of one lead delivery (the lead-delivery job): the integration's adapter is called, the
 * attempt goes into the ledger, and the outcome decides what follows: the next attempt on the Svix
 * schedule with jitter (a new job in the transaction that records this one), 401/403 pause the
 * integration, 410 disables it. Safe to run twice: a delivery no longer pending is left alone.
 */
import { and, eq } from 'drizzle-orm';
import type { IntegrationName } from '@vitrine/contracts';
import { deliveries, deliveryAttempts, integrations, leads, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadDeliveryJob } from '../../jobs/lead-delivery.job.ts';
import type { JobPayload } from '../../jobs/define-job.ts';
import { redactSecrets } from '../../lib/redact.ts';
import { integrationAdapters, type DeliveryResult } from '../integrations/index.ts';
import {
  adapterContext,
  decryptPayload,
  getIntegrationRow,
  removeSecretValues,
  secretValuesOf,
  signingSecretOf,
} from '../integrations/index.ts';
import { toLeadForDelivery } from './lead-for-delivery.ts';

const MAX_DELAY_MS = 10 * 60 * 60 * 1000;

/** The page columns a delivery carries (title, code, URL, price, place): joined with the lead. */
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

function jitter(ms: number) {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}

type Outcome = 'delivered' | 'retry' | 'failed' | 'paused' | 'disabled' | 'dead';

export async function attemptDelivery(
  deps: Pick<Deps, 'db' | 'queue' | 'config' | 'log' | 'outbound'>,
  job: JobPayload<typeof leadDeliveryJob>,
): Promise<void> {
  const { db, config } = deps;
  const [delivery] = await db.select().from(deliveries).where(eq(deliveries.id, job.deliveryId));
  if (!delivery || delivery.status !== 'pending') return;
  const integration = await getIntegrationRow(deps, delivery.realEstateId, delivery.integration);
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
    const [row] = await db
      .select({ lead: leads, page: leadPageColumns })
      .from(leads)
      .leftJoin(pages, eq(pages.id, leads.pageId))
      .where(eq(leads.id, delivery.leadId));
    if (!row) return;
    const { lead, page } = row;
    const name = delivery.integration as IntegrationName;
    const payload = decryptPayload(config.appKey, { ...integration, name });
    const ctx = adapterContext(config, deps.outbound, signingSecretOf(config.appKey, integration));
    try {
      const adapter = integrationAdapters[name] as (typeof integrationAdapters)['webhook'];
      result = await adapter.send(
        toLeadForDelivery(lead, page?.id ? page : null, config.APP_URL, delivery.id),
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
      .where(
        and(
          eq(deliveries.id, delivery.id),
          eq(deliveries.status, 'pending'),
          eq(deliveries.attempts, delivery.attempts),
        ),
      )
      .returning({ id: deliveries.id });
    if (!updated.length) return; // another worker recorded this attempt already
    await tx.insert(deliveryAttempts).values({
      deliveryId: delivery.id,
      attempt,
      startedAt,
      durationMs: Math.round(result.durationMs),
      statusCode: result.status ?? null,
      outcome,
      // A CRM may echo credentials back: the ledger keeps the snippet with their values removed.
      response: redactSecrets(result.responseSnippet ?? null)?.slice(0, 1000) ?? null,
      error: result.ok ? null : redactSecrets(result.message),
    });
    if (outcome === 'retry') {
      await deps.queue.enqueue(
        tx,
        leadDeliveryJob,
        { deliveryId: delivery.id },
        { startAfter: new Date(now.getTime() + delayMs) },
      );
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
        .where(
          and(
            eq(integrations.realEstateId, delivery.realEstateId),
            eq(integrations.name, delivery.integration),
          ),
        );
    }
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
