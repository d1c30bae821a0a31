/**
 * Lead sources (docs/product.md#lead-sources): the Grupo OLX push the portal sends to the agency's URL,
 * and the lead sources screen's endpoints (channels, secret, test lead, the inbound ledger and replay),
 * for owners and admins.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  GRUPO_ZAP_MAX_BYTES,
  INBOUND_REQUEST_NOT_FOUND,
  throttleMessage,
  type InboundChannel,
} from '@vitrine/contracts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { paginate } from '../../lib/pagination.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { acceptGrupoZapPush } from './grupo-zap-accept.ts';
import { admitPush } from './admit-push.ts';
import { parsePushBody, testPushBody } from './grupo-zap-push.ts';
import {
  findInboundRequest,
  inboundDetail,
  listInboundRequests,
  replayInboundRequest,
} from './inbound-requests.ts';
import {
  connectSource,
  disconnectSource,
  findConnectedSource,
  findLatestListingCode,
  listSources,
  rotateSourceSecret,
} from './lead-sources.ts';

/**
 * Rate limits of the push (docs/lead-sources.md#limits): per source and per agency
 * (INBOUND_SOURCE_LIMIT_PER_MINUTE, INBOUND_AGENCY_LIMIT_PER_MINUTE), counted after the credentials are
 * checked, so calls with a wrong secret never use up the portal's share; those count per IP instead.
 */
export const PUSH_LIMITS = {
  failedAuthPerIpPer10Minutes: 30,
};

const DISCONNECTED = 'Origem de leads não encontrada ou desconectada.';

export default async function inboundRoutes(app: FastifyInstance) {
  const { deps, throttle } = app;

  const tooMany = (seconds: number) =>
    new HttpError(429, throttleMessage(seconds), undefined, undefined, { 'retry-after': String(seconds) });

  // The push, in its own context: its body is read as text and parsed here, so broken JSON is kept in
  // the ledger with a 400 instead of failing before the route (every content type is read as JSON: the
  // portal sends application/json, an integrator's tool may not say).
  await app.register(async (push) => {
    push.removeAllContentTypeParsers();
    push.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: GRUPO_ZAP_MAX_BYTES },
      (_req, text, done) => done(null, parsePushBody(String(text))),
    );

    mount(
      push,
      'receiveGrupoZapLead',
      async (request, reply: FastifyReply) => {
        const admission = await admitPush(deps, {
          publicId: request.params.publicId,
          authorization: request.headers.authorization,
        });
        if (admission.kind === 'unknown') throw notFound(DISCONNECTED);
        if (admission.kind === 'unauthorized') {
          const failures = await throttle.hit(`inbound-auth:${request.ip}`, 600);
          if (failures.hits > PUSH_LIMITS.failedAuthPerIpPer10Minutes)
            throw tooMany(failures.retryAfterSeconds);
          return reply
            .status(401)
            .header('www-authenticate', 'Basic realm="Vitrine", charset="UTF-8"')
            .send({ message: 'Credenciais inválidas: confira a chave cadastrada no portal.' });
        }
        const { perSource, perAgency } = admission;
        if (perSource.hits > app.config.INBOUND_SOURCE_LIMIT_PER_MINUTE)
          throw tooMany(perSource.retryAfterSeconds);
        if (perAgency.hits > app.config.INBOUND_AGENCY_LIMIT_PER_MINUTE)
          throw tooMany(perAgency.retryAfterSeconds);

        const outcome = await acceptGrupoZapPush(deps, {
          realEstateId: admission.realEstateId,
          body: request.body,
        });
        if (!outcome.ok)
          return reply.status(outcome.status).send({ message: outcome.reason, errors: outcome.errors });
        const { result } = outcome;
        return {
          data: {
            lead_id: result.lead.id,
            outcome: result.outcome,
            listing_not_found: result.listingNotFound,
          },
          message: result.outcome === 'created' ? 'Lead recebido.' : 'Lead já recebido antes.',
        };
      },
      // A portal's push is never refused for its URL's query string, which it does not use.
      { bodyLimit: GRUPO_ZAP_MAX_BYTES, config: { controlChars: 'strip-query' } },
    );
  });

  mount(app, 'listLeadSources', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await listSources(deps, m.realEstateId, { withSecrets: true }) };
  });

  const viewOf = async (realEstateId: number, channel: InboundChannel) => {
    const all = await listSources(deps, realEstateId, { withSecrets: true });
    return all.find((s) => s.channel === channel)!;
  };

  mount(app, 'connectLeadSource', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { channel } = request.params;
    await connectSource(deps, { realEstateId: m.realEstateId, channel, userId: request.currentUser!.id });
    return {
      data: await viewOf(m.realEstateId, channel),
      message:
        channel === 'grupo_zap'
          ? 'Agora cole a URL de integração e a chave secreta no Canal Pro do Grupo OLX.'
          : 'Origem conectada: copie os dados do cartão para o sistema que vai enviar os leads.',
    };
  });

  mount(app, 'rotateLeadSourceSecret', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { channel } = request.params;
    const rotated = await rotateSourceSecret(deps, {
      realEstateId: m.realEstateId,
      channel,
      userId: request.currentUser!.id,
    });
    if (!rotated) throw new HttpError(409, 'Conecte a origem antes de gerar uma nova chave.');
    return {
      data: await viewOf(m.realEstateId, channel),
      message: 'Nova chave gerada: atualize-a no portal, a anterior deixou de valer.',
    };
  });

  mount(app, 'disconnectLeadSource', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { channel } = request.params;
    await disconnectSource(deps, { realEstateId: m.realEstateId, channel, userId: request.currentUser!.id });
    return {
      data: await viewOf(m.realEstateId, channel),
      message: 'Os leads desta origem deixam de ser aceitos; os já recebidos continuam na lista.',
    };
  });

  // The test lead goes through the same path as the portal's push (mapping, inbound ledger, capture,
  // deliveries), marked as a test; the credentials are the server's own, so they are not checked.
  mount(app, 'sendInboundTestLead', async (request, reply) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const source = await findConnectedSource(deps, m.realEstateId, request.params.channel);
    if (!source) throw new HttpError(409, 'Conecte a origem antes de enviar um lead de teste.');
    const body = testPushBody((await findLatestListingCode(deps, m.realEstateId)) ?? 'TESTE-VITRINE');
    const outcome = await acceptGrupoZapPush(deps, { realEstateId: m.realEstateId, body, isTest: true });
    if (!outcome.ok) return reply.status(422).send({ message: outcome.reason, errors: outcome.errors });
    return {
      data: { lead_id: outcome.result.lead.id, request_id: outcome.result.requestId },
      message: 'Lead de teste recebido: veja-o no histórico abaixo e na lista de leads.',
    };
  });

  mount(app, 'listInboundRequests', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const q = request.query;
    const { data, total } = await listInboundRequests(deps, m.realEstateId, q);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/inbound-requests`,
      query: q,
    });
  });

  const load = async (request: Parameters<typeof app.requireUser>[0], id: string) => {
    await app.requireUser(request);
    const row = await findInboundRequest(deps, id);
    if (!row) throw notFound(INBOUND_REQUEST_NOT_FOUND);
    await app.requireMembership(request, row.r.realEstateId, MANAGERS);
    return row;
  };

  mount(app, 'getInboundRequest', async (request) => ({
    data: inboundDetail(await load(request, request.params.id)),
  }));

  mount(app, 'replayInboundRequest', async (request) => {
    const row = await load(request, request.params.id);
    const result = await replayInboundRequest(deps, row.r, request.currentUser!.id);
    return {
      data: { lead_id: result.lead.id, request_id: result.requestId, outcome: result.outcome },
      message:
        result.outcome === 'created'
          ? 'Requisição reprocessada: lead criado.'
          : 'Este lead já tinha sido recebido.',
    };
  });
}
