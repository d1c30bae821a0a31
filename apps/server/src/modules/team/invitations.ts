/**
 * Invitations: a member row with status 'invited' holding the SHA-256 of a single-use token valid for
 * INVITATION_TTL_DAYS, mailed as a link to /convite. An existing account accepts it signed in with the
 * invited e-mail; a new person registers through it (POST /v1/register with invitation_token). Someone
 * invited without an account is a users row without a password (it cannot sign in) until they register.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { INVITATION_TTL_DAYS, ROLE_LABELS, TEAM_MESSAGES, canGrantRole, type Role } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { memberships, realEstates, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { HttpError, fieldError, forbidden, notFound } from '../../lib/http-errors.ts';
import { assertWithinLimit } from '../billing/index.ts';
import { mailLabel, renderEmail } from '../mail/index.ts';
import { addressedBy, findMember, memberView, newInviteId, writeAudit, type MemberRow } from './members.ts';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** A fresh token and its expiry; only the hash is stored. */
function newInvite(now = new Date()) {
  const token = randomToken(32);
  return { token, hash: sha256(token), expiresAt: new Date(now.getTime() + TTL_MS) };
}

const isUniqueViolation = (err: unknown): boolean => {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

export const invitationUrl = (appUrl: string, token: string) =>
  `${appUrl}/convite?token=${encodeURIComponent(token)}`;

async function mailInvitation(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>,
  input: {
    realEstateId: number;
    email: string;
    role: Role;
    inviterName: string;
    token: string;
    expiresAt: Date;
  },
) {
  const [agency] = await deps.db
    .select({ name: realEstates.name })
    .from(realEstates)
    .where(eq(realEstates.id, input.realEstateId));
  // Names the agency typed, in a mail our address sends: one line, no links, short
  // (docs/decisions/018-accounts-and-abuse.md).
  const agencyName = mailLabel(agency?.name ?? '', 80) || 'uma imobiliária';
  const inviterName = mailLabel(input.inviterName, 60) || 'Um gestor';
  const url = invitationUrl(deps.config.APP_URL, input.token);
  const until = input.expiresAt.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  const mail = renderEmail({
    appName: 'Vitrine Imóveis',
    heading: `Convite para a equipe de ${agencyName}`,
    paragraphs: [
      `${inviterName} convidou você para entrar na equipe de ${agencyName} no Vitrine Imóveis como ${ROLE_LABELS[input.role]}.`,
      `O link vale até ${until} (${INVITATION_TTL_DAYS} dias) e só pode ser usado uma vez.`,
    ],
    action: { label: 'Aceitar convite', url },
    footer: 'Se você não esperava este convite, ignore este e-mail.',
  });
  try {
    await deps.mailer.send({ to: input.email, subject: `Convite para a equipe de ${agencyName}`, ...mail });
    return true;
  } catch (err) {
    // The invitation stands (Reenviar convite sends it again); the manager is told.
    deps.log.warn({ err }, 'invitation e-mail failed');
    return false;
  }
}

const notSentMessage = 'O convite foi criado, mas o e-mail não pôde ser enviado. Use Reenviar convite.';

export interface Actor {
  id: number;
  name: string;
  role: Role;
}

/** POST /v1/real-estates/{id}/users: invites an e-mail with a role. */
export async function inviteMember(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>,
  input: { realEstateId: number; actor: Actor; email: string; role: Role },
) {
  const { realEstateId, actor, role } = input;
  const email = input.email.toLowerCase();
  if (!canGrantRole(actor.role, role)) throw forbidden(TEAM_MESSAGES.roleAboveOwn);
  const invite = newInvite();
  let member: MemberRow;
  try {
    member = await deps.db.transaction(async (tx) => {
      let [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      if (!user) {
        [user] = await tx
          .insert(users)
          .values({ name: '', email, passwordHash: '' })
          .returning({ id: users.id });
      }
      const existing = await findMember({ db: tx }, realEstateId, user!.id);
      if (existing)
        throw fieldError(
          'email',
          existing.status === 'active' ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.alreadyInvited,
        );
      // A pending invitation holds a seat of the plan (Assinatura: users per plan).
      await assertWithinLimit({ db: tx }, { realEstateId, key: 'users', field: 'email' });
      const now = new Date();
      const [row] = await tx
        .insert(memberships)
        .values({
          realEstateId,
          userId: user!.id,
          role,
          status: 'invited',
          invitedBy: actor.id,
          invitedAt: now,
          joinedAt: null,
          inviteTokenHash: invite.hash,
          inviteExpiresAt: invite.expiresAt,
          inviteId: newInviteId,
        })
        .returning({ inviteId: memberships.inviteId });
      await writeAudit(
        { db: tx },
        {
          realEstateId,
          userId: actor.id,
          action: 'member.invited',
          // The invitation's id, not the account's (decision 018).
          subject: String(row!.inviteId),
          details: { email, role },
        },
      );
      return (await findMember({ db: tx }, realEstateId, user!.id))!;
    });
  } catch (err) {
    // Two invitations of the same new e-mail at once: the unique index on users decides.
    if (isUniqueViolation(err)) throw fieldError('email', TEAM_MESSAGES.alreadyInvited);
    throw err;
  }
  const sent = await mailInvitation(deps, {
    realEstateId,
    email,
    role,
    inviterName: actor.name,
    token: invite.token,
    expiresAt: invite.expiresAt,
  });
  return { member: memberView(member), message: sent ? `Convite enviado para ${email}.` : notSentMessage };
}

/**
 * POST /v1/users/{id}/resend-invite: a new token and a new expiry (the old link stops working) for
 * each pending invitation of that person in the agencies the caller manages.
 */
export async function resendInvitation(
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'log'>,
  input: { userId: number; actor: { id: number; name: string }; managedAgencies: Map<number, Role> },
) {
  // input.userId is the id the team API shows: an invitation's own id, or an active member's user id.
  const rows = await deps.db
    .select({
      realEstateId: memberships.realEstateId,
      status: memberships.status,
      userId: memberships.userId,
      inviteId: memberships.inviteId,
    })
    .from(memberships)
    .where(addressedBy(input.userId));
  const mine = rows.filter((r) => input.managedAgencies.has(r.realEstateId));
  if (!mine.length) throw notFound('Membro não encontrado.');
  const pending = mine.filter((r) => r.status === 'invited');
  if (!pending.length)
    throw new HttpError(422, TEAM_MESSAGES.notInvited, { user_id: [TEAM_MESSAGES.notInvited] });
  let last: MemberRow | null = null;
  let allSent = true;
  for (const { realEstateId, userId, inviteId } of pending) {
    const invite = newInvite();
    const member = await deps.db.transaction(async (tx) => {
      const updated = await tx
        .update(memberships)
        .set({ inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt, invitedAt: new Date() })
        .where(
          and(
            eq(memberships.realEstateId, realEstateId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'invited'),
          ),
        )
        .returning({ role: memberships.role });
      if (!updated.length) return null;
      await writeAudit(
        { db: tx },
        {
          realEstateId,
          userId: input.actor.id,
          action: 'member.invite_resent',
          subject: String(inviteId ?? userId),
        },
      );
      return findMember({ db: tx }, realEstateId, userId);
    });
    if (!member) continue;
    last = member;
    allSent &&= await mailInvitation(deps, {
      realEstateId,
      email: member.email,
      role: member.role,
      inviterName: input.actor.name,
      token: invite.token,
      expiresAt: invite.expiresAt,
    });
  }
  if (!last) throw new HttpError(422, TEAM_MESSAGES.notInvited, { user_id: [TEAM_MESSAGES.notInvited] });
  return {
    member: memberView(last),
    message: allSent ? `Convite reenviado para ${last.email}.` : notSentMessage,
  };
}

/** The live invitation a token names (pending and not expired), with its person and agency. */
async function findLiveInvitation(deps: { db: Tx }, token: string) {
  const [row] = await deps.db
    .select({
      realEstateId: memberships.realEstateId,
      userId: memberships.userId,
      role: memberships.role,
      expiresAt: memberships.inviteExpiresAt,
      invitedBy: memberships.invitedBy,
      email: users.email,
      passwordHash: users.passwordHash,
      agency: realEstates.name,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(realEstates, eq(realEstates.id, memberships.realEstateId))
    .where(
      and(
        eq(memberships.inviteTokenHash, sha256(token)),
        eq(memberships.status, 'invited'),
        gt(memberships.inviteExpiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** POST /v1/invitations/lookup: what the invitation page shows; 404 for a used, replaced or expired link. */
export async function lookupInvitation(deps: Pick<Deps, 'db'>, token: string) {
  const row = await findLiveInvitation(deps, token);
  if (!row) throw notFound(TEAM_MESSAGES.invitationInvalid);
  const [inviter] = row.invitedBy
    ? await deps.db.select({ name: users.name }).from(users).where(eq(users.id, row.invitedBy))
    : [];
  return {
    email: row.email,
    role: row.role,
    real_estate: { id: row.realEstateId, name: row.agency },
    invited_by: inviter?.name || null,
    has_account: row.passwordHash !== '',
    expires_at: row.expiresAt!.toISOString(),
  };
}

/**
 * Uses the token once: only the statement that turns the row from 'invited' to 'active' wins, so a
 * link clicked twice (or raced) joins once. In the caller's transaction.
 */
async function consumeInvitation(tx: Tx, token: string, userId: number) {
  const now = new Date();
  const [row] = await tx
    .update(memberships)
    .set({ status: 'active', joinedAt: now, inviteTokenHash: null, inviteExpiresAt: null, inviteId: null })
    .where(
      and(
        eq(memberships.inviteTokenHash, sha256(token)),
        eq(memberships.userId, userId),
        eq(memberships.status, 'invited'),
        gt(memberships.inviteExpiresAt, now),
      ),
    )
    .returning({ realEstateId: memberships.realEstateId, role: memberships.role });
  if (!row) return null;
  await writeAudit(
    { db: tx },
    {
      realEstateId: row.realEstateId,
      userId,
      action: 'member.joined',
      subject: String(userId),
      details: { role: row.role },
    },
  );
  return row;
}

/** POST /v1/invitations/accept: the signed-in account joins the agency (its e-mail must be the invited one). */
export async function acceptInvitation(
  deps: Pick<Deps, 'db'>,
  input: { token: string; user: { id: number; email: string } },
) {
  const invitation = await findLiveInvitation(deps, input.token);
  if (!invitation) throw fieldError('token', TEAM_MESSAGES.invitationInvalid);
  if (invitation.userId !== input.user.id) throw forbidden(TEAM_MESSAGES.invitationOtherEmail);
  const joined = await deps.db.transaction((tx) => consumeInvitation(tx, input.token, input.user.id));
  if (!joined) throw fieldError('token', TEAM_MESSAGES.invitationInvalid);
  return joined;
}

/**
 * Sign-up of someone invited (POST /v1/register with invitation_token): the account row made at
 * invitation time gets its name and password, and the invitation is used, in one transaction.
 * Returns the user's id; a 422 naming the field otherwise.
 */
export async function registerInvitedUser(
  deps: Pick<Deps, 'db'>,
  input: { name: string; email: string; passwordHash: string; token: string },
): Promise<number> {
  const invitation = await findLiveInvitation(deps, input.token);
  if (!invitation) throw fieldError('invitation_token', TEAM_MESSAGES.invitationInvalid);
  if (invitation.email.toLowerCase() !== input.email.toLowerCase())
    throw fieldError('email', TEAM_MESSAGES.invitationOtherEmail);
  if (invitation.passwordHash !== '')
    throw fieldError('email', 'Este e-mail já está cadastrado: entre para aceitar o convite.');
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(users)
      .set({ name: input.name, passwordHash: input.passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, invitation.userId), eq(users.passwordHash, '')))
      .returning({ id: users.id });
    if (!claimed.length)
      throw fieldError('email', 'Este e-mail já está cadastrado: entre para aceitar o convite.');
    const joined = await consumeInvitation(tx, input.token, invitation.userId);
    if (!joined) throw fieldError('invitation_token', TEAM_MESSAGES.invitationInvalid);
    return invitation.userId;
  });
}
