/**
 * Google Ads click conversions over the outbound client (docs/decisions/023-ad-conversions.md):
 * `POST {api}/customers/{customerId}:uploadClickConversions` with `partialFailure: true`, the headers
 * `developer-token` and (for a manager account) `login-customer-id`, and a bearer access token from
 * Google's OAuth token endpoint (`grant_type=refresh_token`), kept until a minute before it expires.
 *
 * Attempts that run together for the same connection share one upload (up to UPLOAD_BATCH rows, the
 * way Google asks uploads to be batched): each row's fate is read from `partialFailureError` (its
 * errors name the row by `location.fieldPathElements[0].index`), so one refused row never fails the
 * others, and each lead's ledger keeps only its own row and answer.
 *
 * Answers: a row accepted, or already there (`CLICK_CONVERSION_ALREADY_EXISTS`: an attempt repeated
 * after a crash), is delivered; a click or action Google does not know yet (`CLICK_NOT_FOUND`,
 * `TOO_RECENT_*`) retries on the schedule; other row errors fail without retry. For the whole upload:
 * 401 UNAUTHENTICATED gets a new access token and tries once more, then pauses, as do 403
 * PERMISSION_DENIED and a refresh token Google refuses (`invalid_grant`, `invalid_client`); 429
 * RESOURCE_EXHAUSTED and 5xx retry (Retry-After honoured); another 400 fails every row.
 */
import type { GoogleAdsActionKey } from '@vitrine/contracts';
import { sha256 } from '../../lib/crypto.ts';
import { groupedByKey } from '../../lib/group-commit.ts';
import type { SafeHttpClient, SafeResponse } from '../../lib/outbound/safe-http.ts';
import { OutboundHttpError } from '../../lib/outbound/safe-http.ts';
import type { DeliveryResult } from '../integrations/index.ts';
import { conversionLedgerText } from './ledger-text.ts';
import { CAPTURE_EVENT } from './conversion-targets.ts';
import { hashEmailForGoogle, hashPhoneForGoogle } from './hash-user-data.ts';

/** The connection an agency saves (sealed with APP_KEY, as the integrations' payloads). */
export interface GoogleAdsConnection {
  customer_id: string;
  login_customer_id: string;
  developer_token: string;
  client_id: string;
  client_secret: string;
  refresh_token: string;
  /** Conversion action id per capture (`lead`) and status. */
  conversion_actions: Partial<Record<GoogleAdsActionKey, string>>;
}

export interface GoogleAdsContext {
  http: SafeHttpClient;
  /** `https://googleads.googleapis.com/v21` (GOOGLE_ADS_API_URL). */
  apiUrl: string;
  /** `https://oauth2.googleapis.com/token` (GOOGLE_OAUTH_TOKEN_URL). */
  tokenUrl: string;
}

/** A `ClickConversion` as the REST interface takes it. */
export interface ClickConversion {
  gclid?: string;
  userIdentifiers?: ({ hashedEmail: string } | { hashedPhoneNumber: string })[];
  conversionAction: string;
  conversionDateTime: string;
  orderId: string;
  consent: { adUserData: 'GRANTED' };
}

export interface GoogleConversionLead {
  id: string;
  email: string | null;
  phone: string | null;
  gclid: string | null;
  createdAt: Date;
}

const LABEL = 'Google Ads';
const UPLOAD_BATCH = 200;
const RETRYABLE_ROW_ERRORS = new Set(['CLICK_NOT_FOUND', 'TOO_RECENT_CLICK', 'TOO_RECENT_CONVERSION_ACTION']);
const ALREADY_THERE = new Set(['CLICK_CONVERSION_ALREADY_EXISTS', 'DUPLICATE_CLICK_CONVERSION_IN_REQUEST']);

/** Google's `yyyy-mm-dd hh:mm:ss+|-hh:mm`, in UTC. */
export const googleDateTime = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;

/** The action key of a delivery's event: the capture's `Lead`, or the status reached. */
export const actionKeyOf = (event: string | null): GoogleAdsActionKey =>
  (event === null || event === CAPTURE_EVENT ? 'lead' : event) as GoogleAdsActionKey;

/**
 * The row for a lead's conversion: by `gclid` when the visitor came from an ad click, otherwise an
 * enhanced conversion for leads (`userIdentifiers` with Google's hashes of e-mail and phone). Null
 * when the agency chose no conversion action for the event, or the lead has nothing to match.
 */
export function clickConversionOf(
  lead: GoogleConversionLead,
  delivery: { event: string | null; createdAt: Date },
  connection: Pick<GoogleAdsConnection, 'customer_id' | 'conversion_actions'>,
): ClickConversion | null {
  const key = actionKeyOf(delivery.event);
  const actionId = connection.conversion_actions[key]?.trim();
  if (!actionId) return null;
  const atCapture = key === 'lead';
  const gclid = lead.gclid?.trim();
  const email = hashEmailForGoogle(lead.email);
  const phone = hashPhoneForGoogle(lead.phone);
  const identifiers = [
    ...(email ? [{ hashedEmail: email }] : []),
    ...(phone ? [{ hashedPhoneNumber: phone }] : []),
  ];
  if (!gclid && !identifiers.length) return null;
  return {
    ...(gclid ? { gclid } : { userIdentifiers: identifiers }),
    conversionAction: `customers/${connection.customer_id}/conversionActions/${actionId}`,
    conversionDateTime: googleDateTime(atCapture ? lead.createdAt : delivery.createdAt),
    // One conversion per lead and event: Google deduplicates repeated uploads by it.
    orderId: `${lead.id}:${key}`,
    consent: { adUserData: 'GRANTED' },
  };
}

// ---------------------------------------------------------------------------------------------
// Access tokens
// ---------------------------------------------------------------------------------------------

/** An access token, or why none: the outcome for the sends, and Google's OAuth `error` when it answered one. */
export type TokenAnswer =
  | { ok: true; token: string }
  | { ok: false; result: Omit<DeliveryResult, 'durationMs'>; oauthError?: string; description?: string };
const tokens = new Map<string, { token: string; expiresAt: number }>();
const refreshing = new Map<string, Promise<TokenAnswer>>();
const tokenKey = (c: GoogleAdsConnection, ctx: GoogleAdsContext) =>
  sha256(`${ctx.tokenUrl}|${c.client_id}|${c.client_secret}|${c.refresh_token}`);

async function exchangeRefreshToken(c: GoogleAdsConnection, ctx: GoogleAdsContext): Promise<TokenAnswer> {
  let res: SafeResponse;
  try {
    res = await ctx.http.request({
      url: ctx.tokenUrl,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: c.client_id,
        client_secret: c.client_secret,
        refresh_token: c.refresh_token,
      }).toString(),
    });
  } catch (err) {
    return {
      ok: false,
      result: {
        ok: false,
        retryable: true,
        message: `${LABEL}: o servidor de autenticação do Google não respondeu.${err instanceof OutboundHttpError ? ` ${err.message}` : ''} Uma nova tentativa será feita automaticamente.`,
      },
    };
  }
  let body: { access_token?: string; expires_in?: number; error?: string; error_description?: string } = {};
  try {
    body = JSON.parse(res.bodyText) as typeof body;
  } catch {
    /* judged by the status */
  }
  if (res.status === 200 && body.access_token) {
    const expiresAt = Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000;
    tokens.set(tokenKey(c, ctx), { token: body.access_token, expiresAt });
    return { ok: true, token: body.access_token };
  }
  const responseSnippet = `Autenticação: HTTP ${res.status} ${res.bodyText.slice(0, 300)}`;
  if (res.status === 400 || res.status === 401)
    return {
      ok: false,
      ...(body.error ? { oauthError: body.error } : {}),
      ...(body.error_description ? { description: body.error_description } : {}),
      result: {
        ok: false,
        retryable: false,
        pause: true,
        status: res.status,
        responseSnippet,
        message: `O Google recusou as credenciais OAuth (${body.error ?? `HTTP ${res.status}`}${body.error_description ? `: ${body.error_description}` : ''}). Os envios ao Google Ads foram pausados: gere um novo token de atualização e salve-o em Conversões.`,
      },
    };
  return {
    ok: false,
    result: {
      ok: false,
      retryable: true,
      status: res.status,
      responseSnippet,
      message: `O servidor de autenticação do Google respondeu com HTTP ${res.status}. Uma nova tentativa será feita automaticamente.`,
    },
  };
}

/** Forgets the cached access tokens (tests). */
export function forgetAccessTokens() {
  tokens.clear();
}

/**
 * A valid access token: the cached one, or a new one (one exchange at a time per connection); `fresh`
 * exchanges the refresh token even when one is cached (the connection test, a token Google refused).
 */
export function accessToken(
  c: GoogleAdsConnection,
  ctx: GoogleAdsContext,
  fresh = false,
): Promise<TokenAnswer> {
  const key = tokenKey(c, ctx);
  const cached = tokens.get(key);
  if (cached && !fresh && cached.expiresAt > Date.now())
    return Promise.resolve({ ok: true, token: cached.token });
  if (fresh) tokens.delete(key);
  let pending = refreshing.get(key);
  if (!pending) {
    pending = exchangeRefreshToken(c, ctx).finally(() => refreshing.delete(key));
    refreshing.set(key, pending);
  }
  return pending;
}

// ---------------------------------------------------------------------------------------------
// The upload
// ---------------------------------------------------------------------------------------------

interface GoogleAdsFailureError {
  errorCode?: Record<string, string>;
  message?: string;
  location?: { fieldPathElements?: { fieldName?: string; index?: number }[] };
}
interface RpcStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { errors?: GoogleAdsFailureError[] }[];
}

const errorsOf = (status: RpcStatus | undefined): GoogleAdsFailureError[] =>
  (status?.details ?? []).flatMap((d) => d.errors ?? []);
const codeOf = (e: GoogleAdsFailureError) => Object.values(e.errorCode ?? {})[0] ?? 'UNKNOWN';
/** An RPC error answer's status name, message and GoogleAdsFailure codes (none when it is not one). */
export function rpcErrorOf(bodyText: string): { status?: string; message?: string; codes: string[] } {
  let error: RpcStatus | undefined;
  try {
    error = (JSON.parse(bodyText) as { error?: RpcStatus }).error;
  } catch {
    /* not JSON */
  }
  return {
    ...(error?.status ? { status: error.status } : {}),
    ...(error?.message ? { message: error.message } : {}),
    codes: [...new Set(errorsOf(error).map(codeOf))],
  };
}
/** The row an error names (`conversions[i]`), or null for none. */
export function rowIndexOf(e: GoogleAdsFailureError): number | null {
  const first = e.location?.fieldPathElements?.find((f) => f.fieldName === 'conversions');
  return typeof first?.index === 'number' ? first.index : null;
}

/** What an upload that failed as a whole means for each of its rows. */
function rpcOutcome(res: SafeResponse, rows: ClickConversion[]): Omit<DeliveryResult, 'durationMs'>[] {
  let error: RpcStatus | undefined;
  try {
    error = (JSON.parse(res.bodyText) as { error?: RpcStatus }).error;
  } catch {
    /* judged by the status */
  }
  const codes = [...new Set(errorsOf(error).map(codeOf))];
  const named = codes.length ? ` (${codes.join(', ')})` : error?.status ? ` (${error.status})` : '';
  const answer = `HTTP ${res.status}${named}${error?.message ? `: ${error.message}` : ''}`;
  const base = (row: ClickConversion) => ({
    status: res.status,
    responseSnippet: conversionLedgerText(row, answer),
  });
  if (res.status === 401 || res.status === 403)
    return rows.map((row) => ({
      ...base(row),
      ok: false,
      retryable: false,
      pause: true,
      message: `O Google Ads recusou o acesso${named}. Os envios ao Google Ads foram pausados: confira o token de desenvolvedor, o ID da conta e o da conta de administrador, e salve em Conversões.`,
    }));
  if (res.status === 429 || res.status >= 500 || res.status === 408) {
    const after = Number(res.headers['retry-after']);
    return rows.map((row) => ({
      ...base(row),
      ok: false,
      retryable: true,
      ...(Number.isFinite(after) && after > 0 ? { retryAfterMs: after * 1000 } : {}),
      message:
        res.status === 429
          ? `O Google Ads limitou as chamadas${named}. Uma nova tentativa será feita automaticamente.`
          : `O Google Ads respondeu com HTTP ${res.status}. Uma nova tentativa será feita automaticamente.`,
    }));
  }
  return rows.map((row) => ({
    ...base(row),
    ok: false,
    retryable: false,
    message: `O Google Ads recusou o envio (${answer}).`,
  }));
}

/** Each row's fate in a 200 answer: accepted, or its own errors in `partialFailureError`. */
export function partialOutcome(
  bodyText: string,
  rows: ClickConversion[],
): Omit<DeliveryResult, 'durationMs' | 'status'>[] {
  let body: { partialFailureError?: RpcStatus; results?: unknown[]; jobId?: string | number } = {};
  try {
    body = JSON.parse(bodyText) as typeof body;
  } catch {
    /* a 200 without JSON: every row is taken as accepted */
  }
  const byRow = new Map<number, GoogleAdsFailureError[]>();
  const unplaced: GoogleAdsFailureError[] = [];
  for (const e of errorsOf(body.partialFailureError)) {
    const i = rowIndexOf(e);
    if (i === null || i < 0 || i >= rows.length) unplaced.push(e);
    else byRow.set(i, [...(byRow.get(i) ?? []), e]);
  }
  const jobId = body.jobId !== undefined ? String(body.jobId) : undefined;
  return rows.map((row, i) => {
    const errors = byRow.get(i) ?? [];
    const result = body.results?.[i];
    const codes = errors.map(codeOf);
    const answer = errors.length
      ? JSON.stringify({ errors: errors.map((e) => ({ errorCode: e.errorCode, message: e.message })), jobId })
      : JSON.stringify({ result: result ?? {}, jobId });
    const snippet = conversionLedgerText(row, answer);
    if (!errors.length || codes.every((c) => ALREADY_THERE.has(c)))
      return {
        ok: true,
        retryable: false,
        responseSnippet: snippet,
        ...(jobId ? { externalId: jobId } : {}),
        message: errors.length
          ? 'O Google Ads já tinha esta conversão (envio repetido).'
          : 'Conversão recebida pelo Google Ads.',
      };
    const why = errors.map((e) => `${codeOf(e)}${e.message ? `: ${e.message}` : ''}`).join('; ');
    if (codes.some((c) => RETRYABLE_ROW_ERRORS.has(c)))
      return {
        ok: false,
        retryable: true,
        responseSnippet: snippet,
        message: `O Google Ads ainda não encontrou o clique ou a ação (${why}). Uma nova tentativa será feita automaticamente.`,
      };
    return {
      ok: false,
      retryable: false,
      responseSnippet: snippet,
      message: `O Google Ads recusou a conversão (${why}).`,
    };
  });
}

/** The headers of a Google Ads API call: the access token, the developer token, the manager account. */
export const googleAdsHeaders = (c: GoogleAdsConnection, token: string) => ({
  'content-type': 'application/json',
  accept: 'application/json',
  authorization: `Bearer ${token}`,
  'developer-token': c.developer_token,
  ...(c.login_customer_id ? { 'login-customer-id': c.login_customer_id } : {}),
});

async function post(
  c: GoogleAdsConnection,
  ctx: GoogleAdsContext,
  token: string,
  rows: ClickConversion[],
): Promise<SafeResponse> {
  return ctx.http.request({
    url: `${ctx.apiUrl.replace(/\/+$/, '')}/customers/${encodeURIComponent(c.customer_id)}:uploadClickConversions`,
    method: 'POST',
    headers: googleAdsHeaders(c, token),
    body: JSON.stringify({ conversions: rows, partialFailure: true }),
    maxBodyBytes: 1024 * 1024,
  });
}

/** One upload of rows of the same connection; an answer per row, in order. */
export async function uploadClickConversions(
  rows: ClickConversion[],
  c: GoogleAdsConnection,
  ctx: GoogleAdsContext,
): Promise<DeliveryResult[]> {
  const started = performance.now();
  const done = (results: Omit<DeliveryResult, 'durationMs'>[]) =>
    results.map((r) => ({ ...r, durationMs: Math.round(performance.now() - started) }));
  try {
    const first = await accessToken(c, ctx);
    if (!first.ok) return done(rows.map(() => first.result));
    let res = await post(c, ctx, first.token, rows);
    if (res.status === 401) {
      // An access token Google no longer takes (expired early, revoked): one new one, once.
      const fresh = await accessToken(c, ctx, true);
      if (!fresh.ok) return done(rows.map(() => fresh.result));
      res = await post(c, ctx, fresh.token, rows);
    }
    if (res.status !== 200) return done(rpcOutcome(res, rows));
    return done(partialOutcome(res.bodyText, rows).map((r) => ({ ...r, status: res.status })));
  } catch (err) {
    const detail = err instanceof OutboundHttpError ? ` ${err.message}` : '';
    return done(
      rows.map(() => ({
        ok: false,
        retryable: true,
        message: `${LABEL}: sem resposta.${detail} Uma nova tentativa será feita automaticamente.`,
      })),
    );
  }
}

/** Attempts running together for one connection share an upload (per process). */
type Item = { row: ClickConversion; connection: GoogleAdsConnection; ctx: GoogleAdsContext };
const uploadTogether = groupedByKey<Item, DeliveryResult>(
  ({ connection, ctx }) =>
    sha256(
      JSON.stringify([
        ctx.apiUrl,
        connection.customer_id,
        connection.login_customer_id,
        connection.developer_token,
        tokenKey(connection, ctx),
      ]),
    ),
  (items) =>
    uploadClickConversions(
      items.map((i) => i.row),
      items[0]!.connection,
      items[0]!.ctx,
    ),
  { maxBatch: UPLOAD_BATCH, maxInFlight: 2 },
);

/** Sends one lead's conversion, in the next upload of its connection. */
export function sendGoogleConversion(
  row: ClickConversion,
  connection: GoogleAdsConnection,
  ctx: GoogleAdsContext,
): Promise<DeliveryResult> {
  return uploadTogether({ row, connection, ctx });
}
