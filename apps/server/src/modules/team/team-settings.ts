/** The agency's lead rotation and lead visibility (GET/PUT /v1/real-estates/{id}/team-settings). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { TEAM_MESSAGES, type TeamSettings } from '@vitrine/contracts';
import { memberships, teamSettings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { writeAudit } from './members.ts';

export async function readTeamSettings(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<TeamSettings> {
  const [[row], members] = await Promise.all([
    deps.db.select().from(teamSettings).where(eq(teamSettings.realEstateId, realEstateId)),
    deps.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(
        and(
          eq(memberships.realEstateId, realEstateId),
          eq(memberships.inRotation, true),
          eq(memberships.status, 'active'),
        ),
      )
      .orderBy(asc(memberships.userId)),
  ]);
  return {
    rotation_enabled: row?.rotationEnabled ?? false,
    agents_see_all_leads: row?.agentsSeeAllLeads ?? false,
    rotation_user_ids: members.map((m) => m.userId),
  };
}

export async function updateTeamSettings(
  deps: Pick<Deps, 'db'>,
  input: {
    realEstateId: number;
    actorId: number;
    rotation_enabled?: boolean;
    agents_see_all_leads?: boolean;
    rotation_user_ids?: number[];
  },
) {
  const { realEstateId } = input;
  const before = await readTeamSettings(deps, realEstateId);
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof teamSettings.$inferInsert> = { updatedAt: new Date() };
    if (input.rotation_enabled !== undefined) set.rotationEnabled = input.rotation_enabled;
    if (input.agents_see_all_leads !== undefined) set.agentsSeeAllLeads = input.agents_see_all_leads;
    await tx
      .insert(teamSettings)
      .values({ realEstateId, ...set })
      .onConflictDoUpdate({ target: teamSettings.realEstateId, set });
    if (input.rotation_user_ids) {
      const ids = [...new Set(input.rotation_user_ids)];
      if (ids.length) {
        const found = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(
            and(
              eq(memberships.realEstateId, realEstateId),
              eq(memberships.status, 'active'),
              inArray(memberships.userId, ids),
            ),
          );
        if (found.length !== ids.length) throw fieldError('rotation_user_ids', TEAM_MESSAGES.notAMember);
      }
      await tx
        .update(memberships)
        .set({ inRotation: false })
        .where(eq(memberships.realEstateId, realEstateId));
      if (ids.length)
        await tx
          .update(memberships)
          .set({ inRotation: true })
          .where(and(eq(memberships.realEstateId, realEstateId), inArray(memberships.userId, ids)));
    }
  });
  const after = await readTeamSettings(deps, realEstateId);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    await writeAudit(deps, {
      realEstateId,
      userId: input.actorId,
      action: 'team.settings_changed',
      details: { before, after },
    });
  }
  return after;
}
