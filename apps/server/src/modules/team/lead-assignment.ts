/**
 * Who is in charge of a lead: set by a manager on the lead (PUT /v1/leads/{id}/assignee), or by the
 * agency's rotation ("roleta") when a new lead arrives, and what an agent may see.
 *
 * The rotation runs where the alert is sent (send-lead-alert.ts: the lead-alert job, or the alerts' hand-over
 * of the process that captured the lead), right before the alert is mailed,
 * so the assigned member is among its recipients; lead capture itself is untouched. It is correct with
 * concurrent leads: the agency's team_settings row is locked for the turn (FOR UPDATE), so two leads
 * never take the same turn, and it is safe to run twice (a job runs at least once): an already
 * assigned lead is left alone and does not advance the turn.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { TEAM_MESSAGES, type Role } from '@vitrine/contracts';
import { leads, memberships, teamSettings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { writeAudit } from './members.ts';
import { readTeamSettings } from './team-settings.ts';

/** The user id an agent's lead queries are limited to, or null when the member sees every lead. */
export async function leadScopeOf(
  deps: Pick<Deps, 'db'>,
  membership: { realEstateId: number; role: Role },
  userId: number,
): Promise<number | null> {
  if (membership.role !== 'agent') return null;
  const settings = await readTeamSettings(deps, membership.realEstateId);
  return settings.agents_see_all_leads ? null : userId;
}

/** Assigns a lead to an active member (or to nobody) by hand. */
export async function assignLead(
  deps: Pick<Deps, 'db'>,
  input: {
    lead: { id: string; realEstateId: number; assignedUserId: number | null };
    userId: number | null;
    actorId: number;
  },
) {
  const { lead, userId } = input;
  return deps.db.transaction(async (tx) => {
    if (userId !== null) {
      const [member] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.realEstateId, lead.realEstateId),
            eq(memberships.userId, userId),
            eq(memberships.status, 'active'),
          ),
        );
      if (!member) throw fieldError('user_id', TEAM_MESSAGES.notAMember);
    }
    const [row] = await tx
      .update(leads)
      .set({ assignedUserId: userId, updatedAt: new Date() })
      .where(eq(leads.id, lead.id))
      .returning();
    if (lead.assignedUserId !== userId) {
      await writeAudit(
        { db: tx },
        {
          realEstateId: lead.realEstateId,
          userId: input.actorId,
          action: 'lead.assigned',
          subject: lead.id,
          details: { from: lead.assignedUserId, to: userId, by: 'manual' },
        },
      );
    }
    return row!;
  });
}

/**
 * The rotation's turn for a new lead: the next member in the rotation (by user id, after the last one
 * served, wrapping around). Returns the assigned user id, or null when nothing was done.
 */
export async function assignLeadByRotation(deps: Pick<Deps, 'db'>, leadId: string): Promise<number | null> {
  const [lead] = await deps.db
    .select({
      realEstateId: leads.realEstateId,
      assignedUserId: leads.assignedUserId,
      isTest: leads.isTest,
      quarantined: leads.quarantined,
    })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead || lead.assignedUserId !== null || lead.isTest || lead.quarantined) return null;
  return deps.db.transaction(async (tx) => {
    const [settings] = await tx
      .select()
      .from(teamSettings)
      .where(eq(teamSettings.realEstateId, lead.realEstateId))
      .for('update');
    if (!settings?.rotationEnabled) return null;
    const inTurn = and(
      eq(memberships.realEstateId, lead.realEstateId),
      eq(memberships.inRotation, true),
      eq(memberships.status, 'active'),
    );
    const after = settings.lastAssignedUserId;
    const [next] =
      (after !== null
        ? await tx
            .select({ userId: memberships.userId })
            .from(memberships)
            .where(and(inTurn, gt(memberships.userId, after)))
            .orderBy(asc(memberships.userId))
            .limit(1)
        : []) ?? [];
    const [first] = next
      ? [next]
      : await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(inTurn)
          .orderBy(asc(memberships.userId))
          .limit(1);
    if (!first) return null;
    const updated = await tx
      .update(leads)
      .set({ assignedUserId: first.userId, updatedAt: new Date() })
      .where(and(eq(leads.id, leadId), isNull(leads.assignedUserId)))
      .returning({ id: leads.id });
    if (!updated.length) return null;
    await tx
      .update(teamSettings)
      .set({ lastAssignedUserId: first.userId, updatedAt: new Date() })
      .where(eq(teamSettings.realEstateId, lead.realEstateId));
    await writeAudit(
      { db: tx },
      {
        realEstateId: lead.realEstateId,
        userId: null,
        action: 'lead.assigned',
        subject: leadId,
        details: { from: null, to: first.userId, by: 'rotation' },
      },
    );
    return first.userId;
  });
}
