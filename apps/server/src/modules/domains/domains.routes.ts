/**
 * Domínio próprio (decision 017): an agency's own domain for its landing pages (owner and admin), and
 * the edge's question "is this domain ours?" (GET /internal/tls/ask, Caddy's on-demand TLS).
 */
import type { FastifyInstance } from 'fastify';
import { checkAddress } from '../../lib/outbound/address-policy.ts';
import { mount } from '../../lib/mount.ts';
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

export default async function domainRoutes(app: FastifyInstance) {
  const { deps, config } = app;

  mount(app, 'listDomains', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const rows = await listDomains(deps, m.realEstateId);
    return {
      data: rows.map((row) => domainView(config, row)),
      meta: { landing_url: config.LANDING_URL, pages_url: await agencyPagesUrl(deps, m.realEstateId) },
    };
  });

  mount(app, 'addDomain', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const row = await addDomain(deps, m.realEstateId, request.body.hostname);
    return {
      data: domainView(config, row),
      message: 'Domínio adicionado: crie os registros DNS e clique em Verificar.',
    };
  });

  mount(app, 'verifyDomain', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { row, message } = await verifyDomain(deps, m.realEstateId, request.params.domainId);
    return { data: domainView(config, row), message };
  });

  mount(app, 'removeDomain', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    await removeDomain(deps, m.realEstateId, request.params.domainId);
    return null;
  });

  // Caddy's on-demand TLS asks before it gets a certificate for a name it was never told about:
  // 200 only for a name we serve (LANDING_URL's host, a verified domain), 404 otherwise. One indexed
  // lookup, no body worth reading, nothing about the agency.
  // Only the edge asks, from the private side and never through a proxy (a forwarded request is a
  // visitor's): anyone else gets the same 404 as an unknown name, so the customers' domains can't be
  // listed from outside.
  mount(app, 'askTlsPermission', async (request, reply) => {
    if (request.headers['x-forwarded-for'] !== undefined || !isPrivateCaller(request.ip))
      return reply.status(404).send({ message: 'Domínio não atendido.' });
    const raw = (request.query as Record<string, unknown>).domain;
    const host = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
    reply.header('cache-control', 'no-store');
    if (!host || host.length > 253 || !/^[a-z0-9.-]+$/.test(host))
      return reply.status(400).send({ message: 'Informe o domínio em ?domain=.' });
    if (!(await isServedHost(deps, host)))
      return reply.status(404).send({ message: 'Domínio não atendido.' });
    return { message: 'ok' };
  });
}

/** A loopback or private-network address (the edge beside the app), not a visitor's. */
function isPrivateCaller(ip: string): boolean {
  const verdict = checkAddress(ip, { allowPrivateNetwork: true });
  return verdict.allowed && verdict.range !== 'unicast';
}
