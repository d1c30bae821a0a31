/**
 * Console sessions as stored: a row per session keyed by the SHA-256 of its random id (the cookie
 * holds the id, the database only its hash), with the CSRF token and the sliding expiry. The session
 * plugin (plugins/session.ts) calls these; it never queries the table itself.
 */
import { and, eq, gt, lt } from 'drizzle-orm';
import { sessions } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

export interface SessionState {
  idHash: string;
  userId: number | null;
  csrfToken: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

type DbDeps = Pick<Deps, 'db'>;

/** Stores a new session; answers its id (for the cookie, never stored) and its state. */
export async function createSession(
  deps: DbDeps,
  input: { userId: number | null; ttlMs: number; ip: string; userAgent: string | null; now?: Date },
): Promise<{ id: string; state: SessionState }> {
  const id = randomToken(32);
  const now = input.now ?? new Date();
  const state: SessionState = {
    idHash: sha256(id),
    userId: input.userId,
    csrfToken: randomToken(32),
    expiresAt: new Date(now.getTime() + input.ttlMs),
    lastSeenAt: now,
  };
  await deps.db.insert(sessions).values({
    idHash: state.idHash,
    userId: input.userId,
    csrfToken: state.csrfToken,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 255) ?? null,
    expiresAt: state.expiresAt,
    lastSeenAt: now,
  });
  return { id, state };
}

/** The live (unexpired) session of a cookie's id, or null. */
export async function findSession(deps: DbDeps, id: string, now = new Date()): Promise<SessionState | null> {
  const [row] = await deps.db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** Sliding expiry: the session was used at `now` and lives `ttlMs` from then. */
export async function touchSession(deps: DbDeps, idHash: string, ttlMs: number, now = new Date()) {
  await deps.db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
    .where(eq(sessions.idHash, idHash));
}

export async function deleteSession(deps: DbDeps, idHash: string) {
  await deps.db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Signs the user out everywhere (a password change, a reset). */
export async function deleteUserSessions(deps: DbDeps, userId: number) {
  await deps.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The hourly sweep of expired sessions (jobs/session-sweep.job.ts). */
export async function deleteExpiredSessions(deps: DbDeps, now = new Date()) {
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, now));
}
