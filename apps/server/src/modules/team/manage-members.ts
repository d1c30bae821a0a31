/**
 * Role changes and removals, with the rules the server enforces (docs/product.md#team): nobody
 * grants a role above their own nor touches a member above them; the agency keeps at least one active
 * owner (422). Every member row of the agency is locked first, so two managers acting at once cannot
 * both demote "the other" owner and leave none.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { ROLE_RANK, TEAM_MESSAGES, canGrantRole, type Role } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { leads, memberships, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError, forbidden, notFound } from '../../lib/http-errors.ts';
import type { Actor } from './invitations.ts';
import { findAddressedMember, findMember, memberView, publicMemberId, writeAudit } from './members.ts';

const lastOwner = () => new HttpError(422, TEAM_MESSAGES.lastOwner, { user_id: [TEAM_MESSAGES.lastOwner] });

async function lockTeam(tx: Tx, realEstateId: number) {
  await tx.execute(
    sql`select 1 from ${memberships} where ${memberships.realEstateId} = ${realEstateId} for update`,
  );
}

async function activeOwners(tx: Tx, realEstateId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.realEstateId, realEstateId),
        eq(memberships.role, 'owner'),
        eq(memberships.status, 'active'),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The target member (by the id the API shows: an invitation's own id for a pending one), locked, after
 * the rank rule (a member above the actor is out of reach). `id` is the user id.
 */
async function loadTarget(tx: Tx, realEstateId: number, actor: Actor, publicId: number) {
  await lockTeam(tx, realEstateId);
  const target = await findAddressedMember({ db: tx }, realEstateId, publicId);
  if (!target) throw notFound('Membro não encontrado.');
  if (ROLE_RANK[target.role] > ROLE_RANK[actor.role]) throw forbidden(TEAM_MESSAGES.manageAbove);
  return target;
}

/** PUT /v1/real-estates/{id}/users/{userId} */
export async function changeMemberRole(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; actor: Actor; userId: number; role: Role },
) {
  const { realEstateId, actor, role } = input;
  if (!canGrantRole(actor.role, role)) throw forbidden(TEAM_MESSAGES.roleAboveOwn);
  return deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, realEstateId, actor, input.userId);
    const userId = target.id;
    if (target.role === role) return memberView(target);
    if (target.role === 'owner' && target.status === 'active' && (await activeOwners(tx, realEstateId)) <= 1)
      throw lastOwner();
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.realEstateId, realEstateId), eq(memberships.userId, userId)));
    await writeAudit(
      { db: tx },
      {
        realEstateId,
        userId: actor.id,
        action: 'member.role_changed',
        subject: String(publicMemberId(target)),
        details: { email: target.email, from: target.role, to: role },
      },
    );
    return memberView((await findMember({ db: tx }, realEstateId, userId))!);
  });
}

/**
 * DELETE /v1/real-estates/{id}/users/{userId}: an active member leaves (their leads go back to nobody,
 * and every session of theirs loses the agency on its next request: the guard reads the row each
 * time); a pending invitation is cancelled (its link stops working).
 */
export async function removeMember(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; actor: Actor; userId: number },
) {
  const { realEstateId, actor } = input;
  await deps.db.transaction(async (tx) => {
    const target = await loadTarget(tx, realEstateId, actor, input.userId);
    const userId = target.id;
    if (target.role === 'owner' && target.status === 'active' && (await activeOwners(tx, realEstateId)) <= 1)
      throw lastOwner();
    await tx
      .delete(memberships)
      .where(and(eq(memberships.realEstateId, realEstateId), eq(memberships.userId, userId)));
    if (target.status === 'invited') {
      // An account that exists only because of invitations goes with its last one.
      await tx.execute(
        sql`delete from ${users} where ${users.id} = ${userId} and ${users.passwordHash} = ''
            and not exists (select 1 from ${memberships} where ${memberships.userId} = ${userId})`,
      );
    } else {
      await tx
        .update(leads)
        .set({ assignedUserId: null, updatedAt: new Date() })
        .where(and(eq(leads.realEstateId, realEstateId), eq(leads.assignedUserId, userId)));
    }
    await writeAudit(
      { db: tx },
      {
        realEstateId,
        userId: actor.id,
        action: target.status === 'invited' ? 'member.invite_cancelled' : 'member.removed',
        subject: String(publicMemberId(target)),
        details: { email: target.email, role: target.role },
      },
    );
  });
}
