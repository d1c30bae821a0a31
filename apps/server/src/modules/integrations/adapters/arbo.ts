// Arbo CRM. Base URL and the raw-key Authorization header come from public clients; the read
// endpoint /imoveis is known, the lead endpoint is not: its path is configuration and the Grupo ZAP
// lead JSON is sent (docs/webhooks.md#how-each-crm-is-reached).
import type { ArboPayload } from '@vitrine/contracts';
import { toGrupoZapLead } from './grupo-zap-lead.ts';
import {
  attempt,
  joinUrl,
  outcomeFromResponse,
  testResultFromError,
  testResultFromResponse,
} from './http-outcome.ts';
import type { DeliveryResult, IntegrationAdapter } from './types.ts';

const LABEL = 'Arbo';

const unconfirmedPathNote = (path: string) =>
  `O endereço de envio de leads da Arbo (${path}) não é confirmado publicamente pela Arbo; se o problema persistir, confirme-o com o suporte da Arbo.`;

function apiKeyProblem(payload: ArboPayload): string | undefined {
  const key = payload.api_key?.trim() ?? '';
  if (!key) return 'Informe a chave de API da Arbo.';
  if (!/^[\x21-\x7e]+$/.test(key))
    return 'A chave de API da Arbo parece incorreta: ela não deve ter espaços nem acentos.';
  return undefined;
}

export const arboAdapter: IntegrationAdapter<'arbo'> = {
  name: 'arbo',

  async send(lead, payload, ctx): Promise<DeliveryResult> {
    const problem = apiKeyProblem(payload);
    if (problem) return { ok: false, retryable: false, pause: true, durationMs: 0, message: problem };
    const { baseUrl, leadPath } = ctx.endpoints.arbo;
    return attempt(
      LABEL,
      () =>
        ctx.http.request({
          url: joinUrl(baseUrl, leadPath),
          method: 'POST',
          // Raw key, no "Bearer": that is what the public clients send.
          headers: {
            authorization: payload.api_key.trim(),
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(toGrupoZapLead(lead)),
        }),
      (res) => {
        const outcome = outcomeFromResponse(res, { label: LABEL, deliveredTo: 'à Arbo', now: ctx.now?.() });
        if (outcome.ok || outcome.pause) return outcome;
        return { ...outcome, message: `${outcome.message} ${unconfirmedPathNote(leadPath)}` };
      },
    );
  },

  async test(payload, ctx) {
    const problem = apiKeyProblem(payload);
    if (problem) return { ok: false, verified: false, message: problem };
    const { baseUrl, leadPath } = ctx.endpoints.arbo;
    try {
      const res = await ctx.http.request({
        url: joinUrl(baseUrl, 'imoveis?page=1&perPage=1'),
        method: 'GET',
        headers: { authorization: payload.api_key.trim(), accept: 'application/json' },
      });
      if (res.status === 200) {
        return {
          ok: true,
          verified: true,
          message: `A Arbo aceitou a chave de API (HTTP 200). ${unconfirmedPathNote(leadPath)}`,
        };
      }
      if (res.status === 401 || res.status === 403) {
        return {
          ok: false,
          verified: true,
          message: `A Arbo recusou a chave de API (HTTP ${res.status}). Confira a chave informada.`,
        };
      }
      return testResultFromResponse(res, LABEL);
    } catch (err) {
      return testResultFromError(err, LABEL);
    }
  },
};
