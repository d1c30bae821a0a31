/** The delivery ledger: list with filters, one delivery with its attempts, replay. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  deliveryDetailResponse,
  deliveryListQuery,
  deliveryListResponse,
  deliveryReplayResponse,
  type Role,
} from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { idParams, uuidParams as uuidParamsOf } from '../../lib/route-params.ts';
import { leadScopeOf } from '../team/index.ts';
import {
  deliveryLeadAssignee,
  deliveryView,
  findDelivery,
  getDeliveryDetail,
  listDeliveries,
} from './list-deliveries.ts';
import { replayDelivery } from './requeue-deliveries.ts';

const uuidParams = uuidParamsOf('Entrega não encontrada.');

export default async function deliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  r.get(
    '/v1/real-estates/:id/deliveries',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Entregas de leads (ledger)',
        params: idParams,
        querystring: deliveryListQuery,
        response: { 200: deliveryListResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id);
      const q = request.query;
      // An agent limited to their own leads sees only those leads' deliveries (issue 25).
      const scope = await leadScopeOf(deps, m, request.currentUser!.id);
      const { data, total } = await listDeliveries(deps, m.realEstateId, q, scope);
      return paginate({
        data,
        total,
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/deliveries`,
        query: q,
      });
    },
  );

  const load = async (
    request: Parameters<typeof app.requireUser>[0],
    id: string,
    allowed?: readonly Role[],
  ) => {
    await app.requireUser(request);
    const row = await findDelivery(deps, id);
    if (!row) throw notFound('Entrega não encontrada.');
    const m = await app.requireMembership(request, row.realEstateId, allowed);
    // A delivery of a lead the caller may not see does not exist for them.
    const scope = await leadScopeOf(deps, m, request.currentUser!.id);
    if (scope !== null && (await deliveryLeadAssignee(deps, row)) !== scope)
      throw notFound('Entrega não encontrada.');
    return row;
  };

  r.get(
    '/v1/deliveries/:id',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Uma entrega com todas as tentativas',
        params: uuidParams,
        response: { 200: deliveryDetailResponse },
      },
    },
    async (request) => ({ data: await getDeliveryDetail(deps, await load(request, request.params.id)) }),
  );

  r.post(
    '/v1/deliveries/:id/replay',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Reenviar uma entrega com falha, morta ou pausada (proprietário e administrador)',
        params: uuidParams,
        response: { 202: deliveryReplayResponse, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
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
      return reply.status(202).send({ data: deliveryView(fresh), message: 'Entrega reenviada para a fila.' });
    },
  );
}
