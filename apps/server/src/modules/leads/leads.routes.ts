/** Leads in the console: the filtered list, CSV export, one lead with its contact and ledger, status, release. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LEADS_DEFAULT_PER_PAGE, LEAD_STATUSES, LEAD_STATUS_LABELS, LEAD_SOURCE_LABELS, pageQuery, updateLeadBody } from '@vitrine/contracts';
import { auditLog, deliveries, leads, pages } from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { webhookIdOf } from '../deliveries/delivery-engine.ts';
import { releaseLead } from './capture-lead.ts';
import { idParams, uuidParams as uuidParamsOf, dayFilter, startOfDay, endOfDay } from '../../lib/route-params.ts';

const uuidParams = uuidParamsOf('Lead não encontrado.');

const filters = z.object({
  page_id: z.coerce.number({ error: 'page_id deve ser um número.' }).int().positive().optional(),
  status: z.enum(LEAD_STATUSES, { error: `O status deve ser um de: ${LEAD_STATUSES.join(', ')}.` }).optional(),
  source: z.string().max(50, 'A origem deve ter no máximo 50 caracteres.').optional(),
  from: dayFilter('A data inicial'),
  to: dayFilter('A data final'),
  search: z.string().max(120, 'A busca deve ter no máximo 120 caracteres.').optional(),
  quarantined: z.enum(['0', '1', 'true', 'false'], { error: 'quarantined deve ser 0 ou 1.' }).optional(),
  include_tests: z.enum(['0', '1', 'true', 'false']).optional(),
});
const listQuery = pageQuery(LEADS_DEFAULT_PER_PAGE).extend(filters.shape);

type LeadRow = typeof leads.$inferSelect;

export function leadView(row: LeadRow, page: { id: number; title: string; slug: string } | null) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    status: row.status,
    source: row.source,
    page: page ? { id: page.id, title: page.title, slug: page.slug } : null,
    contact_id: row.contactId,
    is_repeat: row.isRepeat,
    is_test: row.isTest,
    quarantined: row.quarantined,
    quarantine_reason: row.quarantineReason,
    consent: row.consent,
    utm: {
      source: row.utmSource,
      medium: row.utmMedium,
      campaign: row.utmCampaign,
      term: row.utmTerm,
      content: row.utmContent,
    },
    gclid: row.gclid,
    fbclid: row.fbclid,
    referrer: row.referrer,
    session_id: row.sessionId,
    created_at: row.createdAt.toISOString(),
    status_changed_at: row.statusChangedAt?.toISOString() ?? null,
  };
}

function whereFor(realEstateId: number, q: z.infer<typeof filters>): SQL {
  const where: SQL[] = [eq(leads.realEstateId, realEstateId)];
  const flag = (v?: string) => v === '1' || v === 'true';
  if (!flag(q.include_tests)) where.push(eq(leads.isTest, false));
  where.push(eq(leads.quarantined, flag(q.quarantined)));
  if (q.page_id) where.push(eq(leads.pageId, q.page_id));
  if (q.status) where.push(eq(leads.status, q.status));
  if (q.source) where.push(eq(leads.source, q.source));
  if (q.from) where.push(gte(leads.createdAt, startOfDay(q.from)));
  if (q.to) where.push(lte(leads.createdAt, endOfDay(q.to)));
  if (q.search?.trim()) {
    const term = `%${q.search.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const digits = q.search.replace(/\D/g, '');
    const any: SQL[] = [ilike(leads.name, term), ilike(leads.email, term), ilike(leads.message, term)];
    if (digits.length >= 4) any.push(ilike(leads.phone, `%${digits}%`));
    where.push(or(...any)!);
  }
  return and(...where)!;
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // Neutralise spreadsheet formulas (CSV injection) and quote everything.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

export default async function leadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.get(
    '/v1/real-estates/:id/leads',
    { schema: { tags: ['leads'], summary: 'Leads da imobiliária', params: idParams, querystring: listQuery } },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id);
      const q = request.query;
      const cond = whereFor(m.realEstateId, q);
      const [rows, [total]] = await Promise.all([
        db
          .select({ lead: leads, page: { id: pages.id, title: pages.title, slug: pages.slug } })
          .from(leads)
          .leftJoin(pages, eq(pages.id, leads.pageId))
          .where(cond)
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(leads).where(cond),
      ]);
      return paginate({
        data: rows.map((x) => leadView(x.lead, x.page?.id ? x.page : null)),
        total: Number(total?.n ?? 0),
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/leads`,
        query: q,
      });
    },
  );

  r.get(
    '/v1/real-estates/:id/leads/export',
    { schema: { tags: ['leads'], summary: 'Exportar os leads filtrados (CSV)', params: idParams, querystring: filters } },
    async (request, reply) => {
      const m = await app.requireMembership(request, request.params.id);
      const cond = whereFor(m.realEstateId, request.query);
      const header = ['Data', 'Nome', 'Telefone', 'E-mail', 'Mensagem', 'Status', 'Imóvel', 'Origem', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'fbclid', 'Repetido'];
      const lines = [header.map(csvCell).join(';')];
      const batch = 1000;
      for (let offset = 0; ; offset += batch) {
        const rows = await db
          .select({ lead: leads, title: pages.title })
          .from(leads)
          .leftJoin(pages, eq(pages.id, leads.pageId))
          .where(cond)
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(batch)
          .offset(offset);
        for (const { lead: l, title } of rows) {
          lines.push(
            [
              l.createdAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
              l.name,
              l.phone,
              l.email,
              l.message,
              LEAD_STATUS_LABELS[l.status],
              title,
              LEAD_SOURCE_LABELS[l.source] ?? l.source,
              l.utmSource,
              l.utmMedium,
              l.utmCampaign,
              l.utmTerm,
              l.utmContent,
              l.gclid,
              l.fbclid,
              l.isRepeat ? 'sim' : 'não',
            ]
              .map(csvCell)
              .join(';'),
          );
        }
        if (rows.length < batch) break;
      }
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
        .send('\uFEFF' + lines.join('\r\n') + '\r\n');
    },
  );

  const load = async (request: Parameters<typeof app.requireUser>[0], id: string) => {
    await app.requireUser(request);
    const [row] = await db.select().from(leads).where(eq(leads.id, id));
    if (!row) throw notFound('Lead não encontrado.');
    await app.requireMembership(request, row.realEstateId);
    return row;
  };

  r.get('/v1/leads/:id', { schema: { tags: ['leads'], summary: 'Um lead, seu contato e suas entregas', params: uuidParams } }, async (request) => {
    const lead = await load(request, request.params.id);
    const [page] = lead.pageId ? await db.select({ id: pages.id, title: pages.title, slug: pages.slug }).from(pages).where(eq(pages.id, lead.pageId)) : [];
    const [others, ledger] = await Promise.all([
      lead.contactId
        ? db
            .select({ lead: leads, page: { id: pages.id, title: pages.title, slug: pages.slug } })
            .from(leads)
            .leftJoin(pages, eq(pages.id, leads.pageId))
            .where(and(eq(leads.contactId, lead.contactId), eq(leads.realEstateId, lead.realEstateId)))
            .orderBy(asc(leads.createdAt))
        : Promise.resolve([]),
      db.select().from(deliveries).where(eq(deliveries.leadId, lead.id)).orderBy(asc(deliveries.createdAt)),
    ]);
    return {
      data: {
        ...leadView(lead, page ?? null),
        contact_leads: others.filter((o) => o.lead.id !== lead.id).map((o) => leadView(o.lead, o.page?.id ? o.page : null)),
        deliveries: ledger.map((d) => ({
          id: d.id,
          webhook_id: webhookIdOf(d.id),
          integration: d.integration,
          status: d.status,
          attempts: d.attempts,
          last_status_code: d.lastStatusCode,
          last_error: d.lastError,
          next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
          delivered_at: d.deliveredAt?.toISOString() ?? null,
        })),
      },
    };
  });

  r.patch(
    '/v1/leads/:id',
    { schema: { tags: ['leads'], summary: 'Mudar o status do lead', params: uuidParams, body: updateLeadBody } },
    async (request) => {
      const lead = await load(request, request.params.id);
      const now = new Date();
      const [updated] = await db.transaction(async (tx) => {
        const rows = await tx.update(leads).set({ status: request.body.status, statusChangedAt: now, updatedAt: now }).where(eq(leads.id, lead.id)).returning();
        await tx.insert(auditLog).values({
          realEstateId: lead.realEstateId,
          userId: request.currentUser!.id,
          action: 'lead.status_changed',
          subject: lead.id,
          details: { from: lead.status, to: request.body.status },
        });
        return rows;
      });
      const [page] = lead.pageId ? await db.select({ id: pages.id, title: pages.title, slug: pages.slug }).from(pages).where(eq(pages.id, lead.pageId)) : [];
      return { data: leadView(updated!, page ?? null) };
    },
  );

  r.post('/v1/leads/:id/release', { schema: { tags: ['leads'], summary: 'Liberar um lead da quarentena', params: uuidParams } }, async (request) => {
    const lead = await load(request, request.params.id);
    if (!lead.quarantined) throw new HttpError(409, 'Este lead não está em quarentena.');
    const created = await releaseLead(app, lead);
    await db.insert(auditLog).values({ realEstateId: lead.realEstateId, userId: request.currentUser!.id, action: 'lead.released', subject: lead.id });
    return { data: { id: lead.id, deliveries: created.length }, message: 'Lead liberado e encaminhado às integrações.' };
  });
}
