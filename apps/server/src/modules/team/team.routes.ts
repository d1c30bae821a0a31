/**
 * Usuários (issue 13, api-contract.md "Team"): the members of an agency, invitations, roles, the lead
 * rotation and the team's audit log. Owners and admins manage the team (agents get 403); the audit log
 * is the owner's. Invitations are looked up and accepted by their token.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TEAM_MESSAGES,
  auditLogResponse,
  auditQuery,
  invitationInfoResponse,
  invitationTokenBody,
  inviteMemberBody,
  memberListResponse,
  memberResponse,
  membersQuery,
  removeMemberBody,
  teamSettingsResponse,
  throttleMessage,
  updateMemberBody,
  updateTeamSettingsBody,
  userResponse,
  type Role,
} from '@vitrine/contracts';
import { HttpError, fieldError, unauthenticated } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { idParams } from '../../lib/route-params.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { getUserView } from '../auth/index.ts';
import { listTeamAudit } from './audit-log.ts';
import { findManagedAgencies } from './find-managed-agencies.ts';
import { acceptInvitation, inviteMember, lookupInvitation, resendInvitation } from './invitations.ts';
import { changeMemberRole, removeMember } from './manage-members.ts';
import { listMembers } from './members.ts';
import { readTeamSettings, updateTeamSettings } from './team-settings.ts';

const memberParams = idParams.extend({
  userId: z.coerce
    .number({ error: 'O userId deve ser um número.' })
    .int('O userId deve ser um número inteiro.')
    .positive('O userId deve ser positivo.')
    .max(2_147_483_647, 'O userId é grande demais.'),
});

export default async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  const actorOf = (request: FastifyRequest, role: Role) => ({
    id: request.currentUser!.id,
    name: request.currentUser!.name,
    role,
  });

  r.get(
    '/v1/real-estates/:id/users',
    {
      schema: {
        tags: ['team'],
        summary: 'Membros da imobiliária (busca por nome ou e-mail, filtros role e status)',
        params: idParams,
        querystring: membersQuery,
        response: { 200: memberListResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const q = request.query;
      const { data, total } = await listMembers(deps, m.realEstateId, q);
      return paginate({
        data,
        total,
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/users`,
        query: q,
      });
    },
  );

  r.post(
    '/v1/real-estates/:id/users',
    {
      schema: {
        tags: ['team'],
        summary: 'Convidar por e-mail com um papel (e-mail com link de uso único, válido por 7 dias)',
        params: idParams,
        body: inviteMemberBody,
        response: { 201: memberResponse },
      },
    },
    async (request, reply) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const perUser = await app.throttle.hit(`invite:${request.currentUser!.id}`, 3600);
      if (perUser.hits > 100) throw new HttpError(429, throttleMessage(perUser.retryAfterSeconds));
      const { member, message } = await inviteMember(deps, {
        realEstateId: m.realEstateId,
        actor: actorOf(request, m.role),
        email: request.body.email,
        role: request.body.role,
      });
      return reply.status(201).send({ data: member, message });
    },
  );

  r.put(
    '/v1/real-estates/:id/users/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Mudar o papel de um membro',
        params: memberParams,
        body: updateMemberBody,
        response: { 200: memberResponse },
      },
    },
    async (request) => {
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
    },
  );

  r.delete(
    '/v1/real-estates/:id/users/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Remover um membro (ou cancelar o convite pendente)',
        params: memberParams,
        body: removeMemberBody,
      },
    },
    async (request, reply) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      const userId = request.body?.user_id;
      if (userId !== undefined && userId !== request.params.userId)
        throw fieldError('user_id', TEAM_MESSAGES.userIdMismatch);
      await removeMember(deps, {
        realEstateId: m.realEstateId,
        actor: actorOf(request, m.role),
        userId: request.params.userId,
      });
      return reply.status(204).send();
    },
  );

  r.post(
    '/v1/users/:id/resend-invite',
    {
      schema: {
        tags: ['team'],
        summary: 'Reenviar o convite pendente (novo link, nova validade; o anterior deixa de valer)',
        params: idParams,
        response: { 200: memberResponse },
      },
    },
    async (request) => {
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
    },
  );

  r.get(
    '/v1/real-estates/:id/team-settings',
    {
      schema: {
        tags: ['team'],
        summary: 'Distribuição de leads: roleta e visibilidade dos corretores',
        params: idParams,
        response: { 200: teamSettingsResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      return { data: await readTeamSettings(deps, m.realEstateId) };
    },
  );

  r.put(
    '/v1/real-estates/:id/team-settings',
    {
      schema: {
        tags: ['team'],
        summary: 'Salvar a distribuição de leads (roleta, membros da roleta, visibilidade)',
        params: idParams,
        body: updateTeamSettingsBody,
        response: { 200: teamSettingsResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, MANAGERS);
      return {
        data: await updateTeamSettings(deps, {
          realEstateId: m.realEstateId,
          actorId: request.currentUser!.id,
          ...request.body,
        }),
      };
    },
  );

  r.get(
    '/v1/real-estates/:id/audit-log',
    {
      schema: {
        tags: ['team'],
        summary: 'Registro de alterações da equipe (convites, papéis, remoções, atribuições); proprietário',
        params: idParams,
        querystring: auditQuery,
        response: { 200: auditLogResponse },
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id, ['owner']);
      const q = request.query;
      const { data, total } = await listTeamAudit(deps, m.realEstateId, q);
      return paginate({
        data,
        total,
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/audit-log`,
        query: q,
      });
    },
  );

  const lookupThrottle = async (request: FastifyRequest) => {
    const state = await app.throttle.hit(`invitation:${request.ip}`, 3600);
    if (state.hits > 60) throw new HttpError(429, throttleMessage(state.retryAfterSeconds));
  };

  r.post(
    '/v1/invitations/lookup',
    {
      schema: {
        tags: ['team'],
        summary: 'Dados de um convite pelo token do link (e-mail, imobiliária, papel, se já tem conta)',
        body: invitationTokenBody,
        response: { 200: invitationInfoResponse },
      },
    },
    async (request) => {
      await lookupThrottle(request);
      return { data: await lookupInvitation(deps, request.body.token) };
    },
  );

  r.post(
    '/v1/invitations/accept',
    {
      schema: {
        tags: ['team'],
        summary: 'Aceitar o convite com a conta conectada (o e-mail deve ser o convidado)',
        body: invitationTokenBody,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      await app.requireUser(request);
      await lookupThrottle(request);
      const me = request.currentUser!;
      await acceptInvitation(deps, { token: request.body.token, user: me });
      const user = await getUserView(deps, me.id);
      if (!user) throw unauthenticated();
      return { user };
    },
  );
}
