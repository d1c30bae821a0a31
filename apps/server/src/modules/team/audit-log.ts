/** The team's audit log (membership, role, assignment and rotation changes), newest first; owners read it. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditEntry } from '@vitrine/contracts';
import { auditLog, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

export async function listTeamAudit(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: { page: number; per_page: number },
) {
  const cond = and(eq(auditLog.realEstateId, realEstateId), inArray(auditLog.action, [...AUDIT_ACTIONS]));
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ entry: auditLog, actorName: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(cond)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    deps.db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  const data: AuditEntry[] = rows.map(({ entry, actorName }) => ({
    id: entry.id,
    action: entry.action,
    actor: entry.userId !== null ? { id: entry.userId, name: actorName ?? '' } : null,
    subject: entry.subject,
    details: (entry.details as Record<string, unknown> | null) ?? null,
    created_at: entry.createdAt.toISOString(),
  }));
  return { data, total: total?.n ?? 0 };
}
