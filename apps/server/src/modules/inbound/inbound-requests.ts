/**
 * The inbound ledger as the console reads it (docs/product.md#lead-sources): the list with its filters,
 * one request with its body, and the replay of a refused or failed one, of any channel, after the agency
 * fixed the cause.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { InboundRequestDetail, InboundRequestListQuery, InboundRequestView } from '@vitrine/contracts';
import { auditLog, inboundRequests, leads, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { acceptGrupoZapPush } from './grupo-zap-accept.ts';
import { fetchMetaLeadQueue } from './jobs/fetch-meta-lead.queue.ts';
import { UNPARSED_TEXT } from './grupo-zap-push.ts';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from './lead-api-idempotency.ts';
import { parseStoredApiLead, receiveApiLeadBody } from './lead-api-accept.ts';
import { fetchMetaLead } from './meta-lead-ads-fetch.ts';
import type { InboundResult } from './receive-inbound-lead.ts';

type Row = typeof inboundRequests.$inferSelect;
type Joined = { r: Row; leadName: string | null; isTest: boolean | null; replayedBy: string | null };

/**
 * A refused request (or one ours could not finish) not replayed yet, with a body to run again: a push,
 * an API body, a Meta notification. Not a body that was not JSON (kept as text: it would fail the same
 * way), nor an API request refused for reusing its Idempotency-Key with another body (the sender's
 * mistake, answered 422 so that it sends again with a new key: a replay would bypass that contract).
 */
const canReplay = (r: Row) =>
  (r.outcome === 'refused' || r.outcome === 'failed') &&
  r.replayedAt === null &&
  r.body !== null &&
  !(r.channel === 'grupo_zap' && unreplayablePush(r.body)) &&
  !(r.channel === 'lead_api' && r.httpStatus === 422 && r.reason === IDEMPOTENCY_MISMATCH_MESSAGE);

/** A push body no fix can make a lead: not JSON (kept as text), or JSON that is not an object. */
const unreplayablePush = (body: unknown) =>
  typeof body !== 'object' || body === null || Array.isArray(body) || UNPARSED_TEXT in body;

function view({ r, leadName, isTest, replayedBy }: Joined): InboundRequestView {
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
    replayed_by: r.replayedAt ? replayedBy : null,
    can_replay: canReplay(r),
  };
}

const selection = {
  r: inboundRequests,
  leadName: leads.name,
  isTest: leads.isTest,
  replayedBy: users.name,
};

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
      .leftJoin(users, eq(users.id, inboundRequests.replayedBy))
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
    .leftJoin(users, eq(users.id, inboundRequests.replayedBy))
    .where(eq(inboundRequests.id, id))
    .limit(1);
  return row ?? null;
}

export const inboundDetail = (row: Joined): InboundRequestDetail => ({ ...view(row), body: row.r.body });

/** Why a replay did not store the lead: the same reason and field errors as the source would get. */
type Replayed =
  { ok: true; result: InboundResult } | { ok: false; reason: string; errors?: Record<string, string[]> };

/**
 * Runs one stored request through its channel's path again, writing nothing when it is still refused
 * (the original row stays the record). Every channel's lead has an external id here, so a replay is
 * one lead however often it runs: a push's `originLeadId` (or its fingerprint), Meta's leadgen id, the
 * API's Idempotency-Key or, for an API body sent without one, the ledger row it came from.
 */
async function replayChannel(deps: ReplayDeps, row: Row): Promise<Replayed> {
  switch (row.channel) {
    case 'grupo_zap':
      return acceptGrupoZapPush(deps, { realEstateId: row.realEstateId, body: row.body, replay: true });
    case 'lead_api': {
      const parsed = parseStoredApiLead(row.body);
      if (!parsed.ok) return parsed;
      const result = await receiveApiLeadBody(deps, {
        realEstateId: row.realEstateId,
        body: parsed.body,
        rawBody: row.body,
        externalId: row.externalId ?? `replay:${row.id}`,
      });
      return { ok: true, result };
    }
    case 'meta_lead_ads': {
      const notification = fetchMetaLeadQueue.payload.safeParse({
        ...(row.body as { notification?: object } | null)?.notification,
        realEstateId: row.realEstateId,
      });
      if (!notification.success)
        return { ok: false, reason: 'A notificação guardada não traz o id do lead na Meta.' };
      return fetchMetaLead(deps, notification.data, { replay: true });
    }
  }
}

type ReplayDeps = Pick<Deps, 'db' | 'queue' | 'config' | 'log'> & Partial<Pick<Deps, 'analytics'>>;

/**
 * Runs a refused (or failed) request again through its channel's path: a push's stored body through
 * the mapping (the agency fixed the listing code on the portal, or the page's code here), an API body
 * through the contract, a Meta notification through the Graph API read with the page's current token
 * (the page was reconnected, Meta is back). Still refused: 422 with the reason, nothing written.
 * Accepted: the lead (or the one already received: a duplicate), a new ledger row, the original marked
 * replayed (when, by whom) and linked to that lead, so its row in the ledger opens it, and an audit entry.
 */
export async function replayInboundRequest(deps: ReplayDeps, row: Row, userId: number) {
  if (!canReplay(row))
    throw new HttpError(
      409,
      row.replayedAt
        ? 'Esta requisição já foi reenviada.'
        : row.outcome === 'refused' || row.outcome === 'failed'
          ? 'Esta requisição não pode ser reenviada daqui: quem a enviou precisa enviá-la de novo, corrigida.'
          : 'Só requisições recusadas ou que falharam podem ser reenviadas.',
    );
  const outcome = await replayChannel(deps, row);
  if (!outcome.ok) throw new HttpError(422, `Ainda recusada: ${outcome.reason}`, outcome.errors);
  const { result } = outcome;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(inboundRequests)
      .set({ replayedAt: new Date(), replayedBy: userId, leadId: row.leadId ?? result.lead.id })
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
