/**
 * Control characters (NUL above all: PostgreSQL refuses it in text) stopped at the door, before any
 * validation or query: in the API's body and query string (`/v1/…`) they answer a Portuguese 422 naming
 * the field; in a path parameter, 404 (no such record can exist). A route with `config.controlChars:
 * 'strip'` (the public lead form, the lead API, the tracker's beacons) gets them removed instead, so the
 * lead is kept; `'strip-query'` (a portal's push, which strips its own body) only from the query. The
 * query string of everything else (a landing page, the site, the console's screens, the sitemap) is
 * cleaned too: a visitor from an ad whose link carries a broken tracking parameter gets the page, not a
 * JSON error.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { controlCharsMessage, findControlChars, stripControlCharsDeep } from '@vitrine/contracts';
import { notFound, validationError } from '../lib/http-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'strip': remove control characters from body, query and params instead of refusing them;
     * 'strip-query': from the query string only (a route that reads no query, and parses its own body).
     */
    controlChars?: 'strip' | 'strip-query';
    /** The route checks its own path parameters (the landing page answers its HTML 404). */
    ownParams?: boolean;
  }
}

export function guardInput(request: FastifyRequest) {
  const config = request.routeOptions.config;
  if (config?.controlChars === 'strip') {
    if (request.body && typeof request.body === 'object') request.body = stripControlCharsDeep(request.body);
    if (request.query && typeof request.query === 'object')
      request.query = stripControlCharsDeep(request.query);
    return;
  }
  if (!config?.ownParams && findControlChars(request.params).length) throw notFound();
  const api = !!request.routeOptions.url?.startsWith('/v1/') && config?.controlChars !== 'strip-query';
  // Copied only when it holds one (a landing page's GET is a hot path: no new object per visit).
  if (!api && request.query && typeof request.query === 'object' && findControlChars(request.query).length)
    request.query = stripControlCharsDeep(request.query);
  const body = request.body;
  const bodyFields =
    typeof body === 'string' || (body && typeof body === 'object' && !Buffer.isBuffer(body))
      ? findControlChars(body)
      : [];
  const fields = [...(api ? findControlChars(request.query) : []), ...bodyFields];
  if (fields.length)
    throw validationError(Object.fromEntries(fields.map((f) => [f, [controlCharsMessage(f)]])));
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => guardInput(request));
  },
  { name: 'input-guard' },
);
