/**
 * Meta's Conversions API over the outbound client: `POST {graph}/{dataset_id}/events` with the events
 * in `data`, the test event code when the agency set one, and the access token in the body (as Meta
 * documents it; the ledger keeps the request without it). Graph API errors
 * (docs/decisions/023-ad-conversions.md): 190 (token invalid or expired) pauses the sends; 4, 17, 32,
 * 613 (rate limits), 1, 2 and 5xx retry on the schedule; 100 (invalid parameter, unknown dataset) and
 * other refusals fail without retry.
 *
 * Attempts that run together for the same connection share one request (up to EVENTS_BATCH events).
 * Meta rejects the whole request when one of its events is invalid, so a batch refused with code 100
 * is sent again one event per request: the bad event fails alone and the others are delivered. Each
 * lead's ledger keeps only its own event and Meta's answer.
 */
import { sha256 } from '../../lib/crypto.ts';
import { groupedByKey } from '../../lib/group-commit.ts';
import type { SafeHttpClient, SafeResponse } from '../../lib/outbound/safe-http.ts';
import { OutboundHttpError } from '../../lib/outbound/safe-http.ts';
import type { DeliveryResult } from '../integrations/index.ts';
import { conversionLedgerText } from './ledger-text.ts';
import type { MetaServerEvent } from './meta-events.ts';

/** The connection an agency saves (encrypted at rest with APP_KEY, as the integrations' payloads). */
export interface MetaConnection {
  dataset_id: string;
  access_token: string;
  test_event_code: string;
}

export interface MetaContext {
  http: SafeHttpClient;
  /** `https://graph.facebook.com/v23.0` (META_GRAPH_URL). */
  graphUrl: string;
}

const LABEL = 'Meta';
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80004]);
const TRANSIENT_CODES = new Set([1, 2]);

interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  fbtrace_id?: string;
}

function graphErrorOf(body: string): GraphError | null {
  try {
    const parsed = JSON.parse(body) as { error?: GraphError };
    return parsed && typeof parsed.error === 'object' ? parsed.error : null;
  } catch {
    return null;
  }
}

const eventsUrl = (ctx: MetaContext, datasetId: string) =>
  `${ctx.graphUrl.replace(/\/+$/, '')}/${encodeURIComponent(datasetId)}/events`;

/** The request as the ledger keeps it: the body without the token. */
export function metaRequestBody(event: MetaServerEvent, connection: MetaConnection) {
  return {
    data: [event],
    ...(connection.test_event_code ? { test_event_code: connection.test_event_code } : {}),
  };
}

/**
 * Events per request. Meta takes up to 1,000, but one invalid event rejects them all and sends each of
 * them again alone: 200 bounds that second round (and a request's body, about 1 KB an event). It is
 * what a worker's pollers have in flight at most (DELIVERY_GROUP_MAX × DELIVERY_CONCURRENCY × 2); the
 * direct hand-over (deliveries/hand-over.ts) may have as many again.
 */
const EVENTS_BATCH = 200;

/** The Meta answer's message for a 2xx: `received` should be the events sent together. */
function receivedMessage(bodyText: string, batchSize: number): string {
  let received = batchSize;
  try {
    const counted = (JSON.parse(bodyText) as { events_received?: unknown }).events_received;
    if (counted !== undefined) received = Number(counted);
  } catch {
    /* a 2xx without JSON is still a 2xx */
  }
  const events = (n: number) => `${n} evento${n === 1 ? '' : 's'}`;
  if (received === batchSize)
    return batchSize === 1
      ? 'Evento recebido pelo Meta (1 evento).'
      : `Evento recebido pelo Meta (no mesmo envio de ${events(batchSize)}).`;
  return `Evento enviado ao Meta num envio de ${events(batchSize)}, mas o Meta contou ${received} recebido${received === 1 ? '' : 's'} (events_received).`;
}

/**
 * A Graph API answer under the policy above, for one event of the request (`request`: that event as
 * the ledger keeps it; `batchSize`: the events the request carried).
 */
export function metaOutcome(res: SafeResponse, request: unknown, batchSize = 1): DeliveryResult {
  const base = {
    status: res.status,
    durationMs: res.durationMs,
    responseSnippet: conversionLedgerText(request, res.bodyText),
  };
  if (res.status >= 200 && res.status < 300) {
    const trace = /"fbtrace_id"\s*:\s*"([^"]+)"/.exec(res.bodyText)?.[1];
    return {
      ...base,
      ok: true,
      retryable: false,
      ...(trace ? { externalId: trace } : {}),
      message: receivedMessage(res.bodyText, batchSize),
    };
  }
  const error = graphErrorOf(res.bodyText);
  const code = error?.code;
  const why = error?.message ? `: ${error.message}` : '';
  if (code === 190 || (!error && (res.status === 401 || res.status === 403))) {
    return {
      ...base,
      ok: false,
      retryable: false,
      pause: true,
      message: `O Meta recusou o token de acesso (código ${code ?? res.status})${why}. Os envios ao Meta foram pausados: gere um novo token no Gerenciador de Eventos e salve-o em Conversões.`,
    };
  }
  if (
    (code !== undefined && (RATE_LIMIT_CODES.has(code) || TRANSIENT_CODES.has(code))) ||
    res.status === 429 ||
    res.status >= 500
  ) {
    const after = Number(res.headers['retry-after']);
    return {
      ...base,
      ok: false,
      retryable: true,
      ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
      message:
        code !== undefined && RATE_LIMIT_CODES.has(code)
          ? `O Meta limitou as chamadas (código ${code})${why}. Uma nova tentativa será feita automaticamente.`
          : `O Meta respondeu com HTTP ${res.status}${why}. Uma nova tentativa será feita automaticamente.`,
    };
  }
  if (code === 100) {
    return {
      ...base,
      ok: false,
      retryable: false,
      message: `O Meta recusou o evento por um parâmetro inválido (código 100)${why}. Confira o ID do conjunto de dados em Conversões.`,
    };
  }
  return {
    ...base,
    ok: false,
    retryable: false,
    message: `O Meta recusou o evento (HTTP ${res.status}${code !== undefined ? `, código ${code}` : ''})${why}.`,
  };
}

function outcomeOfError(err: unknown, durationMs: number): DeliveryResult {
  const detail = err instanceof OutboundHttpError ? ` ${err.message}` : '';
  return {
    ok: false,
    retryable: true,
    durationMs,
    message: `${LABEL}: sem resposta.${detail} Uma nova tentativa será feita automaticamente.`,
  };
}

/**
 * A code-100 refusal of the request's events (one of them is invalid), not of the dataset: Meta answers
 * an unknown dataset, or one the token cannot reach, with `GraphMethodException` (subcode 33), the same
 * for each event, so that one is not sent again event by event.
 */
function refusesAnEvent(res: SafeResponse): boolean {
  if (res.status < 400 || res.status >= 500) return false;
  const error = graphErrorOf(res.bodyText);
  return error?.code === 100 && error.type !== 'GraphMethodException' && error.error_subcode !== 33;
}

const SENT_ALONE = '(Enviado sozinho: o Meta recusou o envio conjunto por um evento inválido, código 100.)';

/**
 * One request with events of one connection; an answer per event, in order. A batch refused for an
 * invalid event goes again one event per request, all at once (as many requests as before batching,
 * and only when Meta refused one).
 */
export async function postMetaEvents(
  events: MetaServerEvent[],
  connection: MetaConnection,
  ctx: MetaContext,
): Promise<DeliveryResult[]> {
  const started = performance.now();
  let res: SafeResponse;
  try {
    res = await ctx.http.request({
      url: eventsUrl(ctx, connection.dataset_id),
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        data: events,
        ...(connection.test_event_code ? { test_event_code: connection.test_event_code } : {}),
        access_token: connection.access_token,
      }),
    });
  } catch (err) {
    const result = outcomeOfError(err, Math.round(performance.now() - started));
    return events.map(() => result);
  }
  if (events.length > 1 && refusesAnEvent(res))
    return Promise.all(
      events.map(async (event) => {
        const [alone] = await postMetaEvents([event], connection, ctx);
        return { ...alone!, message: `${alone!.message} ${SENT_ALONE}` };
      }),
    );
  return events.map((event) => metaOutcome(res, metaRequestBody(event, connection), events.length));
}

/** Attempts running together for one connection share a request (per process). */
type Item = { event: MetaServerEvent; connection: MetaConnection; ctx: MetaContext };
const sendTogether = groupedByKey<Item, DeliveryResult>(
  ({ connection, ctx }) =>
    sha256(
      JSON.stringify([
        ctx.graphUrl,
        connection.dataset_id,
        connection.access_token,
        connection.test_event_code,
      ]),
    ),
  (items) =>
    postMetaEvents(
      items.map((i) => i.event),
      items[0]!.connection,
      items[0]!.ctx,
    ),
  { maxBatch: EVENTS_BATCH, maxInFlight: 2 },
);

/** Sends one server event, in the next request of its connection. */
export function sendMetaEvent(
  event: MetaServerEvent,
  connection: MetaConnection,
  ctx: MetaContext,
): Promise<DeliveryResult> {
  return sendTogether({ event, connection, ctx });
}

/**
 * The connection test: reads the dataset with the token (`GET {graph}/{dataset_id}?fields=id,name`),
 * which proves both and creates no event.
 */
export async function testMetaConnection(
  connection: MetaConnection,
  ctx: MetaContext,
): Promise<{ ok: boolean; message: string }> {
  if (!connection.dataset_id || !connection.access_token)
    return { ok: false, message: 'Informe o ID do conjunto de dados (pixel) e o token de acesso.' };
  let res: SafeResponse;
  try {
    res = await ctx.http.request({
      url: `${ctx.graphUrl.replace(/\/+$/, '')}/${encodeURIComponent(connection.dataset_id)}?fields=id,name`,
      method: 'GET',
      headers: { authorization: `Bearer ${connection.access_token}`, accept: 'application/json' },
    });
  } catch (err) {
    return {
      ok: false,
      message: `Não foi possível falar com o Meta.${err instanceof OutboundHttpError ? ` ${err.message}` : ''}`,
    };
  }
  if (res.status >= 200 && res.status < 300) {
    let name = '';
    try {
      name = String((JSON.parse(res.bodyText) as { name?: string }).name ?? '');
    } catch {
      /* the status is what counts */
    }
    return {
      ok: true,
      message: `Conexão verificada: o token dá acesso ao conjunto de dados ${connection.dataset_id}${name ? ` (${name})` : ''}.`,
    };
  }
  const error = graphErrorOf(res.bodyText);
  if (error?.code === 190 || res.status === 401)
    return {
      ok: false,
      message: 'O Meta recusou o token de acesso (código 190): gere um novo no Gerenciador de Eventos.',
    };
  if (error?.code === 100 || res.status === 404)
    return {
      ok: false,
      message: `O Meta não encontrou o conjunto de dados ${connection.dataset_id} com este token (código 100): confira o ID e as permissões do token.`,
    };
  if (error?.code !== undefined && RATE_LIMIT_CODES.has(error.code))
    return {
      ok: false,
      message: `O Meta limitou as chamadas (código ${error.code}): tente de novo em alguns minutos.`,
    };
  return {
    ok: false,
    message: `O Meta respondeu com HTTP ${res.status}${error?.message ? `: ${error.message}` : ''}.`,
  };
}
