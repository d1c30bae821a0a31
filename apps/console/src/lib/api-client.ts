/**
 * The one HTTP client of the console (docs/product.md#api-client): same-origin cookies (Sanctum-style
 * session), JSON, REQUEST_TIMEOUT_MS, the CSRF cookie fetched before state-changing calls, a single retry on
 * 419 and the session cleared with a redirect to /login on 401.
 */
import axios, { type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { REQUEST_TIMEOUT_MS } from '@vitrine/contracts/constants';
import type { MountedEndpointName, endpointSchemas } from '@vitrine/contracts/endpoint-schemas';
import { endpointPath, endpoints } from '@vitrine/contracts/endpoints';
import { paths } from '@vitrine/contracts/paths';
import { normalizeErrorMessage } from './api-errors';
import { readCookie } from './cookies';
import { clearStoredSession } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the one retry after a 419, so that a second 419 is passed on to the caller. */
    _csrfRetried?: boolean;
    /**
     * A 401 on this call is the caller's business: no session clearing, no redirect. Used by
     * login (wrong credentials), logout (the session is already gone locally) and the /v1/me
     * refresh (its failure clears the session itself; protected routes then redirect to /entrar).
     */
    skipAuthRedirect?: boolean;
  }
}

export const CSRF_COOKIE_PATH = endpoints.getCsrfCookie.path;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

const STATE_CHANGING_METHODS = new Set(['post', 'put', 'patch', 'delete']);

export const api = axios.create({
  baseURL: '',
  withCredentials: true,
  withXSRFToken: true,
  xsrfCookieName: XSRF_COOKIE_NAME,
  xsrfHeaderName: XSRF_HEADER_NAME,
  timeout: REQUEST_TIMEOUT_MS,
  headers: {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  },
});

let csrfInFlight: Promise<string | null> | null = null;

/**
 * Makes sure the XSRF-TOKEN cookie exists and returns its value. The cookie is reused while it
 * exists; `force` fetches a new one (after a 419). Concurrent callers share one request.
 */
export function ensureCsrfCookie(force = false): Promise<string | null> {
  if (!force && !csrfInFlight) {
    const current = readCookie(XSRF_COOKIE_NAME);
    if (current) return Promise.resolve(current);
  }
  csrfInFlight ??= call('getCsrfCookie', {})
    .then(() => readCookie(XSRF_COOKIE_NAME))
    .finally(() => {
      csrfInFlight = null;
    });
  return csrfInFlight;
}

type Listener = () => void;
const sessionExpiredListeners = new Set<Listener>();

/** Called after a 401 has cleared the stored session; the auth provider resets its state here. */
export function onSessionExpired(listener: Listener): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

const defaultLoginRedirect = () => {
  const { pathname } = window.location;
  if (pathname !== paths.loginAlias && pathname !== paths.login) window.location.assign(paths.loginAlias);
};
let loginRedirect: () => void = defaultLoginRedirect;

/**
 * The app registers the router's navigate here (no full reload); without it the client falls back
 * to `window.location.assign('/login')`. Pass null to restore the fallback.
 */
export function setLoginRedirect(redirect: (() => void) | null): void {
  loginRedirect = redirect ?? defaultLoginRedirect;
}

function handleUnauthorized() {
  clearStoredSession();
  for (const listener of sessionExpiredListeners) listener();
  loginRedirect();
}

api.interceptors.request.use(async (config) => {
  const method = (config.method ?? 'get').toLowerCase();
  if (STATE_CHANGING_METHODS.has(method)) {
    const token = await ensureCsrfCookie();
    if (token) config.headers.set(XSRF_HEADER_NAME, token);
  }
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || !error.config || !error.response) throw error;
  const { config, response } = error;
  normalizeErrorMessage(error);

  if (response.status === 419 && !config._csrfRetried) {
    const token = await ensureCsrfCookie(true);
    config._csrfRetried = true;
    if (token) config.headers.set(XSRF_HEADER_NAME, token);
    return api.request(config);
  }

  if (response.status === 401 && !config.skipAuthRedirect) handleUnauthorized();

  throw error;
});

// ---------------------------------------------------------------------------------------------
// Typed calls from the contracts' endpoint table
// ---------------------------------------------------------------------------------------------

type Schemas = typeof endpointSchemas;
type Input<N extends MountedEndpointName, K extends string> = Schemas[N] extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : never;

/**
 * The arguments of `call(name, …)`: `params` when the path has any, `query` when the endpoint
 * reads one, `body` (typed from its schema; a FormData for multipart endpoints).
 */
export type CallArgs<N extends MountedEndpointName> = ([Input<N, 'params'>] extends [never]
  ? { params?: never }
  : { params: Input<N, 'params'> }) &
  ([Input<N, 'query'>] extends [never] ? { query?: never } : { query?: Input<N, 'query'> }) &
  ([Input<N, 'body'>] extends [never]
    ? { body?: FormData }
    : undefined extends Input<N, 'body'>
      ? { body?: Input<N, 'body'> }
      : { body: Input<N, 'body'> });

/** What the endpoint answers on success (parsed JSON, or the text of an HTML/CSV answer). */
export type Answer<N extends MountedEndpointName> = z.output<Schemas[N]['response']>;

/** Transport options of one call (the same as axios's, minus what the table decides). */
export type CallOptions = Omit<AxiosRequestConfig, 'url' | 'method' | 'params' | 'data'>;

/**
 * Calls an endpoint by its name in the contracts' table: the path comes from the table with the
 * params filled in, the answer is typed from its response schema. Errors are axios errors, with
 * the message normalized like every other call of this client.
 */
export async function call<N extends MountedEndpointName>(
  name: N,
  args: CallArgs<N>,
  options: CallOptions = {},
): Promise<Answer<N>> {
  const { method } = endpoints[name];
  const { params, query, body } = args as {
    params?: Record<string, string | number>;
    query?: object;
    body?: unknown;
  };
  const response = await api.request<Answer<N>>({
    ...options,
    method,
    url: endpointPath(name, params),
    params: query,
    data: body,
  });
  return response.data;
}
