/**
 * Guards in one place: who is signed in, and what their role allows in an agency.
 * Another agency's ids answer 404 (never reveal that they exist); a role without the right answers 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { Role } from '@vitrine/contracts';
import { memberships, users } from '../db/schema.ts';
import { forbidden, notFound, unauthenticated } from '../lib/http-errors.ts';

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
    const { db } = app.database;
    app.decorateRequest('currentUser', null);

    app.decorate('requireUser', async (request: FastifyRequest) => {
      const userId = request.session?.userId;
      if (!userId) throw unauthenticated();
      if (request.currentUser?.id === userId) return;
      const [user] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!user) throw unauthenticated();
      request.currentUser = user;
    });

    app.decorate(
      'requireMembership',
      async (request: FastifyRequest, realEstateId: number, allowed?: readonly Role[]) => {
        await app.requireUser(request);
        const user = request.currentUser as CurrentUser;
        const [row] = await db
          .select({ role: memberships.role })
          .from(memberships)
          .where(
            and(
              eq(memberships.realEstateId, realEstateId),
              eq(memberships.userId, user.id),
              // An invitation not yet accepted opens nothing; a removed member has no row at all, so
              // every session of theirs loses the agency on its next request.
              eq(memberships.status, 'active'),
            ),
          )
          .limit(1);
        if (!row) throw notFound();
        if (allowed && !allowed.includes(row.role)) throw forbidden();
        return { realEstateId, role: row.role };
      },
    );
  },
  { name: 'auth', dependencies: ['database', 'session'] },
);
