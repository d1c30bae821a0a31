/** The log of answered data-subject requests (export, erase): written with the answer, listed newest first. */
import { count, desc, eq } from 'drizzle-orm';
import type { PersonKey, PrivacyAction, PrivacyRequest } from '@vitrine/contracts';
import type { Tx } from '../../db/client.ts';
import { privacyRequests, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { hashPersonKey } from './find-person.ts';

type RequestRow = typeof privacyRequests.$inferSelect;

const requestView = (row: RequestRow, actorName: string | null): PrivacyRequest => ({
  id: row.id,
  action: row.action,
  key_type: row.keyType,
  key_hash: row.keyHash.slice(0, 12),
  actor: row.userId !== null ? { id: row.userId, name: actorName ?? '' } : null,
  counts: row.counts,
  created_at: row.createdAt.toISOString(),
});

export async function recordPrivacyRequest(
  db: Tx,
  appKey: Buffer,
  input: {
    realEstateId: number;
    actor: { id: number; name: string };
    action: PrivacyAction;
    key: PersonKey;
    counts: Record<string, number>;
  },
): Promise<PrivacyRequest> {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      realEstateId: input.realEstateId,
      userId: input.actor.id,
      action: input.action,
      keyType: input.key.type,
      keyHash: hashPersonKey(appKey, input.key),
      counts: input.counts,
    })
    .returning();
  return requestView(row!, input.actor.name);
}

export async function listPrivacyRequests(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: { page: number; per_page: number },
) {
  const cond = eq(privacyRequests.realEstateId, realEstateId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ row: privacyRequests, actorName: users.name })
      .from(privacyRequests)
      .leftJoin(users, eq(users.id, privacyRequests.userId))
      .where(cond)
      .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    deps.db.select({ n: count() }).from(privacyRequests).where(cond),
  ]);
  return { data: rows.map((r) => requestView(r.row, r.actorName)), total: total?.n ?? 0 };
}
