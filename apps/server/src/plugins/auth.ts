/**
 * Guards in one place: who is signed in, and what their role allows in an agency.
 * Another agency's ids answer 404 (never reveal that they exist); a role without the right answers 403.
 * HTTP only: the user and the membership are read by the auth module's services, given `app.deps`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@vitrine/contracts';
import { forbidden, notFound, unauthenticated } from '../lib/http-errors.ts';
import { findMembershipRole, findSessionUser } from '../modules/auth/index.ts';

export interface CurrentUser {
  id: number;
  name: string;
  email: string;
}

export interface Membership {
  realEstateId: number;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a signed-in user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** The signed-in user's membership in an agency, 404 when there is none, 403 when the role is not allowed. */
    requireMembership: (
      request: FastifyRequest,
      realEstateId: number,
      allowed?: readonly Role[],
    ) => Promise<Membership>;
  }
}

export const MANAGERS: readonly Role[] = ['owner', 'admin'];

export default fp(
  async (app: FastifyInstance) => {
    const deps = app.deps;
    app.decorateRequest('currentUser', null);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const userId = request.session?.userId;
      if (!userId) throw unauthenticated();
      if (request.currentUser?.id === userId) return;
      const user = await findSessionUser(deps, userId);
      if (!user) throw unauthenticated();
      request.currentUser = user;
    });

    app.decorate(
      'requireMembership',
      async (request: FastifyRequest, realEstateId: number, allowed?: readonly Role[]) => {
        await app.requireUser(request);
        const user = request.currentUser as CurrentUser;
        const role = await findMembershipRole(deps, user.id, realEstateId);
        if (!role) throw notFound();
        if (allowed && !allowed.includes(role)) throw forbidden();
        return { realEstateId, role };
      },
    );
  },
  { name: 'auth', dependencies: ['database', 'session'] },
);
