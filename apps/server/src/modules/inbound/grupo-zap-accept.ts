/**
 * One path for a Grupo OLX push, whoever sends it: the portal (after its credentials are checked), the
 * console's "send a test lead", and the replay of a refused request. A refused push is written to the
 * inbound ledger with its reason and body; an accepted one goes through `receiveInboundLead`.
 */
import type { Deps } from '../../deps.ts';
import { ledgerBody, mapGrupoZapPush } from './grupo-zap-push.ts';
import { receiveInboundLead, recordInbound, type InboundResult } from './receive-inbound-lead.ts';

export type PushOutcome =
  | { ok: true; result: InboundResult }
  | {
      ok: false;
      status: 400 | 422;
      reason: string;
      errors: Record<string, string[]>;
      requestId: string | null;
    };

export async function acceptGrupoZapPush(
  deps: Pick<Deps, 'db' | 'queue'> & Partial<Pick<Deps, 'analytics'>>,
  input: {
    realEstateId: number;
    body: unknown;
    /**
     * The console's "send a test lead": the push's own path (mapping, ledger, capture, deliveries), but
     * the lead is a test of source `teste` (Leads shows it as "Lead de teste", apart from the portal's
     * real leads and counts); `source_details.tested_source` says which portal the push named.
     */
    isTest?: boolean;
    /** A replay: a refusal is answered but not written again (the original row stays the record). */
    replay?: boolean;
  },
): Promise<PushOutcome> {
  const mapped = mapGrupoZapPush(input.body);
  const body = ledgerBody(input.body);
  if (!mapped.ok) {
    const requestId = input.replay
      ? null
      : await recordInbound(deps, {
          realEstateId: input.realEstateId,
          channel: 'grupo_zap',
          outcome: 'refused',
          httpStatus: mapped.status,
          reason: mapped.reason,
          body,
        });
    return { ...mapped, requestId };
  }
  const isTest = input.isTest ?? false;
  const result = await receiveInboundLead(deps, {
    realEstateId: input.realEstateId,
    channel: 'grupo_zap',
    source: isTest ? 'teste' : mapped.source,
    externalId: mapped.externalId,
    body,
    httpStatus: 200,
    lead: isTest
      ? {
          ...mapped.lead,
          isTest,
          sourceDetails: { ...mapped.lead.sourceDetails, tested_source: mapped.source },
        }
      : mapped.lead,
  });
  return { ok: true, result };
}
