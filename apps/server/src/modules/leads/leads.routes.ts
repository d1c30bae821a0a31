/**
 * Leads in the console: the filtered list, CSV export, one lead with its contact and ledger, status,
 * assignee, release; and the test lead Integrações sends.
 */
import type { FastifyInstance } from 'fastify';
import { LEAD_NOT_FOUND, isAdConversionTarget } from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { captureLead, releaseLead } from './capture-lead.ts';
import { changeLeadStatus } from './change-lead-status.ts';
import { findLead, getLeadDetail, getLeadPage } from './get-lead.ts';
import { assigneeNameOf, leadView } from './lead-view.ts';
import { exportLeadsCsv } from './export-leads.ts';
import { listLeads } from './list-leads.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { mount } from '../../lib/mount.ts';
import { assignLead, leadScopeOf } from '../team/index.ts';

export default async function leadRoutes(app: FastifyInstance) {
  mount(app, 'listLeads', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    // An agent sees the leads assigned to them, unless the agency lets agents see all
    // (docs/product.md#lead-assignment).
    const scope = await leadScopeOf(app.deps, m, request.currentUser!.id);
    const q = scope === null ? request.query : { ...request.query, assigned_to: String(scope) };
    const { data, total, quarantined } = await listLeads(app.deps, m.realEstateId, q);
    const list = paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/leads`,
      query: q,
    });
    return { ...list, meta: { ...list.meta, quarantined, own_leads_only: scope !== null } };
  });

  mount(app, 'exportLeads', async (request, reply) => {
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
  });

  /** The lead the caller may see, and the user its leads are limited to (an agent seeing only their own). */
  const loadScoped = async (request: Parameters<typeof app.requireUser>[0], id: string) => {
    await app.requireUser(request);
    const row = await findLead(app.deps, id);
    if (!row) throw notFound(LEAD_NOT_FOUND);
    const m = await app.requireMembership(request, row.realEstateId);
    const scope = await leadScopeOf(app.deps, m, request.currentUser!.id);
    if (scope !== null && row.assignedUserId !== scope) throw notFound(LEAD_NOT_FOUND);
    return { row, scope };
  };
  const load = async (request: Parameters<typeof app.requireUser>[0], id: string) =>
    (await loadScoped(request, id)).row;

  mount(app, 'getLead', async (request) => {
    const { row, scope } = await loadScoped(request, request.params.id);
    return { data: await getLeadDetail(app.deps, row, { assignedTo: scope }) };
  });

  mount(app, 'updateLead', async (request) => {
    const lead = await load(request, request.params.id);
    return {
      data: await changeLeadStatus(app.deps, {
        lead,
        userId: request.currentUser!.id,
        status: request.body.status,
      }),
    };
  });

  mount(app, 'releaseLead', async (request) => {
    const lead = await load(request, request.params.id);
    const notHeld = () => new HttpError(409, 'Este lead não está em quarentena.');
    if (!lead.quarantined) throw notHeld();
    const created = await releaseLead(app.deps, { lead, userId: request.currentUser!.id });
    if (!created) throw notHeld();
    return {
      data: { id: lead.id, deliveries: created.length },
      message: 'Lead liberado e encaminhado às integrações.',
    };
  });

  mount(app, 'assignLead', async (request) => {
    await app.requireUser(request);
    const lead = await findLead(app.deps, request.params.id);
    if (!lead) throw notFound(LEAD_NOT_FOUND);
    await app.requireMembership(request, lead.realEstateId, MANAGERS);
    const row = await assignLead(app.deps, {
      lead,
      userId: request.body.user_id,
      actorId: request.currentUser!.id,
    });
    return {
      data: leadView(row, await getLeadPage(app.deps, row), 0, await assigneeNameOf(app.deps, row)),
    };
  });

  mount(app, 'sendTestLead', async (request) => {
    const membership = await app.requireMembership(request, request.params.id, MANAGERS);
    const user = request.currentUser!;
    const { lead, deliveries } = await captureLead(app.deps, {
      realEstateId: membership.realEstateId,
      name: `Lead de teste (${user.name})`,
      email: user.email,
      phone: '11999999999',
      message: 'Este é um lead de teste enviado pelo console para conferir as integrações.',
      source: 'teste',
      isTest: true,
    });
    return {
      data: {
        lead_id: lead.id,
        // A test lead never goes to the ad platforms (docs/privacy.md#ad-conversions).
        deliveries: deliveries.flatMap(({ id, integration, status }) =>
          isAdConversionTarget(integration) ? [] : [{ id, integration, status }],
        ),
      },
      message: deliveries.length
        ? 'Lead de teste enviado.'
        : 'Nenhuma integração ativa: o lead de teste foi salvo, mas não foi enviado.',
    };
  });
}
