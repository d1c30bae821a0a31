/**
 * The inbound ledger as the console reads it (docs/product.md#lead-sources): the list with its filters,
 * one request with its body, and the replay of a refused one after the agency fixed the cause.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { InboundRequestDetail, InboundRequestListQuery, InboundRequestView } from '@vitrine/contracts';
import { auditLog, inboundRequests, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { acceptGrupoZapPush } from './grupo-zap-accept.ts';

type Row = typeof inboundRequests.$inferSelect;
type Joined = { r: Row; leadName: string | null; isTest: boolean | null };

const canReplay = (r: Row) =>
  r.outcome === 'refused' && r.replayedAt === null && r.body !== null && r.channel === 'grupo_zap';

function view({ r, leadName, isTest }: Joined): InboundRequestView {
  return {
    id: r.id,
    channel: r.channel,
    source: r.source,
    received_at: r.receivedAt.toISOString(),
    outcome: r.outcome,
    reason: r.reason,
    http_status: r.httpStatus,
    external_id: r.externalId,
    lead_id: r.leadId,
    lead_name: leadName,
    is_test: !!isTest,
    replayed_at: r.replayedAt ? r.replayedAt.toISOString() : null,
    can_replay: canReplay(r),
  };
}

const selection = { r: inboundRequests, leadName: leads.name, isTest: leads.isTest };

export async function listInboundRequests(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: {
    page: number;
    per_page: number;
    channel?: InboundRequestListQuery['channel'];
    outcome?: InboundRequestListQuery['outcome'];
  },
): Promise<{ data: InboundRequestView[]; total: number }> {
  const conds: SQL[] = [eq(inboundRequests.realEstateId, realEstateId)];
  if (q.channel) conds.push(eq(inboundRequests.channel, q.channel));
  if (q.outcome) conds.push(eq(inboundRequests.outcome, q.outcome));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(selection)
      .from(inboundRequests)
      .leftJoin(leads, eq(leads.id, inboundRequests.leadId))
      .where(where)
      .orderBy(desc(inboundRequests.receivedAt), desc(inboundRequests.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    deps.db.select({ n: count() }).from(inboundRequests).where(where),
  ]);
  return { data: rows.map(view), total: Number(total?.n ?? 0) };
}

export async function findInboundRequest(deps: Pick<Deps, 'db'>, id: string): Promise<Joined | null> {
  const [row] = await deps.db
    .select(selection)
    .from(inboundRequests)
    .leftJoin(leads, eq(leads.id, inboundRequests.leadId))
    .where(eq(inboundRequests.id, id))
    .limit(1);
  return row ?? null;
}

export const inboundDetail = (row: Joined): InboundRequestDetail => ({ ...view(row), body: row.r.body });

/**
 * Runs a refused request's stored body through the same mapping again (the agency fixed the listing
 * code on the portal, or the page's code here). Still refused: 422 with the reason, nothing written.
 * Accepted: the lead, a new ledger row, the original marked replayed, and an audit entry.
 */
export async function replayInboundRequest(
  deps: Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>,
  row: Row,
  userId: number,
) {
  if (!canReplay(row))
    throw new HttpError(
      409,
      row.replayedAt ? 'Esta requisição já foi reenviada.' : 'Só requisições recusadas podem ser reenviadas.',
    );
  const outcome = await acceptGrupoZapPush(deps, {
    realEstateId: row.realEstateId,
    body: row.body,
    replay: true,
  });
  if (!outcome.ok) throw new HttpError(422, `Ainda recusada: ${outcome.reason}`, outcome.errors);
  const { result } = outcome;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(inboundRequests)
      .set({ replayedAt: new Date(), replayedBy: userId })
      .where(eq(inboundRequests.id, row.id));
    await tx.insert(auditLog).values({
      realEstateId: row.realEstateId,
      userId,
      action: 'inbound.replayed',
      subject: row.id,
      details: { channel: row.channel, lead_id: result.lead.id, outcome: result.outcome },
    });
  });
  return result;
}
