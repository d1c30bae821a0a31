// GoHarry CRM. Nothing about its API is public, so everything is configuration: base URL (no
// default), token path and lead path. Credentials are exchanged for a bearer token (JSON body
// {username, password}), cached per account until expiry, refreshed once on 401; when the token
// endpoint does not exist (404/405) the adapter falls back to HTTP Basic. The password never
// appears in a message, an error or a stored response snippet.
import { createHash } from 'node:crypto';
import type { GoHarryPayload } from '@vitrine/contracts';
import type { SafeResponse } from '../../../lib/outbound/safe-http.ts';
import { toGrupoZapLead } from './grupo-zap-lead.ts';
import {
  joinUrl,
  outcomeFromError,
  outcomeFromResponse,
  snippet,
  testResultFromError,
  testResultFromResponse,
} from './http-outcome.ts';
import type { AdapterContext, DeliveryResult, IntegrationAdapter, TestResult } from './types.ts';

const LABEL = 'GoHarry';

/** Used when the token answer has no expires_in. */
export const GO_HARRY_DEFAULT_TOKEN_TTL_MS = 15 * 60_000;
/** How long "this server has no token endpoint, use Basic" is remembered before asking again. */
export const GO_HARRY_BASIC_FALLBACK_TTL_MS = 60 * 60_000;
/** Tokens are dropped this long before they expire, so a request never leaves with a dying one. */
const EXPIRY_MARGIN_MS = 30_000;

type CachedAuth = { kind: 'bearer'; token: string; expiresAt: number } | { kind: 'basic'; expiresAt: number };
// A failed token request reads differently in a delivery (with retry policy) and in a connectivity test.
type AuthOutcome =
  { ok: true; auth: CachedAuth } | { ok: false; failure: DeliveryResult; testMessage: string };

/** Removes the password (and its URL-encoded form) from text that came back from the server. */
function redact(text: string, password: string): string {
  if (!password) return text;
  let out = text.split(password).join('***');
  const encoded = encodeURIComponent(password);
  if (encoded !== password) out = out.split(encoded).join('***');
  return out;
}

function credentialsProblem(payload: GoHarryPayload): string | undefined {
  if (!payload.username?.trim() && !payload.password) return 'Informe o usuário e a senha do GoHarry.';
  if (!payload.username?.trim()) return 'Informe o usuário do GoHarry.';
  if (!payload.password) return 'Informe a senha do GoHarry.';
  return undefined;
}

const BASE_URL_MISSING = 'O endereço do GoHarry não foi configurado no servidor; fale com o suporte.';

function tokenFrom(bodyText: string): { token: string; expiresInMs?: number } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const record = parsed as Record<string, unknown>;
  const source =
    record.data && typeof record.data === 'object'
      ? { ...record, ...(record.data as Record<string, unknown>) }
      : record;
  const token = source.access_token ?? source.token ?? source.accessToken;
  if (typeof token !== 'string' || token === '') return undefined;
  const expiresIn = Number(source.expires_in ?? source.expiresIn);
  return Number.isFinite(expiresIn) && expiresIn > 0 ? { token, expiresInMs: expiresIn * 1000 } : { token };
}

export interface GoHarryAdapter extends IntegrationAdapter<'go_harry'> {
  /** Forgets every cached token (tests, credential changes). */
  clearTokenCache(): void;
}

export function createGoHarryAdapter(): GoHarryAdapter {
  const cache = new Map<string, CachedAuth>();
  const inflight = new Map<string, Promise<AuthOutcome>>();

  const cacheKey = (payload: GoHarryPayload, ctx: AdapterContext) => {
    const { baseUrl, tokenPath } = ctx.endpoints.go_harry;
    // The password is part of the key (hashed) so that changing it in the console drops the old token.
    const passwordHash = createHash('sha256').update(payload.password).digest('base64url');
    return `${baseUrl}|${tokenPath}|${payload.username.trim()}|${passwordHash}`;
  };
  const nowMs = (ctx: AdapterContext) => (ctx.now?.() ?? new Date()).getTime();

  async function requestToken(payload: GoHarryPayload, ctx: AdapterContext): Promise<AuthOutcome> {
    const { baseUrl, tokenPath } = ctx.endpoints.go_harry;
    const started = performance.now();
    let res: SafeResponse;
    try {
      res = await ctx.http.request({
        url: joinUrl(baseUrl, tokenPath),
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: payload.username.trim(), password: payload.password }),
      });
    } catch (err) {
      return {
        ok: false,
        failure: outcomeFromError(err, `${LABEL} (autenticação)`, Math.round(performance.now() - started)),
        testMessage: testResultFromError(err, `${LABEL} (autenticação)`).message,
      };
    }
    const now = nowMs(ctx);
    if (res.status === 404 || res.status === 405) {
      return { ok: true, auth: { kind: 'basic', expiresAt: now + GO_HARRY_BASIC_FALLBACK_TTL_MS } };
    }
    const safeSnippet = snippet(redact(res.bodyText, payload.password));
    if (res.status >= 200 && res.status < 300) {
      const found = tokenFrom(res.bodyText);
      if (!found) {
        const message = `O GoHarry aceitou o login (HTTP ${res.status}), mas a resposta não trouxe um token de acesso.`;
        return {
          ok: false,
          testMessage: message,
          failure: {
            ok: false,
            retryable: false,
            status: res.status,
            durationMs: res.durationMs,
            message,
          },
        };
      }
      const ttl = Math.max(0, (found.expiresInMs ?? GO_HARRY_DEFAULT_TOKEN_TTL_MS) - EXPIRY_MARGIN_MS);
      return { ok: true, auth: { kind: 'bearer', token: found.token, expiresAt: now + ttl } };
    }
    // OAuth servers answer wrong credentials with 400 invalid_grant/invalid_client.
    const badCredentials =
      res.status === 401 ||
      res.status === 403 ||
      (res.status === 400 && /invalid_(grant|client)/.test(res.bodyText));
    if (badCredentials) {
      return {
        ok: false,
        testMessage: `O GoHarry recusou o usuário e a senha (HTTP ${res.status}). Confira os dados informados.`,
        failure: {
          ok: false,
          retryable: false,
          pause: true,
          status: res.status,
          durationMs: res.durationMs,
          responseSnippet: safeSnippet,
          message: `O GoHarry recusou o usuário e a senha (HTTP ${res.status}). A integração foi pausada até que sejam corrigidos.`,
        },
      };
    }
    const outcome = outcomeFromResponse(res, {
      label: `${LABEL} (autenticação)`,
      deliveredTo: 'ao GoHarry',
      now: ctx.now?.(),
    });
    return {
      ok: false,
      failure: { ...outcome, responseSnippet: safeSnippet },
      testMessage: testResultFromResponse(res, `${LABEL} (autenticação)`).message,
    };
  }

  /** A valid authentication for this account, from the cache unless `fresh`; one token request at a time per account. */
  async function authenticate(
    payload: GoHarryPayload,
    ctx: AdapterContext,
    fresh: boolean,
  ): Promise<AuthOutcome> {
    const key = cacheKey(payload, ctx);
    const cached = cache.get(key);
    if (!fresh && cached && cached.expiresAt > nowMs(ctx)) return { ok: true, auth: cached };
    const pending = inflight.get(key);
    if (pending) return pending;
    const request = requestToken(payload, ctx)
      .then((outcome) => {
        if (outcome.ok) cache.set(key, outcome.auth);
        else cache.delete(key);
        return outcome;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, request);
    return request;
  }

  function authorization(auth: CachedAuth, payload: GoHarryPayload): string {
    if (auth.kind === 'bearer') return `Bearer ${auth.token}`;
    return `Basic ${Buffer.from(`${payload.username.trim()}:${payload.password}`).toString('base64')}`;
  }

  async function postLead(
    body: string,
    auth: CachedAuth,
    payload: GoHarryPayload,
    ctx: AdapterContext,
  ): Promise<SafeResponse> {
    const { baseUrl, leadPath } = ctx.endpoints.go_harry;
    return ctx.http.request({
      url: joinUrl(baseUrl, leadPath),
      method: 'POST',
      headers: {
        authorization: authorization(auth, payload),
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body,
    });
  }

  return {
    name: 'go_harry',

    clearTokenCache() {
      cache.clear();
    },

    async send(lead, payload, ctx): Promise<DeliveryResult> {
      const problem = credentialsProblem(payload);
      if (problem) return { ok: false, retryable: false, pause: true, durationMs: 0, message: problem };
      if (!ctx.endpoints.go_harry.baseUrl)
        return { ok: false, retryable: false, durationMs: 0, message: BASE_URL_MISSING };

      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const body = JSON.stringify(toGrupoZapLead(lead));
      try {
        let auth = await authenticate(payload, ctx, false);
        if (!auth.ok) return { ...auth.failure, durationMs: elapsed() };
        let res = await postLead(body, auth.auth, payload, ctx);
        if (res.status === 401 && auth.auth.kind === 'bearer') {
          // The token may have been revoked or expired early: one fresh token, one more try.
          auth = await authenticate(payload, ctx, true);
          if (!auth.ok) return { ...auth.failure, durationMs: elapsed() };
          res = await postLead(body, auth.auth, payload, ctx);
        }
        if (res.status === 401) cache.delete(cacheKey(payload, ctx));
        const outcome = outcomeFromResponse(res, {
          label: LABEL,
          deliveredTo: 'ao GoHarry',
          now: ctx.now?.(),
        });
        const result: DeliveryResult = {
          ...outcome,
          durationMs: elapsed(),
          ...(outcome.responseSnippet !== undefined
            ? { responseSnippet: redact(outcome.responseSnippet, payload.password) }
            : {}),
        };
        if (res.status === 401 || res.status === 403) {
          result.message = `O GoHarry recusou o acesso (HTTP ${res.status}). A integração foi pausada: confira o usuário e a senha.`;
        }
        return result;
      } catch (err) {
        return outcomeFromError(err, LABEL, elapsed());
      }
    },

    async test(payload, ctx): Promise<TestResult> {
      const problem = credentialsProblem(payload);
      if (problem) return { ok: false, verified: false, message: problem };
      if (!ctx.endpoints.go_harry.baseUrl) return { ok: false, verified: false, message: BASE_URL_MISSING };
      const auth = await authenticate(payload, ctx, true);
      if (!auth.ok)
        return { ok: false, verified: auth.failure.status !== undefined, message: auth.testMessage };
      if (auth.auth.kind === 'bearer') {
        return {
          ok: true,
          verified: true,
          message: 'O GoHarry aceitou o usuário e a senha (token de acesso obtido).',
        };
      }
      return {
        ok: true,
        verified: false,
        message: `O GoHarry não oferece login por token em ${ctx.endpoints.go_harry.tokenPath}; os leads serão enviados com autenticação HTTP Basic, que só será confirmada no envio do primeiro lead.`,
      };
    },
  };
}

/** The adapter the server uses: one token cache for the whole process. */
export const goHarryAdapter = createGoHarryAdapter();
