/**
 * Sign-up: the account and, when the form names one, the agency it owns, in one transaction.
 *
 * An e-mail that was invited to a team and never registered already has a users row without a password
 * (team/invitations.ts). Registering normally with it completes that row
 * (docs/decisions/018-accounts-and-abuse.md): the person gets their account as anyone would. It does not join
 * the inviting agency: a sign-up proves nothing about the mailbox, the invitation link does. The invitation
 * stays pending and valid, and the person accepts it signed in, from the link in the e-mail (/convite), like
 * any existing account.
 */
import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { createRealEstate } from '../real-estates/index.ts';
import { createUser, hashPassword } from './users.ts';

export async function registerUser(
  deps: Pick<Deps, 'db'>,
  input: { name: string; email: string; password: string; real_estate_name?: string | null },
  pendingUserId?: number,
): Promise<number | null> {
  const passwordHash = pendingUserId === undefined ? null : await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    let id: number;
    if (passwordHash === null) id = await createUser({ db: tx }, input);
    else {
      // Only while the row is still without a password: two sign-ups at once, one wins.
      const [claimed] = await tx
        .update(users)
        .set({ name: input.name, passwordHash, updatedAt: new Date() })
        .where(and(eq(users.id, pendingUserId!), eq(users.passwordHash, '')))
        .returning({ id: users.id });
      if (!claimed) return null;
      id = claimed.id;
    }
    if (input.real_estate_name)
      await createRealEstate({ db: tx }, { name: input.real_estate_name, ownerId: id });
    return id;
  });
}
