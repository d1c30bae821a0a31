/** Sign-up: the account and, when the form names one, the agency it owns, in one transaction. */
import type { Deps } from '../../deps.ts';
import { createRealEstate } from '../real-estates/index.ts';
import { createUser } from './users.service.ts';

export async function registerUser(
  deps: Pick<Deps, 'db'>,
  input: { name: string; email: string; password: string; real_estate_name?: string | null },
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const id = await createUser({ db: tx }, input);
    if (input.real_estate_name)
      await createRealEstate({ db: tx }, { name: input.real_estate_name, ownerId: id });
    return id;
  });
}
