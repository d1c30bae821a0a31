/** The delivery ledger: list with filters, one delivery with its attempts, replay. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { INTEGRATION_NAMES, pageQuery } from '@vitrine/contracts';
import { deliveries, deliveryAttempts, leads, DELIVERY_STATUSES } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { requeueDeliveries, wakeDeliveryWorkers, webhookIdOf, type DeliveryRow } from './delivery-engine.ts';
import { idParams, uuidParams as uuidParamsOf, dayFilter, startOfDay, endOfDay } from '../../lib/route-params.ts';

const uuidParams = uuidParamsOf('Entrega não encontrada.');

const listQuery = pageQuery(25).extend({
  status: z.enum(DELIVERY_STATUSES, { error: `O status deve ser um de: ${DELIVERY_STATUSES.join(', ')}.` }).optional(),
  integration: z.enum(INTEGRATION_NAMES, { error: 'Integração desconhecida.' }).optional(),
  lead_id: z.uuid({ error: 'O lead_id deve ser um UUID.' }).optional(),
  from: dayFilter('A data inicial'),
  to: dayFilter('A data final'),
});

function view(row: DeliveryRow, lead?: { name: string; isTest: boolean } | null) {
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

export default async function deliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/v1/real-estates/:id/deliveries',
    { schema: { tags: ['deliveries'], summary: 'Entregas de leads (ledger)', params: idParams, querystring: listQuery } },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id);
      const q = request.query;
      const where: SQL[] = [eq(deliveries.realEstateId, m.realEstateId)];
      if (q.status) where.push(eq(deliveries.status, q.status));
      if (q.integration) where.push(eq(deliveries.integration, q.integration));
      if (q.lead_id) where.push(eq(deliveries.leadId, q.lead_id));
      if (q.from) where.push(gte(deliveries.createdAt, startOfDay(q.from)));
      if (q.to) where.push(lte(deliveries.createdAt, endOfDay(q.to)));
      const cond = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select({ d: deliveries, lead: { name: leads.name, isTest: leads.isTest } })
          .from(deliveries)
          .leftJoin(leads, eq(leads.id, deliveries.leadId))
          .where(cond)
          .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(deliveries).where(cond),
      ]);
      return paginate({
        data: rows.map((x) => view(x.d, x.lead)),
        total: Number(total?.n ?? 0),
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/deliveries`,
        query: q,
      });
    },
  );

  const load = async (request: Parameters<typeof app.requireUser>[0], id: string) => {
    await app.requireUser(request);
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
    if (!row) throw notFound('Entrega não encontrada.');
    await app.requireMembership(request, row.realEstateId);
    return row;
  };

  r.get(
    '/v1/deliveries/:id',
    { schema: { tags: ['deliveries'], summary: 'Uma entrega com todas as tentativas', params: uuidParams } },
    async (request) => {
      const row = await load(request, request.params.id);
      const [lead] = await db.select({ name: leads.name, isTest: leads.isTest }).from(leads).where(eq(leads.id, row.leadId));
      const attempts = await db
        .select()
        .from(deliveryAttempts)
        .where(eq(deliveryAttempts.deliveryId, row.id))
        .orderBy(asc(deliveryAttempts.attempt), asc(deliveryAttempts.id));
      return {
        data: {
          ...view(row, lead),
          ledger: attempts.map((a) => ({
            attempt: a.attempt,
            started_at: a.startedAt.toISOString(),
            duration_ms: a.durationMs,
            status_code: a.statusCode,
            outcome: a.outcome,
            response: a.response,
            error: a.error,
          })),
        },
      };
    },
  );

  r.post(
    '/v1/deliveries/:id/replay',
    { schema: { tags: ['deliveries'], summary: 'Reenviar uma entrega com falha, morta ou pausada', params: uuidParams } },
    async (request, reply) => {
      const row = await load(request, request.params.id);
      if (row.status === 'delivered') throw new HttpError(409, 'Esta entrega já foi concluída.');
      if (row.status === 'pending') throw new HttpError(409, 'Esta entrega já está na fila de envio.');
      await db.transaction((tx) => requeueDeliveries(app, tx, [row], true));
      wakeDeliveryWorkers(app);
      const [fresh] = await db.select().from(deliveries).where(eq(deliveries.id, row.id));
      return reply.status(202).send({ data: view(fresh!), message: 'Entrega reenviada para a fila.' });
    },
  );
}
