/**
 * Who may act on an invitation by its id alone (POST /v1/users/:id/resend-invite; the id the team API
 * shows: an active member's user id, an invitation's own id): the agencies where the caller is an
 * active owner or admin and that id names a member or invitation.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { isManagerRole, type Role } from '@vitrine/contracts';
import { memberships } from '../../db/schema.ts';
import { addressedBy } from './members.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';

/**
 * The caller's managed agencies (agency id → role). A user in none of the caller's agencies is a 404
 * (tenancy); one only in agencies where the caller is an agent is a 403.
 */
export async function findManagedAgencies(
  deps: Pick<Deps, 'db'>,
  input: { actorId: number; userId: number },
): Promise<Map<number, Role>> {
  const rows = await deps.db
    .select({ realEstateId: memberships.realEstateId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, input.actorId), eq(memberships.status, 'active')));
  const targetAgencies = await deps.db
    .select({ realEstateId: memberships.realEstateId })
    .from(memberships)
    .where(
      and(
        addressedBy(input.userId),
        inArray(memberships.realEstateId, [...rows.map((x) => x.realEstateId), -1]),
      ),
    );
  if (!targetAgencies.length) throw notFound('Membro não encontrado.');
  const managed = new Map(
    rows.filter((x) => isManagerRole(x.role)).map((x) => [x.realEstateId, x.role] as const),
  );
  if (!targetAgencies.some((t) => managed.has(t.realEstateId))) throw forbidden();
  return managed;
}
