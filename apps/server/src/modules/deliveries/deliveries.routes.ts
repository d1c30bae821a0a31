/** The delivery ledger: list with filters, one delivery with its attempts, replay. */
import type { FastifyInstance } from 'fastify';
import { DELIVERY_NOT_FOUND, type Role } from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { mount } from '../../lib/mount.ts';
import { leadScopeOf } from '../team/index.ts';
import {
  deliveryLeadAssignee,
  deliveryView,
  findDelivery,
  getDeliveryDetail,
  listDeliveries,
} from './list-deliveries.ts';
import { replayDelivery } from './requeue-deliveries.ts';

export default async function deliveryRoutes(app: FastifyInstance) {
  const { deps } = app;

  mount(app, 'listDeliveries', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const q = request.query;
    // An agent limited to their own leads sees only those leads' deliveries
    // (docs/product.md#lead-assignment).
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    const { data, total } = await listDeliveries(deps, m.realEstateId, q, scope);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/deliveries`,
      query: q,
    });
  });

  const load = async (
    request: Parameters<typeof app.requireUser>[0],
    id: string,
    allowed?: readonly Role[],
  ) => {
    await app.requireUser(request);
    const row = await findDelivery(deps, id);
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    const m = await app.requireMembership(request, row.realEstateId, allowed);
    // A delivery of a lead the caller may not see does not exist for them.
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    if (scope !== null && (await deliveryLeadAssignee(deps, row)) !== scope)
      throw notFound(DELIVERY_NOT_FOUND);
    return row;
  };

  mount(app, 'getDelivery', async (request) => ({
    data: await getDeliveryDetail(deps, await load(request, request.params.id)),
  }));

  mount(app, 'replayDelivery', async (request) => {
    // Sending a lead to the CRM again is an integrations decision: managers only.
    const row = await load(request, request.params.id, MANAGERS);
    if (row.status === 'delivered') throw new HttpError(409, 'Esta entrega já foi concluída.');
    if (row.status === 'pending') throw new HttpError(409, 'Esta entrega já está na fila de envio.');
    if (row.status === 'canceled')
      throw new HttpError(
        409,
        'Esta entrega foi cancelada porque os dados do titular foram anonimizados (LGPD): não pode ser reenviada.',
      );
    const fresh = await replayDelivery(deps, row);
    return { data: deliveryView(fresh), message: 'Entrega reenviada para a fila.' };
  });
}
