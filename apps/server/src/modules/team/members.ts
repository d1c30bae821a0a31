/** The members of an agency as the Usuários screen lists them: active members and pending invitations. */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Member, MemberStatus, Role } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { auditLog, memberships, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

export const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: memberships.role,
  status: memberships.status,
  invitedAt: memberships.invitedAt,
  joinedAt: memberships.joinedAt,
  inviteExpiresAt: memberships.inviteExpiresAt,
  inRotation: memberships.inRotation,
  inviteId: memberships.inviteId,
};

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  invitedAt: Date | null;
  joinedAt: Date | null;
  inviteExpiresAt: Date | null;
  inRotation: boolean;
  inviteId: number | null;
}

/**
 * The id the API shows for a member: the user id of an active member; a pending invitation's own id
 * (memberships.invite_id), never the invited account's, which would tell the inviting agency that the
 * e-mail has an account and which one (docs/decisions/018-accounts-and-abuse.md).
 */
export const publicMemberId = (row: Pick<MemberRow, 'id' | 'status' | 'inviteId'>): number =>
  row.status === 'invited' && row.inviteId !== null ? row.inviteId : row.id;

/** The membership rows an id from the API names: an active member by user id, an invitation by its own id. */
export const addressedBy = (publicId: number): SQL =>
  or(
    and(eq(memberships.userId, publicId), eq(memberships.status, 'active')),
    and(eq(memberships.inviteId, publicId), eq(memberships.status, 'invited')),
  )!;

/** The next id from the users' sequence, for an invitation (never any user's id). */
export const newInviteId = sql<number>`nextval(pg_get_serial_sequence('users', 'id'))`;

export const memberView = (row: MemberRow): Member => ({
  id: publicMemberId(row),
  // An invited person has no name here until they join: a new one has none yet, and an existing
  // account's is not the inviting agency's to see (docs/decisions/018-accounts-and-abuse.md).
  name: row.status === 'active' && row.name ? row.name : null,
  email: row.email,
  role: row.role,
  status: row.status,
  invited_at: row.invitedAt?.toISOString() ?? null,
  joined_at: row.status === 'active' ? (row.joinedAt?.toISOString() ?? null) : null,
  invite_expires_at: row.status === 'invited' ? (row.inviteExpiresAt?.toISOString() ?? null) : null,
  in_rotation: row.inRotation,
});

/** The member or invitation an id from the API names in this agency (see addressedBy). */
export async function findAddressedMember(deps: { db: Tx }, realEstateId: number, publicId: number) {
  const [row] = await deps.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.realEstateId, realEstateId), addressedBy(publicId)));
  return (row as MemberRow | undefined) ?? null;
}

export async function findMember(deps: { db: Tx }, realEstateId: number, userId: number) {
  const [row] = await deps.db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.realEstateId, realEstateId), eq(memberships.userId, userId)));
  return (row as MemberRow | undefined) ?? null;
}

/** One page of members, owners first, then admins, then agents; by name (or e-mail) within a role. */
export async function listMembers(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: { page: number; per_page: number; search?: string; role?: Role; status?: MemberStatus },
) {
  const where: SQL[] = [eq(memberships.realEstateId, realEstateId)];
  if (q.role) where.push(eq(memberships.role, q.role));
  if (q.status) where.push(eq(memberships.status, q.status));
  const term = q.search?.trim();
  if (term) {
    const like = `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    // Names are searched only among members who joined (an invited account's name is not shown).
    where.push(or(and(eq(memberships.status, 'active'), ilike(users.name, like)), ilike(users.email, like))!);
  }
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(memberColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(cond)
      .orderBy(
        sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
        asc(
          sql`lower(case when ${memberships.status} = 'active' then coalesce(nullif(${users.name}, ''), ${users.email}) else ${users.email} end)`,
        ),
        asc(users.id),
      )
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    deps.db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(cond),
  ]);
  return { data: (rows as MemberRow[]).map(memberView), total: total?.n ?? 0 };
}

/** One audit entry (who did what to whom), in the caller's transaction. */
export async function writeAudit(
  deps: { db: Tx },
  entry: {
    realEstateId: number;
    userId: number | null;
    action: string;
    subject?: string | null;
    details?: Record<string, unknown>;
  },
) {
  await deps.db.insert(auditLog).values({
    realEstateId: entry.realEstateId,
    userId: entry.userId,
    action: entry.action,
    subject: entry.subject ?? null,
    details: entry.details ?? null,
  });
}
