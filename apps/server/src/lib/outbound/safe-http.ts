// Outbound HTTP for agency-supplied URLs (webhooks, CRM base URLs): every address is checked at
// connect time against the SSRF policy, redirects are never followed, time and body size are capped.
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type TcpNetConnectOpts } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Agent, buildConnector, request as undiciRequest } from 'undici';
import { checkAddress, describeRange, type AddressPolicy } from './address-policy.ts';

export const DEFAULT_OUTBOUND_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_USER_AGENT = 'Vitrine-Integracoes/1.0';

export type OutboundErrorKind = 'blocked_address' | 'timeout' | 'network' | 'invalid_url';

/** Typed failure of an outbound call; `message` is Portuguese and safe to show to the agency. */
export class OutboundHttpError extends Error {
  override readonly name = 'OutboundHttpError';
  readonly kind: OutboundErrorKind;
  constructor(kind: OutboundErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeHttpOptions {
  /** Lets loopback/private addresses through (ALLOW_PRIVATE_NETWORK_TARGETS=1). Off by default. */
  allowPrivateNetwork?: boolean;
  /** Refuses http:// URLs (production). */
  requireHttps?: boolean;
  /** Whole-request budget: connect, headers and body. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  /** DNS resolution; tests replace it to simulate names that resolve to internal addresses. */
  resolve?: HostResolver;
  userAgent?: string;
}

export type SafeHttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface SafeRequest {
  url: string;
  method?: SafeHttpMethod;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

export interface SafeResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** UTF-8 body, cut at maxBodyBytes. */
  bodyText: string;
  truncated: boolean;
  durationMs: number;
}

export interface SafeHttpClient {
  request(req: SafeRequest): Promise<SafeResponse>;
  close(): Promise<void>;
}

const defaultResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const stripBrackets = (host: string) =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

function blockedError(host: string, address: string, range: string): OutboundHttpError {
  const shown = host === address ? address : `${host} (${address})`;
  return new OutboundHttpError(
    'blocked_address',
    `O endereço ${shown} pertence a ${describeRange(range)} e não pode receber chamadas. Use um endereço público da internet.`,
  );
}

/** Resolves a host and refuses it if any of its addresses is outside the policy. */
async function resolveChecked(
  host: string,
  policy: AddressPolicy,
  resolve: HostResolver,
): Promise<ResolvedAddress[]> {
  if (isIP(host)) {
    const verdict = checkAddress(host, policy);
    if (!verdict.allowed) throw blockedError(host, host, verdict.range);
    return [{ address: host, family: isIP(host) === 6 ? 6 : 4 }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch (cause) {
    throw new OutboundHttpError('network', `Não foi possível encontrar o domínio ${host} (DNS).`, { cause });
  }
  if (addresses.length === 0) {
    throw new OutboundHttpError('network', `Não foi possível encontrar o domínio ${host} (DNS).`);
  }
  // Every address must pass, not just the first: a name with one public and one internal record
  // would otherwise let the connection race reach the internal one.
  for (const a of addresses) {
    const verdict = checkAddress(a.address, policy);
    if (!verdict.allowed) throw blockedError(host, a.address, verdict.range);
  }
  return addresses;
}

type LookupFunction = NonNullable<TcpNetConnectOpts['lookup']>;

function guardedLookup(policy: AddressPolicy, resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy, resolve).then(
      (addresses) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? addresses.filter((a) => a.family === options.family)
            : addresses;
        const list: LookupAddress[] = (wanted.length > 0 ? wanted : addresses).map((a) => ({
          address: a.address,
          family: a.family,
        }));
        if (options.all) {
          (callback as (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void)(null, list);
        } else {
          const first = list[0]!;
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

function parseTarget(rawUrl: string, requireHttps: boolean): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundHttpError(
      'invalid_url',
      'Endereço inválido: informe a URL completa, começando com https://.',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutboundHttpError('invalid_url', 'Endereço inválido: use uma URL que comece com https://.');
  }
  if (requireHttps && url.protocol !== 'https:') {
    throw new OutboundHttpError('invalid_url', 'Somente endereços https:// são aceitos.');
  }
  if (url.username || url.password) {
    throw new OutboundHttpError(
      'invalid_url',
      'Endereço inválido: não coloque usuário e senha na URL; use a autenticação por cabeçalho.',
    );
  }
  if (!url.hostname) {
    throw new OutboundHttpError('invalid_url', 'Endereço inválido: falta o domínio.');
  }
  return url;
}

function networkMessage(host: string, err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOTFOUND: 'o domínio não foi encontrado (DNS)',
    EAI_AGAIN: 'falha temporária de DNS',
    ECONNREFUSED: 'a conexão foi recusada',
    ECONNRESET: 'a conexão foi interrompida',
    EHOSTUNREACH: 'o servidor está inacessível',
    ENETUNREACH: 'a rede do servidor está inacessível',
    EPIPE: 'a conexão foi interrompida',
    UND_ERR_SOCKET: 'a conexão foi interrompida',
    CERT_HAS_EXPIRED: 'o certificado TLS do servidor expirou',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'o certificado TLS do servidor não é confiável',
    SELF_SIGNED_CERT_IN_CHAIN: 'o certificado TLS do servidor não é confiável',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'o certificado TLS do servidor não é confiável',
    ERR_TLS_CERT_ALTNAME_INVALID: 'o certificado TLS não corresponde ao domínio',
  };
  const reason = typeof code === 'string' ? (reasons[code] ?? `erro de rede (${code})`) : 'erro de rede';
  return `Não foi possível conectar a ${host}: ${reason}.`;
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);

function toOutboundError(
  err: unknown,
  host: string,
  timedOut: boolean,
  timeoutMs: number,
): OutboundHttpError {
  if (err instanceof OutboundHttpError) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof OutboundHttpError) return cause;
  const code = (err as { code?: unknown } | null)?.code;
  if (timedOut || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
    return new OutboundHttpError(
      'timeout',
      `${host} não respondeu em ${Math.round(timeoutMs / 100) / 10} s.`,
      { cause: err },
    );
  }
  return new OutboundHttpError('network', networkMessage(host, err), { cause: err });
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function decodeUtf8(bytes: Uint8Array, truncated: boolean): string {
  let end = bytes.length;
  if (truncated) {
    // Do not end on half a multi-byte character: back up over continuation bytes.
    let i = end - 1;
    while (i >= 0 && end - i <= 4 && (bytes[i]! & 0xc0) === 0x80) i--;
    if (i >= 0) {
      const lead = bytes[i]!;
      const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      if (end - i < need) end = i;
    }
  }
  return new TextDecoder('utf-8').decode(bytes.subarray(0, end));
}

export function createSafeHttpClient(options: SafeHttpOptions = {}): SafeHttpClient {
  const policy: AddressPolicy = { allowPrivateNetwork: options.allowPrivateNetwork === true };
  const requireHttps = options.requireHttps === true;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_OUTBOUND_TIMEOUT_MS;
  const defaultMaxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const resolve = options.resolve ?? defaultResolver;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;

  // undici (its HTTP client is a few dozen modules) is imported with the first outbound call, not at
  // start: many processes never make one.
  let client: Promise<{ agent: Agent; request: typeof undiciRequest }> | null = null;
  const undici = () =>
    (client ??= import('undici').then((u) => {
      // net.connect skips `lookup` for IP literals, so the connector checks those itself; names go
      // through the guarded lookup, which hands net only addresses that passed (no DNS rebinding gap).
      const baseConnect = u.buildConnector({
        timeout: defaultTimeout,
        lookup: guardedLookup(policy, resolve),
      });
      const connect: buildConnector.connector = (opts, callback) => {
        if (isIP(opts.hostname)) {
          const verdict = checkAddress(opts.hostname, policy);
          if (!verdict.allowed) {
            callback(blockedError(opts.hostname, opts.hostname, verdict.range), null);
            return;
          }
        }
        baseConnect(opts, callback);
      };
      const agent = new u.Agent({
        connect,
        headersTimeout: defaultTimeout,
        bodyTimeout: defaultTimeout,
        keepAliveTimeout: 4_000,
      });
      return { agent, request: u.request };
    }));

  async function request(req: SafeRequest): Promise<SafeResponse> {
    const url = parseTarget(req.url, requireHttps);
    const host = stripBrackets(url.hostname);
    const timeoutMs = req.timeoutMs ?? defaultTimeout;
    const maxBodyBytes = req.maxBodyBytes ?? defaultMaxBody;
    const started = performance.now();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onOuterAbort, { once: true });

    try {
      // Refuse before any socket is opened (the connector checks again at connect time). DNS can
      // hang, so the lookup runs inside the same time budget.
      const aborted = new Promise<never>((_resolve, reject) => {
        controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
      aborted.catch(() => undefined);
      await Promise.race([resolveChecked(host, policy, resolve), aborted]);

      const headers: Record<string, string> = { 'user-agent': userAgent, ...req.headers };
      const { agent, request: undiciRequest } = await undici();
      const response = await undiciRequest(url, {
        dispatcher: agent,
        method: req.method ?? 'GET',
        headers,
        body: req.body,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const chunks: Uint8Array[] = [];
      let size = 0;
      let truncated = false;
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        const room = maxBodyBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size += room;
          truncated = true;
          break;
        }
        chunks.push(chunk);
        size += chunk.length;
      }
      if (truncated) response.body.destroy();
      const bytes = Buffer.concat(chunks, size);
      return {
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        bodyText: decodeUtf8(bytes, truncated),
        truncated,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      throw toOutboundError(err, host, timedOut, timeoutMs);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  return {
    request,
    close: async () => {
      if (client) await (await client).agent.close();
    },
  };
}
