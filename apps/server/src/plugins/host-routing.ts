/**
 * Two sides on one server, told apart by the Host header (decision 017): the console (APP_URL's host
 * only) and the landing pages (LANDING_URL's host, and agencies' verified domains). Any other host (a
 * name pointed at the server by someone else, a scanner asking by IP) gets a plain 421 Misdirected
 * Request, except for the operator's probes, which answer on every host: the health checks (the image's
 * HEALTHCHECK and load balancers ask by IP), Caddy's on-demand TLS question and /metrics (scraped per
 * process, by address; guarded by its own token). An agency may put its own tag manager on its pages; a script there must
 * never share the console's origin, read its cookies or call its API with a visitor's session. So:
 *
 * - On a landing host only the public landing routes answer: the pages, their tracker, the lead form,
 *   the analytics beacons, the listing feeds, robots.txt and the health probes. Everything else is a 404 (a page asked for
 *   on LANDING_URL's host is sent to the same path on APP_URL, for a person who typed the wrong address).
 *   The Cookie header is dropped before anything reads it, and no Set-Cookie leaves.
 * - An agency's verified domain (imoveis.suaimobiliaria.com.br) is a landing host that serves that
 *   agency's pages only; the rest is a 404 there.
 * - On the console's host, /imoveis/* moves permanently to LANDING_URL (old links, shared before the move).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@vitrine/contracts';
import { agencyOfHost } from '../modules/domains/index.ts';

export type Site =
  | { kind: 'console' }
  /** realEstateId: the agency whose own verified domain this is (its pages only); null on LANDING_URL's host. */
  | { kind: 'landing'; host: string; realEstateId: number | null };

declare module 'fastify' {
  interface FastifyRequest {
    /** Which side the request's Host asks for. */
    site: Site;
  }
}

const CONSOLE: Site = { kind: 'console' };

/** What a landing host answers, by method: exact paths, or prefixes (ending in "/"). */
const LANDING_ROUTES: Record<string, readonly string[]> = {
  // /files/: the local driver's uploads (public photos, posters), so a page's photos come from its own
  // origin (one connection fewer before the first photo, the page's LCP element).
  // /feeds/: the listing feeds the portals and Meta read (decision 022), public and cookieless.
  GET: ['/imoveis/', '/p/', '/files/', '/feeds/', '/robots.txt', '/healthz', '/health/', '/internal/tls/ask'],
  POST: ['/v1/public/pages/', '/v1/public/events'],
};
LANDING_ROUTES.HEAD = LANDING_ROUTES.GET!;

export function isLandingRoute(method: string, path: string): boolean {
  const allowed = LANDING_ROUTES[method];
  if (!allowed) return false;
  return allowed.some((p) => (p.endsWith('/') ? path.startsWith(p) && path.length > p.length : path === p));
}

/** Paths never sent on to the console from a landing host: the API and the console's own calls. */
const NEVER_REDIRECTED = ['/v1/', '/sanctum/', '/docs', '/metrics', '/internal/'];

/** What answers on any host: the operator's probes (docs/operations.md#health). */
export function isAnyHostRoute(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  return (
    path === '/healthz' ||
    (path.startsWith('/health/') && path.length > '/health/'.length) ||
    path === '/internal/tls/ask' ||
    path === '/metrics'
  );
}

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.decorateRequest('site', null as never); // set by the hook below, first thing on every request

    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      // `imoveis.x.com.br.` (a fully qualified name, trailing dot) is the same host as without it.
      const host = request.hostname.toLowerCase().replace(/\.$/, '');
      const path = request.url.split('?')[0] ?? '/';
      // An agency's verified domain (modules/domains): its pages only. A cached, indexed lookup, made
      // only for a host that is neither of ours, and never for the health probes (they check no
      // dependency); a failed lookup is "no agency", never a 500.
      const ours = host === config.landingHost || host === config.appHost;
      const agency =
        ours || path === '/healthz' || path.startsWith('/health/')
          ? null
          : await agencyOfHost(app.deps, host).catch((err: unknown) => {
              request.log.warn({ err, host }, 'custom domain lookup failed');
              return null;
            });
      if (host !== config.landingHost && agency === null) {
        request.site = CONSOLE;
        if (host !== config.appHost && !isAnyHostRoute(request.method, path))
          return reply
            .status(421)
            .type('text/plain; charset=utf-8')
            .send('Este servidor não atende este endereço.');
        if ((request.method === 'GET' || request.method === 'HEAD') && path.startsWith('/imoveis/'))
          return reply.redirect(`${config.LANDING_URL}${request.url}`, 308);
        return;
      }
      request.site = { kind: 'landing', host, realEstateId: agency };
      // No console cookie is read here, whatever the browser sends (the landing side uses none).
      delete request.raw.headers.cookie;
      if (isLandingRoute(request.method, path)) return;
      if (
        agency === null &&
        (request.method === 'GET' || request.method === 'HEAD') &&
        !NEVER_REDIRECTED.some((p) => path.startsWith(p))
      )
        return reply.redirect(`${config.APP_URL}${request.url}`, 302);
      return reply.status(404).send({ message: MESSAGES.routeNotFound });
    });

    // Nothing on a landing host sets a cookie (defence in depth: no route there does).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.site?.kind === 'landing') reply.removeHeader('set-cookie');
      return payload;
    });
  },
  { name: 'host-routing' },
);
