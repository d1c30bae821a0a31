/**
 * Team (docs/product.md#team): the members of an agency, invitations, roles,
 * the lead rotation ("roleta") and the audit log of those changes.
 */
import { z } from 'zod';
import { ROLES, USERS_DEFAULT_PER_PAGE, type Role } from './constants.ts';
import { pageQuery, paginatedSchema } from './pagination.ts';
import { isoDateTime } from './response-fields.ts';
import { emailField } from './validators.ts';
import { userResponse } from './auth.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { leadResponse } from './leads.ts';
import { idParams, noContent, uuidParams } from './params.ts';

export const MEMBER_STATUSES = ['active', 'invited'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Ativo',
  invited: 'Convite pendente',
};

/** Days an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;

/** owner > admin > agent: nobody grants a role above their own. */
export const ROLE_RANK: Record<Role, number> = { owner: 3, admin: 2, agent: 1 };
export const canGrantRole = (granter: Role, role: Role) => ROLE_RANK[role] <= ROLE_RANK[granter];
/** Owners and admins manage the team, integrations, preferences and the agency profile. */
export const isManagerRole = (role: Role | null | undefined) => role === 'owner' || role === 'admin';

export const TEAM_MESSAGES = {
  lastOwner: 'A imobiliária precisa de pelo menos um proprietário: promova outro membro antes.',
  roleAboveOwn: 'Você não pode conceder um papel acima do seu.',
  manageAbove: 'Você não pode alterar um membro com papel acima do seu.',
  alreadyMember: 'Este e-mail já faz parte da equipe.',
  alreadyInvited: 'Este e-mail já tem um convite pendente: use Reenviar convite.',
  invitationInvalid: 'Este convite é inválido, já foi usado ou expirou. Peça um novo convite.',
  invitationOtherEmail: 'Este convite foi enviado para outro e-mail. Entre com o e-mail convidado.',
  notInvited: 'Este membro não tem convite pendente.',
  userIdMismatch: 'O user_id do corpo não confere com o do endereço.',
  notAMember: 'Escolha um membro ativo da imobiliária.',
} as const;

const roleField = z.enum(ROLES, { error: 'O papel deve ser owner, admin ou agent.' });
const userIdField = z.coerce
  .number({ error: 'O user_id deve ser um número.' })
  .int('O user_id deve ser um número inteiro.')
  .positive('O user_id deve ser positivo.')
  .max(2_147_483_647, 'O user_id é grande demais.');

export const memberSchema = z.object({
  id: z.number().int(),
  /** null while an invited person has no account yet. */
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(MEMBER_STATUSES),
  invited_at: isoDateTime.nullable(),
  joined_at: isoDateTime.nullable(),
  /** When the pending invitation's link stops working. */
  invite_expires_at: isoDateTime.nullable(),
  in_rotation: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const membersQuery = pageQuery(USERS_DEFAULT_PER_PAGE).extend({
  search: z.string().max(120, 'A busca deve ter no máximo 120 caracteres.').optional(),
  role: roleField.optional(),
  status: z.enum(MEMBER_STATUSES, { error: 'O status deve ser active ou invited.' }).optional(),
});
export const memberListResponse = paginatedSchema(memberSchema);
export const memberResponse = z.object({ data: memberSchema, message: z.string().optional() });

export const inviteMemberBody = z.object({ email: emailField, role: roleField });
export type InviteMemberBody = z.input<typeof inviteMemberBody>;
export const updateMemberBody = z.object({ user_id: userIdField.optional(), role: roleField });
export type UpdateMemberBody = z.input<typeof updateMemberBody>;
export const removeMemberBody = z.object({ user_id: userIdField.optional() }).nullish();

const tokenField = z
  .string({ error: 'O token do convite é obrigatório.' })
  .min(1, 'O token do convite é obrigatório.')
  .max(200, 'O token do convite é inválido.');
export const invitationTokenBody = z.object({ token: tokenField });

/** What the invitation page shows before the person signs in or registers. */
export const invitationInfoSchema = z.object({
  email: z.string(),
  role: z.enum(ROLES),
  real_estate: z.object({ id: z.number().int(), name: z.string() }),
  invited_by: z.string().nullable(),
  /** The e-mail already has an account: sign in to accept; otherwise register. */
  has_account: z.boolean(),
  expires_at: isoDateTime,
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;
export const invitationInfoResponse = z.object({ data: invitationInfoSchema });

/** The lead rotation and lead visibility of an agency. */
export const teamSettingsSchema = z.object({
  rotation_enabled: z.boolean(),
  /** Agents see every lead of the agency; otherwise only the leads assigned to them. */
  agents_see_all_leads: z.boolean(),
  /** The members who take turns on new leads (active members). */
  rotation_user_ids: z.array(z.number().int()),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;
export const teamSettingsResponse = z.object({ data: teamSettingsSchema });
export const updateTeamSettingsBody = z.object({
  rotation_enabled: z.boolean({ error: 'rotation_enabled deve ser verdadeiro ou falso.' }).optional(),
  agents_see_all_leads: z.boolean({ error: 'agents_see_all_leads deve ser verdadeiro ou falso.' }).optional(),
  rotation_user_ids: z
    .array(userIdField, { error: 'rotation_user_ids deve ser uma lista de ids.' })
    .max(500, 'A roleta aceita no máximo 500 membros.')
    .optional(),
});
export type UpdateTeamSettingsBody = z.input<typeof updateTeamSettingsBody>;

export const assignLeadBody = z.object({
  /** The member in charge, or null for nobody. */
  user_id: userIdField.nullable(),
});
export type AssignLeadBody = z.input<typeof assignLeadBody>;

export const AUDIT_ACTIONS = [
  'member.invited',
  'member.invite_resent',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.invite_cancelled',
  'lead.assigned',
  'team.settings_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponse = paginatedSchema(auditEntrySchema);
export const auditQuery = pageQuery(20, 100);

/** `{id}` of the agency and `{userId}` of the member. */
export const memberParams = idParams.extend({
  userId: z.coerce
    .number({ error: 'O userId deve ser um número.' })
    .int('O userId deve ser um número inteiro.')
    .positive('O userId deve ser positivo.')
    .max(2_147_483_647, 'O userId é grande demais.'),
});

export const teamEndpoints = {
  listMembers: {
    tags: ['team'],
    summary: 'Membros da imobiliária (busca por nome ou e-mail, filtros role e status)',
    params: idParams,
    query: membersQuery,
    response: memberListResponse,
  },
  inviteMember: {
    tags: ['team'],
    summary: 'Convidar por e-mail com um papel (e-mail com link de uso único, válido por 7 dias)',
    params: idParams,
    body: inviteMemberBody,
    status: 201,
    response: memberResponse,
  },
  updateMember: {
    tags: ['team'],
    summary: 'Mudar o papel de um membro',
    params: memberParams,
    body: updateMemberBody,
    response: memberResponse,
  },
  removeMember: {
    tags: ['team'],
    summary: 'Remover um membro (ou cancelar o convite pendente)',
    params: memberParams,
    body: removeMemberBody,
    status: 204,
    response: noContent,
  },
  resendInvite: {
    tags: ['team'],
    summary: 'Reenviar o convite pendente (novo link, nova validade; o anterior deixa de valer)',
    params: idParams,
    response: memberResponse,
  },
  getTeamSettings: {
    tags: ['team'],
    summary: 'Distribuição de leads: roleta e visibilidade dos corretores',
    params: idParams,
    response: teamSettingsResponse,
  },
  updateTeamSettings: {
    tags: ['team'],
    summary: 'Salvar a distribuição de leads (roleta, membros da roleta, visibilidade)',
    params: idParams,
    body: updateTeamSettingsBody,
    response: teamSettingsResponse,
  },
  listAuditLog: {
    tags: ['team'],
    summary: 'Registro de alterações da equipe (convites, papéis, remoções, atribuições); proprietário',
    params: idParams,
    query: auditQuery,
    response: auditLogResponse,
  },
  assignLead: {
    tags: ['leads'],
    summary: 'Atribuir o lead a um membro (user_id) ou a ninguém (null); proprietário e administrador',
    params: uuidParams('Lead não encontrado.'),
    body: assignLeadBody,
    response: leadResponse,
  },
  lookupInvitation: {
    tags: ['team'],
    summary: 'Dados de um convite pelo token do link (e-mail, imobiliária, papel, se já tem conta)',
    body: invitationTokenBody,
    response: invitationInfoResponse,
  },
  acceptInvitation: {
    tags: ['team'],
    summary: 'Aceitar o convite com a conta conectada (o e-mail deve ser o convidado)',
    body: invitationTokenBody,
    response: userResponse,
  },
} as const satisfies EndpointSchemas;
