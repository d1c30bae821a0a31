/**
 * Usuários (docs/product.md#team): the members of an agency, invitations, roles, the lead
 * rotation and the team's audit log. Owners and admins manage the team (agents get 403); the audit log
 * is the owner's. Invitations are looked up and accepted by their token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEAM_MESSAGES, throttleMessage, type Role } from '@vitrine/contracts';
import { HttpError, fieldError, unauthenticated } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { mount } from '../../lib/mount.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { getUserView } from '../auth/index.ts';
import { listTeamAudit } from './audit-log.ts';
import { findManagedAgencies } from './find-managed-agencies.ts';
import { acceptInvitation, inviteMember, lookupInvitation, resendInvitation } from './invitations.ts';
import { changeMemberRole, removeMember } from './manage-members.ts';
import { listMembers } from './members.ts';
import { readTeamSettings, updateTeamSettings } from './team-settings.ts';

export default async function teamRoutes(app: FastifyInstance) {
  const { deps } = app;

  const actorOf = (request: FastifyRequest, role: Role) => ({
    id: request.currentUser!.id,
    name: request.currentUser!.name,
    role,
  });

  mount(app, 'listMembers', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const q = request.query;
    const { data, total } = await listMembers(deps, m.realEstateId, q);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/users`,
      query: q,
    });
  });

  mount(app, 'inviteMember', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const perUser = await app.throttle.hit(`invite:${request.currentUser!.id}`, 3600);
    if (perUser.hits > 100) throw new HttpError(429, throttleMessage(perUser.retryAfterSeconds));
    const { member, message } = await inviteMember(deps, {
      realEstateId: m.realEstateId,
      actor: actorOf(request, m.role),
      email: request.body.email,
      role: request.body.role,
    });
    return { data: member, message };
  });

  mount(app, 'updateMember', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const { user_id, role } = request.body;
    if (user_id !== undefined && user_id !== request.params.userId)
      throw fieldError('user_id', TEAM_MESSAGES.userIdMismatch);
    const member = await changeMemberRole(deps, {
      realEstateId: m.realEstateId,
      actor: actorOf(request, m.role),
      userId: request.params.userId,
      role,
    });
    return { data: member };
  });

  mount(app, 'removeMember', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    const userId = request.body?.user_id;
    if (userId !== undefined && userId !== request.params.userId)
      throw fieldError('user_id', TEAM_MESSAGES.userIdMismatch);
    await removeMember(deps, {
      realEstateId: m.realEstateId,
      actor: actorOf(request, m.role),
      userId: request.params.userId,
    });
    return null;
  });

  mount(app, 'resendInvite', async (request) => {
    await app.requireUser(request);
    const me = request.currentUser!;
    // The agencies the caller manages: another agency's invitation is a 404, an agent's call a 403.
    const managed = await findManagedAgencies(deps, { actorId: me.id, userId: request.params.id });
    const { member, message } = await resendInvitation(deps, {
      userId: request.params.id,
      actor: { id: me.id, name: me.name },
      managedAgencies: managed,
    });
    return { data: member, message };
  });

  mount(app, 'getTeamSettings', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return { data: await readTeamSettings(deps, m.realEstateId) };
  });

  mount(app, 'updateTeamSettings', async (request) => {
    const m = await app.requireMembership(request, request.params.id, MANAGERS);
    return {
      data: await updateTeamSettings(deps, {
        realEstateId: m.realEstateId,
        actorId: request.currentUser!.id,
        ...request.body,
      }),
    };
  });

  mount(app, 'listAuditLog', async (request) => {
    const m = await app.requireMembership(request, request.params.id, ['owner']);
    const q = request.query;
    const { data, total } = await listTeamAudit(deps, m.realEstateId, q);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/audit-log`,
      query: q,
    });
  });

  const lookupThrottle = async (request: FastifyRequest) => {
    const state = await app.throttle.hit(`invitation:${request.ip}`, 3600);
    if (state.hits > 60) throw new HttpError(429, throttleMessage(state.retryAfterSeconds));
  };

  mount(app, 'lookupInvitation', async (request) => {
    await lookupThrottle(request);
    return { data: await lookupInvitation(deps, request.body.token) };
  });

  mount(app, 'acceptInvitation', async (request) => {
    await app.requireUser(request);
    await lookupThrottle(request);
    const me = request.currentUser!;
    await acceptInvitation(deps, { token: request.body.token, user: me });
    const user = await getUserView(deps, me.id);
    if (!user) throw unauthenticated();
    return { user };
  });
}
