/**
 * The nightly reset of the public demo (docs/decisions/013-public-site.md): whatever visitors changed
 * during the day — pages edited or deleted, leads moved, the webhook switched off — is thrown away once
 * a night and the demo is seeded again, with its 30 days of leads ending "today". Everything happens in
 * one transaction (the demo is never missing), and a demo seeded after the last reset time is left
 * alone, so every process may ask as often as it likes: the first one after 03:00 (São Paulo) resets.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { memberships, pages, realEstates, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { DEMO_EMAIL, seedDemo, type SeedDemoOptions } from './seed-demo.ts';

/** 03:00 in São Paulo (UTC−3 all year since 2019), as an hour of the UTC day. */
export const DEMO_RESET_HOUR_UTC = 6;

/** The last reset time at or before `now`. */
export function lastDemoResetTime(now: Date): Date {
  const today = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DEMO_RESET_HOUR_UTC),
  );
  return today.getTime() <= now.getTime() ? today : new Date(today.getTime() - 24 * 60 * 60 * 1000);
}

/**
 * Resets the demo when it was seeded before the last reset time; false when there is no demo, the demo
 * is fresh, or another process is resetting it right now.
 */
export async function resetDemoIfDue(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  opts: Pick<SeedDemoOptions, 'photos'> & { now?: Date } = {},
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const due = lastDemoResetTime(now);
  const keys: string[] = [];
  const reset = await deps.db.transaction(async (tx) => {
    // The demo user's row, locked: a process that finds it locked skips (another one is resetting).
    const [demo] = await tx
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`)
      .for('update', { skipLocked: true });
    if (!demo || demo.createdAt.getTime() >= due.getTime()) return false;

    const agencyIds = (
      await tx
        .select({ id: memberships.realEstateId })
        .from(memberships)
        .where(eq(memberships.userId, demo.id))
    ).map((r) => r.id);
    // The demo's people: the accounts the seed made (members put in directly, never invited) and the
    // rows invitations made for e-mails nobody registered (no password), when every membership they
    // have is in the demo. A real account a visitor invited, which registered or joined through the
    // link, is a person's: it stays, and only its place in the demo goes with the agency
    // (docs/product.md#demo).
    const people = agencyIds.length
      ? await tx
          .select({
            userId: memberships.userId,
            agencyId: memberships.realEstateId,
            invitedAt: memberships.invitedAt,
            passwordHash: users.passwordHash,
          })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            inArray(
              memberships.userId,
              tx
                .select({ id: memberships.userId })
                .from(memberships)
                .where(inArray(memberships.realEstateId, agencyIds)),
            ),
          )
      : [];
    const keep = new Set(
      people
        .filter((p) => !agencyIds.includes(p.agencyId) || (p.invitedAt !== null && p.passwordHash !== ''))
        .map((p) => p.userId),
    );
    const userIds = [...new Set([demo.id, ...people.map((p) => p.userId)])].filter(
      (id) => id === demo.id || !keep.has(id),
    );

    if (agencyIds.length) {
      for (const page of await tx
        .select({ photos: pages.photos })
        .from(pages)
        .where(inArray(pages.realEstateId, agencyIds))) {
        for (const photo of page.photos) {
          if (photo.key) keys.push(photo.key);
          for (const v of photo.variants ?? []) keys.push(v.key);
        }
      }
      // Pages, leads, deliveries, integrations, analytics: all cascade from the agency.
      await tx.delete(realEstates).where(inArray(realEstates.id, agencyIds));
    }
    // Sessions go with their users: visitors inside the demo sign in again with one click.
    await tx.delete(users).where(inArray(users.id, userIds));
    return seedDemo({ ...deps, db: tx }, { photos: opts.photos, now, alongsideExistingAccounts: true });
  });
  // The old photos, once the new demo is committed (a failed delete leaves a file, never a broken page).
  if (reset) await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
  return reset;
}
