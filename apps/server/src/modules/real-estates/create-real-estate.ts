/** New agencies: the agency row and its owner's membership. */
import type { Tx } from '../../db/client.ts';
import { auditLog, memberships, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

/**
 * The agency and its owner, in the caller's transaction when `deps.db` is one (registration with an
 * agency name, the demo seed, test fixtures). Returns the new agency's id.
 */
export async function createRealEstate(
  deps: { db: Tx },
  input: { name: string; ownerId: number },
): Promise<number> {
  const [row] = await deps.db
    .insert(realEstates)
    .values({ name: input.name })
    .returning({ id: realEstates.id });
  await deps.db.insert(memberships).values({ realEstateId: row!.id, userId: input.ownerId, role: 'owner' });
  return row!.id;
}

/** "Criar imobiliária" in the console: the agency, its creator as owner and the audit entry, together. */
export async function createRealEstateForUser(
  deps: Pick<Deps, 'db'>,
  input: { name: string; userId: number },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const id = await createRealEstate({ db: tx }, { name: input.name, ownerId: input.userId });
    await tx
      .insert(auditLog)
      .values({ realEstateId: id, userId: input.userId, action: 'real_estate.created' });
    return id;
  });
}
