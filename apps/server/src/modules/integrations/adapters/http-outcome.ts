// The delivery policy (docs/webhooks.md#delivery-outcomes) as one table: HTTP status or transport error ->
// outcome.
import { clipWithEllipsis } from '@vitrine/contracts';
import { OutboundHttpError, type SafeResponse } from '../../../lib/outbound/safe-http.ts';
import type { DeliveryResult, TestResult } from './types.ts';

/** How much of a response the delivery ledger keeps. */
export const RESPONSE_SNIPPET_CHARS = 1_000;

export const snippet = (text: string): string => clipWithEllipsis(text, RESPONSE_SNIPPET_CHARS);

/** Base URL + path with exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Retry-After as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: Date = new Date()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now.getTime());
}

export interface OutcomeOptions {
  /** Name of the destination in messages, e.g. "Jetimob". */
  label: string;
  /** Completes "Lead entregue …", e.g. "à Jetimob", "ao webhook". */
  deliveredTo: string;
  /** 410 disables the integration (webhooks) instead of failing the one delivery. */
  goneDisables?: boolean;
  now?: Date;
}

/** Outcome of an HTTP answer under the shared policy; adapters override the statuses they know better. */
export function outcomeFromResponse(res: SafeResponse, options: OutcomeOptions): DeliveryResult {
  const { status } = res;
  const base = { status, durationMs: res.durationMs, responseSnippet: snippet(res.bodyText) };
  const { label } = options;
  if (status >= 200 && status < 300) {
    return {
      ...base,
      ok: true,
      retryable: false,
      message: `Lead entregue ${options.deliveredTo} (HTTP ${status}).`,
    };
  }
  if (status >= 300 && status < 400) {
    const location = res.headers.location ? ` para ${res.headers.location}` : '';
    return {
      ...base,
      ok: false,
      retryable: false,
      message: `${label} respondeu com um redirecionamento (HTTP ${status}${location}). Redirecionamentos não são seguidos: atualize o endereço configurado.`,
    };
  }
  if (status === 401 || status === 403) {
    return {
      ...base,
      ok: false,
      retryable: false,
      pause: true,
      message: `${label} recusou as credenciais (HTTP ${status}). A integração foi pausada até que sejam corrigidas.`,
    };
  }
  if (status === 410 && options.goneDisables) {
    return {
      ...base,
      ok: false,
      retryable: false,
      disable: true,
      message: `${label} informou que o endereço não existe mais (HTTP 410). A integração foi desativada; configure um novo endereço para reativá-la.`,
    };
  }
  if (status === 408 || status === 429 || status >= 500) {
    const retryAfterMs = parseRetryAfter(res.headers['retry-after'], options.now);
    return {
      ...base,
      ok: false,
      retryable: true,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      message: `${label} respondeu com HTTP ${status}. Uma nova tentativa será feita automaticamente.`,
    };
  }
  return { ...base, ok: false, retryable: false, message: `${label} recusou o lead (HTTP ${status}).` };
}

/** Outcome of a call that got no HTTP answer. */
export function outcomeFromError(err: unknown, label: string, durationMs: number): DeliveryResult {
  if (err instanceof OutboundHttpError) {
    switch (err.kind) {
      case 'timeout':
      case 'network':
        return {
          ok: false,
          retryable: true,
          durationMs,
          message: `${label}: ${err.message} Uma nova tentativa será feita automaticamente.`,
        };
      case 'blocked_address':
      case 'invalid_url':
        // A configuration problem: retrying cannot help until someone changes the address.
        return { ok: false, retryable: false, pause: true, durationMs, message: `${label}: ${err.message}` };
    }
  }
  return {
    ok: false,
    retryable: true,
    durationMs,
    message: `${label}: erro inesperado ao enviar o lead. Uma nova tentativa será feita automaticamente.`,
  };
}

/** Runs one outbound call and maps a thrown error to an outcome, measuring the time either way. */
export async function attempt(
  label: string,
  call: () => Promise<SafeResponse>,
  onResponse: (res: SafeResponse) => DeliveryResult,
): Promise<DeliveryResult> {
  const started = performance.now();
  let res: SafeResponse;
  try {
    res = await call();
  } catch (err) {
    return outcomeFromError(err, label, Math.round(performance.now() - started));
  }
  return onResponse(res);
}

/** Connectivity-test reading of an HTTP answer (no retries, no pausing: the agency is watching). */
export function testResultFromResponse(res: SafeResponse, label: string): TestResult {
  const { status } = res;
  if (status >= 200 && status < 300) {
    return { ok: true, verified: true, message: `${label} respondeu HTTP ${status}: conexão verificada.` };
  }
  if (status >= 300 && status < 400) {
    const location = res.headers.location ? ` para ${res.headers.location}` : '';
    return {
      ok: false,
      verified: true,
      message: `${label} respondeu com um redirecionamento (HTTP ${status}${location}). Redirecionamentos não são seguidos: use o endereço final.`,
    };
  }
  if (status === 401 || status === 403) {
    return {
      ok: false,
      verified: true,
      message: `${label} recusou as credenciais (HTTP ${status}). Confira os dados informados.`,
    };
  }
  if (status === 410) {
    return {
      ok: false,
      verified: true,
      message: `${label} informou que o endereço não existe mais (HTTP 410).`,
    };
  }
  return { ok: false, verified: true, message: `${label} respondeu HTTP ${status}.` };
}

/** Connectivity-test reading of a call that got no HTTP answer. */
export function testResultFromError(err: unknown, label: string): TestResult {
  const message = err instanceof OutboundHttpError ? err.message : 'erro inesperado na conexão.';
  return { ok: false, verified: false, message: `${label}: ${message}` };
}
