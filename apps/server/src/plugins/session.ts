/**
 * Server-side sessions and the Sanctum-style CSRF flow (docs/decisions/003-sessions-and-csrf.md):
 * the session cookie is HttpOnly and holds a random id (only its SHA-256 is stored);
 * XSRF-TOKEN is readable by scripts and must come back in X-XSRF-TOKEN on every
 * state-changing console call, or the answer is 419. HTTP only: the sessions themselves are stored
 * and read by the auth module's services (modules/auth/sessions.ts), given `app.deps`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@vitrine/contracts';
import { safeEqual } from '../lib/crypto.ts';
import { HttpError } from '../lib/http-errors.ts';
import { mount } from '../lib/mount.ts';
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  findSession,
  touchSession,
  type SessionState,
} from '../modules/auth/index.ts';

export const SESSION_COOKIE = 'vitrine_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const GUEST_TTL_MS = 2 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type { SessionState };

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionState | null;
  }
  interface FastifyContextConfig {
    /**
     * The route is authenticated by a Bearer key of its own (the lead API): no session is read for it,
     * whatever cookie comes, and so no CSRF token is asked (a page on another site cannot set the header).
     */
    bearerAuth?: boolean;
  }
  interface FastifyInstance {
    sessions: SessionService;
  }
}

export interface SessionService {
  /** Starts a new session (new id, new CSRF token), replacing the request's current one. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number | null): Promise<SessionState>;
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  destroyAllForUser(userId: number): Promise<void>;
}

export default fp(
  async (app: FastifyInstance) => {
    const deps = app.deps;
    const config = app.config;
    const userTtlMs = config.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
    const cookieBase = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };

    const setCookies = (reply: FastifyReply, id: string | null, state: SessionState) => {
      const maxAge = Math.max(0, Math.floor((state.expiresAt.getTime() - Date.now()) / 1000));
      if (id) reply.setCookie(SESSION_COOKIE, id, { ...cookieBase, httpOnly: true, maxAge });
      reply.setCookie(XSRF_COOKIE, state.csrfToken, { ...cookieBase, httpOnly: false, maxAge });
    };

    const service: SessionService = {
      async start(request, reply, userId) {
        if (request.session) await deleteSession(deps, request.session.idHash);
        const { id, state } = await createSession(deps, {
          userId,
          ttlMs: userId ? userTtlMs : GUEST_TTL_MS,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        request.session = state;
        setCookies(reply, id, state);
        return state;
      },
      async destroy(request, reply) {
        if (request.session) await deleteSession(deps, request.session.idHash);
        request.session = null;
        reply.clearCookie(SESSION_COOKIE, cookieBase);
        reply.clearCookie(XSRF_COOKIE, cookieBase);
      },
      async destroyAllForUser(userId) {
        await deleteUserSessions(deps, userId);
      },
    };
    app.decorate('sessions', service);
    app.decorateRequest('session', null);

    app.addHook('onRequest', async (request) => {
      // The landing pages' hosts have no session (plugins/host-routing.ts drops their Cookie header too).
      if (request.site.kind === 'landing' || request.routeOptions.config?.bearerAuth) return;
      const id = request.cookies[SESSION_COOKIE];
      if (!id || id.length > 100) return;
      const session = await findSession(deps, id);
      if (!session) return;
      request.session = session;
      // Sliding expiry for signed-in users, written at most every few minutes.
      if (session.userId && Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(deps, session.idHash, userTtlMs);
      }
    });

    // CSRF: console API calls that change state carry X-XSRF-TOKEN equal to the session's token.
    // Checked on request, before the body is even parsed, as Laravel's middleware would answer.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.bearerAuth) return;
      const url = request.url;
      // Public calls, providers' webhooks and the lead sources' pushes (authenticated by their own
      // tokens) carry no session.
      if (
        !url.startsWith('/v1/') ||
        url.startsWith('/v1/public/') ||
        url.startsWith('/v1/webhooks/') ||
        url.startsWith('/v1/inbound/')
      )
        return;
      const header = request.headers['x-xsrf-token'];
      const token = typeof header === 'string' ? safeDecode(header) : '';
      if (!request.session || !token || !safeEqual(token, request.session.csrfToken)) {
        throw new HttpError(419, MESSAGES.csrfMismatch);
      }
    });

    mount(app, 'getCsrfCookie', async (request, reply) => {
      if (!request.session) await service.start(request, reply, null);
      else setCookies(reply, null, request.session);
      return null;
    });
  },
  { name: 'session', dependencies: ['database', 'host-routing'] },
);

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
