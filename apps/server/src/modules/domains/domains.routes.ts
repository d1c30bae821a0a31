/**
 * Domínio próprio (decision 017): an agency's own domain for its landing pages (owner and admin), and
 * the edge's question "is this domain ours?" (GET /internal/tls/ask, Caddy's on-demand TLS).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addCustomDomainBody, customDomainResponse, customDomainsResponse } from '@vitrine/contracts';
import { checkAddress } from '../../lib/outbound/address-policy.ts';
import { idParams } from '../../lib/route-params.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import {
  addDomain,
  domainView,
  isServedHost,
  listDomains,
  removeDomain,
  verifyDomain,
} from './custom-domains.ts';
import { agencyPagesUrl } from './domain-directory.ts';

const domainParams = idParams.extend({
  domainId: z.coerce.number({ error: 'Domínio não encontrado.' }).int().positive().max(2_147_483_647),
});

export default async function domainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps, config } = app;

  r.get(
    '/v1/real-estates/:id/domains',
    {
      schema: {
        tags: ['domains'],
        summary: 'Domínios próprios da imobiliária, com os registros DNS a criar',
        params: idParams,
        response: { 200: customDomainsResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const rows = await listDomains(deps, m.realEstateId);
      return {
        data: rows.map((row) => domainView(config, row)),
        meta: { landing_url: config.LANDING_URL, pages_url: await agencyPagesUrl(deps, m.realEstateId) },
      };
    },
  );

  r.post(
    '/v1/real-estates/:id/domains',
    {
      schema: {
        tags: ['domains'],
        summary: 'Adicionar um domínio (fica aguardando a verificação do DNS)',
        params: idParams,
        body: addCustomDomainBody,
        response: { 201: customDomainResponse },
      },
    },
    async (request, reply) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const row = await addDomain(deps, m.realEstateId, request.body.hostname);
      return reply.status(201).send({
        data: domainView(config, row),
        message: 'Domínio adicionado: crie os registros DNS e clique em Verificar.',
      });
    },
  );

  r.post(
    '/v1/real-estates/:id/domains/:domainId/verify',
    {
      schema: {
        tags: ['domains'],
        summary: 'Verificar o DNS do domínio agora',
        params: domainParams,
        response: { 200: customDomainResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const { row, message } = await verifyDomain(deps, m.realEstateId, request.params.domainId);
      return { data: domainView(config, row), message };
    },
  );

  r.delete(
    '/v1/real-estates/:id/domains/:domainId',
    {
      schema: {
        tags: ['domains'],
        summary: 'Remover o domínio (as páginas voltam ao endereço da Vitrine)',
        params: domainParams,
      },
    },
    async (request, reply) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      await removeDomain(deps, m.realEstateId, request.params.domainId);
      return reply.status(204).send();
    },
  );

  // Caddy's on-demand TLS asks before it gets a certificate for a name it was never told about:
  // 200 only for a name we serve (LANDING_URL's host, a verified domain), 404 otherwise. One indexed
  // lookup, no body worth reading, nothing about the agency.
  // Only the edge asks, from the private side and never through a proxy (a forwarded request is a
  // visitor's): anyone else gets the same 404 as an unknown name, so the customers' domains can't be
  // listed from outside.
  app.get('/internal/tls/ask', { schema: { hide: true } }, async (request, reply) => {
    if (request.headers['x-forwarded-for'] !== undefined || !isPrivateCaller(request.ip))
      return reply.status(404).send({ message: 'Domínio não atendido.' });
    const raw = (request.query as Record<string, unknown>).domain;
    const host = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
    reply.header('cache-control', 'no-store');
    if (!host || host.length > 253 || !/^[a-z0-9.-]+$/.test(host))
      return reply.status(400).send({ message: 'Informe o domínio em ?domain=.' });
    return (await isServedHost(deps, host))
      ? reply.status(200).send({ message: 'ok' })
      : reply.status(404).send({ message: 'Domínio não atendido.' });
  });
}

/** A loopback or private-network address (the edge beside the app), not a visitor's. */
function isPrivateCaller(ip: string): boolean {
  const verdict = checkAddress(ip, { allowPrivateNetwork: true });
  return verdict.allowed && verdict.range !== 'unicast';
}
