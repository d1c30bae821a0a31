/** The delivery ledger of an agency: filters, one page newest first, and one delivery with its attempts. */
import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DELIVERY_STATUSES, INTEGRATION_NAMES, pageQuery } from '@vitrine/contracts';
import { deliveries, deliveryAttempts, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newestFirstPage } from '../../lib/pagination.ts';
import { dayFilter, endOfDay, startOfDay } from '../../lib/route-params.ts';
import type { DeliveryRow } from './enqueue-lead-deliveries.ts';
import { webhookIdOf } from './lead-for-delivery.ts';

export const deliveryListQuery = pageQuery(25).extend({
  status: z
    .enum(DELIVERY_STATUSES, { error: `O status deve ser um de: ${DELIVERY_STATUSES.join(', ')}.` })
    .optional(),
  integration: z.enum(INTEGRATION_NAMES, { error: 'Integração desconhecida.' }).optional(),
  lead_id: z.uuid({ error: 'O lead_id deve ser um UUID.' }).optional(),
  from: dayFilter('A data inicial'),
  to: dayFilter('A data final'),
});

export function deliveryView(row: DeliveryRow, lead?: { name: string; isTest: boolean } | null) {
  return {
    id: row.id,
    webhook_id: webhookIdOf(row.id),
    lead_id: row.leadId,
    lead: lead ? { name: lead.name, is_test: lead.isTest } : null,
    integration: row.integration,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    external_id: row.externalId,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const leadColumns = { name: leads.name, isTest: leads.isTest };

/**
 * `assignedTo`: the user the caller's leads are limited to (team's leadScopeOf: an agent who sees only
 * their own), null when they see every lead; the ledger then lists only the deliveries of those leads.
 */
export async function listDeliveries(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: z.infer<typeof deliveryListQuery>,
  assignedTo: number | null = null,
) {
  const { db } = deps;
  const where: SQL[] = [eq(deliveries.realEstateId, realEstateId)];
  if (assignedTo !== null)
    where.push(
      inArray(
        deliveries.leadId,
        db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.realEstateId, realEstateId), eq(leads.assignedUserId, assignedTo))),
      ),
    );
  if (q.status) where.push(eq(deliveries.status, q.status));
  if (q.integration) where.push(eq(deliveries.integration, q.integration));
  if (q.lead_id) where.push(eq(deliveries.leadId, q.lead_id));
  if (q.from) where.push(gte(deliveries.createdAt, startOfDay(q.from)));
  if (q.to) where.push(lte(deliveries.createdAt, endOfDay(q.to)));
  const cond = and(...where);
  const query = db
    .select({ d: deliveries, lead: leadColumns })
    .from(deliveries)
    .leftJoin(leads, eq(leads.id, deliveries.leadId));
  const [rows, total] = await Promise.all([
    newestFirstPage(query.where(cond).$dynamic(), deliveries, q),
    db.$count(deliveries, cond),
  ]);
  return { data: rows.map((x) => deliveryView(x.d, x.lead)), total };
}

export async function findDelivery(deps: Pick<Deps, 'db'>, id: string): Promise<DeliveryRow | null> {
  const [row] = await deps.db.select().from(deliveries).where(eq(deliveries.id, id));
  return row ?? null;
}

/** The member in charge of a delivery's lead (null when nobody is, or the lead is gone). */
export async function deliveryLeadAssignee(deps: Pick<Deps, 'db'>, row: DeliveryRow): Promise<number | null> {
  const [lead] = await deps.db
    .select({ assignedUserId: leads.assignedUserId })
    .from(leads)
    .where(eq(leads.id, row.leadId));
  return lead?.assignedUserId ?? null;
}

/** The delivery with its lead's name and every attempt of the ledger. */
export async function getDeliveryDetail(deps: Pick<Deps, 'db'>, row: DeliveryRow) {
  const { db } = deps;
  const [lead] = await db.select(leadColumns).from(leads).where(eq(leads.id, row.leadId));
  const attempts = await db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, row.id))
    .orderBy(asc(deliveryAttempts.attempt), asc(deliveryAttempts.id));
  return {
    ...deliveryView(row, lead),
    ledger: attempts.map((a) => ({
      attempt: a.attempt,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      outcome: a.outcome,
      response: a.response,
      error: a.error,
    })),
  };
}
