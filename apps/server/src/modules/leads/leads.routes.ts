/** Leads in the console: the filtered list, CSV export, one lead with its contact and ledger, status, release. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEADS_DEFAULT_PER_PAGE,
  apiErrorSchema,
  leadDetailResponse,
  leadFilters,
  leadListResponse,
  leadReleaseResponse,
  leadResponse,
  pageQuery,
  updateLeadBody,
} from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { releaseLead } from './capture-lead.ts';
import { changeLeadStatus } from './change-lead-status.ts';
import { findLead, getLeadDetail } from './get-lead.ts';
import { exportLeadsCsv } from './export-leads.ts';
import { listLeads } from './list-leads.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { idParams, uuidParams as uuidParamsOf } from '../../lib/route-params.ts';
import { leadScopeOf } from '../team/index.ts';

const uuidParams = uuidParamsOf('Lead não encontrado.');
const listQuery = pageQuery(LEADS_DEFAULT_PER_PAGE).extend(leadFilters.shape);

export default async function leadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/real-estates/:id/leads',
    {
      schema: {
        tags: ['leads'],
        summary:
          'Leads da imobiliária (filtros, paginação; meta.quarantined: quantos os mesmos filtros têm em quarentena)',
        params: idParams,
        querystring: listQuery,
        response: { 200: leadListResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id);
      // An agent sees the leads assigned to them, unless the agency lets agents see all (issue 13).
      const scope = await leadScopeOf(app.deps, m, request.currentUser!.id);
      const q = scope === null ? request.query : { ...request.query, assigned_to: String(scope) };
      const { data, total, quarantined } = await listLeads(app.deps, m.realEstateId, q);
      const list = paginate({
        data,
        total,
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/leads`,
        query: q,
      });
      return { ...list, meta: { ...list.meta, quarantined, own_leads_only: scope !== null } };
    },
  );

  r.get(
    '/v1/real-estates/:id/leads/export',
    {
      schema: {
        tags: ['leads'],
        summary: 'Exportar os leads filtrados (CSV; proprietário e administrador)',
        params: idParams,
        querystring: leadFilters,
        response: {
          200: {
            description:
              'Planilha CSV (UTF-8 com BOM, separador ";"): Data, Nome, Telefone, E-mail, Mensagem, Status, Imóvel, Origem, UTMs, gclid, fbclid, Repetido.',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      // Every lead's contact in one file: managers only (a corretor sees leads in the console, one page at a time).
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const csv = await exportLeadsCsv(app.deps, m.realEstateId, request.query);
      const date = new Date().toISOString().slice(0, 10);
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
          // The 200 is documented as a text/csv string; the stream is sent as it is, never serialized.
          .send(csv as unknown as string)
      );
    },
  );

  /** The lead the caller may see, and the user its leads are limited to (an agent seeing only their own). */
  const loadScoped = async (request: Parameters<typeof app.requireUser>[0], id: string) => {
    await app.requireUser(request);
    const row = await findLead(app.deps, id);
    if (!row) throw notFound('Lead não encontrado.');
    const m = await app.requireMembership(request, row.realEstateId);
    const scope = await leadScopeOf(app.deps, m, request.currentUser!.id);
    if (scope !== null && row.assignedUserId !== scope) throw notFound('Lead não encontrado.');
    return { row, scope };
  };
  const load = async (request: Parameters<typeof app.requireUser>[0], id: string) =>
    (await loadScoped(request, id)).row;

  r.get(
    '/v1/leads/:id',
    {
      schema: {
        tags: ['leads'],
        summary: 'Um lead, seu contato e suas entregas',
        params: uuidParams,
        response: { 200: leadDetailResponse },
      },
    },
    async (request) => {
      const { row, scope } = await loadScoped(request, request.params.id);
      return { data: await getLeadDetail(app.deps, row, { assignedTo: scope }) };
    },
  );

  r.patch(
    '/v1/leads/:id',
    {
      schema: {
        tags: ['leads'],
        summary: 'Mudar o status do lead',
        params: uuidParams,
        body: updateLeadBody,
        response: { 200: leadResponse },
      },
    },
    async (request) => {
      const lead = await load(request, request.params.id);
      return {
        data: await changeLeadStatus(app.deps, {
          lead,
          userId: request.currentUser!.id,
          status: request.body.status,
        }),
      };
    },
  );

  const releaseResponses = { 200: leadReleaseResponse, 409: apiErrorSchema };
  r.post(
    '/v1/leads/:id/release',
    {
      schema: {
        tags: ['leads'],
        summary: 'Liberar um lead da quarentena',
        params: uuidParams,
        response: releaseResponses,
      },
    },
    async (request) => {
      const lead = await load(request, request.params.id);
      if (!lead.quarantined) throw new HttpError(409, 'Este lead não está em quarentena.');
      const created = await releaseLead(app.deps, { lead, userId: request.currentUser!.id });
      return {
        data: { id: lead.id, deliveries: created.length },
        message: 'Lead liberado e encaminhado às integrações.',
      };
    },
  );
}
