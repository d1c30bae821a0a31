/** Users and their agencies, as the console sees them ({id, name, email, real_estates}). */
import { and, asc, eq, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import type { Role, User } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { memberships, realEstates, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

// argon2id (the library's default algorithm) with OWASP's recommended minimums.
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash to verify against when the e-mail is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('senha-que-nao-existe');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export async function findUserByEmail(deps: { db: Tx }, email: string) {
  const [row] = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/** An account made by an invitation and never registered (no password). */
export const isPendingAccount = (user: { passwordHash: string }) => user.passwordHash === '';

export async function getUserView(deps: Pick<Deps, 'db' | 'storage'>, userId: number): Promise<User | null> {
  const { db, storage } = deps;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  const rows = await db
    .select({
      id: realEstates.id,
      name: realEstates.name,
      logoPath: realEstates.logoPath,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(realEstates, eq(realEstates.id, memberships.realEstateId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt), asc(realEstates.id));
  return {
    ...user,
    real_estates: rows.map((r) => ({
      id: r.id,
      name: r.name,
      logo_url: r.logoPath ? storage.url(r.logoPath) : null,
      role: r.role as Role,
    })),
  };
}

export async function createUser(deps: { db: Tx }, input: { name: string; email: string; password: string }) {
  const [row] = await deps.db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  return row!.id;
}

/** The ids of the agencies the user belongs to. */
export async function listUserAgencyIds(deps: { db: Tx }, userId: number): Promise<number[]> {
  const rows = await deps.db
    .select({ id: memberships.realEstateId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return rows.map((r) => r.id);
}

/** The signed-in user as requests carry it ({id, name, email}), or null when the account is gone. */
export async function findSessionUser(deps: Pick<Deps, 'db'>, userId: number) {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/** The user's role in an agency, or null when they are not a member. */
export async function findMembershipRole(
  deps: Pick<Deps, 'db'>,
  userId: number,
  realEstateId: number,
): Promise<Role | null> {
  const [row] = await deps.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.realEstateId, realEstateId),
        eq(memberships.userId, userId),
        // An invitation not yet accepted opens nothing; a removed member has no row at all, so every
        // session of theirs loses the agency on its next request.
        eq(memberships.status, 'active'),
      ),
    )
    .limit(1);
  return (row?.role as Role | undefined) ?? null;
}
