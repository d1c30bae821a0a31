/**
 * What must never be written down: SQL parameters in error logs (an argon2 hash, a lead's personal
 * data) and credentials a CRM echoes back in a response kept in the delivery ledger.
 */

const SECRET_NAME = String.raw`[\w.-]*(?:token|password|passwd|senha|secret|api[_-]?key|apikey|authorization|private[_-]?key|client[_-]?key|credential)[\w.-]*`;
const REDACTED = '[removido]';

const JSON_PAIR = new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[^,}\]\s]+)`, 'gi');
const KEY_VALUE = new RegExp(String.raw`\b(${SECRET_NAME})(\s*[=:]\s*)(?!\s*["{\[])([^&\s"',;<>]+)`, 'gi');
const XML_ELEMENT = new RegExp(String.raw`(<(${SECRET_NAME})(?:\s[^>]*)?>)[^<]*(</\2>|$)`, 'gi');
const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/g;

/** A response body (or a message quoting one) with the values of secret-looking keys replaced. */
export function redactSecrets(text: string): string;
export function redactSecrets(text: string | null | undefined): string | null;
export function redactSecrets(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return text
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JSON_PAIR, (_m, key: string) => `${key}"${REDACTED}"`)
    .replace(XML_ELEMENT, (_m, open: string, _name: string, close: string) => `${open}${REDACTED}${close}`)
    .replace(KEY_VALUE, (_m, key: string, sep: string, value: string) =>
      value === REDACTED || /^(Bearer|Basic|Token)$/.test(value)
        ? `${key}${sep}${value}`
        : `${key}${sep}${REDACTED}`,
    );
}

/** Error fields safe to log: codes and names, never values (pg's `detail`/`where` quote row data). */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'errno',
  'syscall',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'kind',
  'status',
] as const;

type Serialized = { type: string; message: string; stack?: string; cause?: Serialized } & Partial<
  Record<(typeof SAFE_FIELDS)[number], unknown>
>;

/**
 * pino's `err` serializer: type, message, code and stack frames only. A failed query (drizzle puts the
 * SQL and its parameters in the message and in `query`/`params`) keeps only "Failed query" and its cause.
 */
export function serializeError(err: unknown, depth = 0): Serialized | unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as Record<string, unknown> & {
    name?: string;
    message?: unknown;
    stack?: unknown;
    cause?: unknown;
  };
  const isQuery = 'params' in e || 'parameters' in e || 'query' in e;
  const out: Serialized = {
    type: (e.constructor as { name?: string } | undefined)?.name ?? String(e.name ?? 'Error'),
    message: isQuery
      ? 'Failed query (SQL e parâmetros omitidos do log)'
      : redactSecrets(String(e.message ?? '')),
  };
  for (const f of SAFE_FIELDS) if (e[f] !== undefined && typeof e[f] !== 'object') out[f] = e[f];
  // Only the frames: the stack's first lines repeat the message.
  const frames = String(e.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
  if (frames) out.stack = frames;
  if (e.cause && depth < 5) out.cause = serializeError(e.cause, depth + 1) as Serialized;
  return out;
}

/** The serializer as pino and Fastify type it. */
export const errSerializer = (err: Error) => {
  const out = serializeError(err) as Serialized;
  return { ...out, stack: out.stack ?? '' } as {
    [key: string]: unknown;
    type: string;
    message: string;
    stack: string;
  };
};
