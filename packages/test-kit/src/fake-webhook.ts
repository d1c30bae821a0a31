/**
 * A CRM's webhook endpoint on 127.0.0.1, for tests, benchmarks and the soak: it keeps every call,
 * checks its Standard Webhooks signature with the `standardwebhooks` library (the receivers' own
 * reference implementation, not the server's signing code) when given the endpoint's secret, and
 * answers what the caller decides (200 "ok" unless told). The server must run with
 * ALLOW_PRIVATE_NETWORK_TARGETS=1 to deliver to it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface WebhookCall<T = unknown> {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact body received. */
  body: string;
  /** The body parsed as JSON (the event, as the test declares it); undefined when it is not JSON. */
  json: T;
  /** Whether the signature verifies against the secret (and the timestamp is fresh); null without a secret. */
  signatureValid: boolean | null;
  /** performance.now() when the whole body had arrived. */
  at: number;
}

export interface FakeWebhookOptions<T = unknown> {
  /** The endpoint's `whsec_` secret, read at each call (a test may learn it after starting). */
  secret?: () => string;
  /** The answer to a call: a status, or a status and a body. Default 200 "ok". */
  respond?: (call: WebhookCall<T>) => number | { status: number; body?: string; contentType?: string };
  /** The path in `url`; any path is accepted. Default /webhook. */
  path?: string;
}

export interface FakeWebhook<T = unknown> {
  /** http://127.0.0.1:<port><path> */
  url: string;
  /** Every call, in the order it arrived. */
  received: WebhookCall<T>[];
  server: Server;
  close(): Promise<void>;
}

/**
 * Whether a call carries a valid Standard Webhooks signature for `secret` (`whsec_…`), with a fresh
 * timestamp, checked by the `standardwebhooks` library: the receivers' reference implementation, not
 * the server's own signing code.
 */
export function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const header = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  try {
    new Webhook(secret).verify(body, {
      'webhook-id': header('webhook-id'),
      'webhook-timestamp': header('webhook-timestamp'),
      'webhook-signature': header('webhook-signature'),
    });
    return true;
  } catch {
    return false;
  }
}

export async function startFakeWebhook<T = unknown>(
  options: FakeWebhookOptions<T> = {},
): Promise<FakeWebhook<T>> {
  const received: WebhookCall<T>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A connection dropped mid-body answers 500, as a failing CRM would.
    req.on('error', () => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
    req.on('end', () => {
      const at = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const secret = options.secret?.();
      const call: WebhookCall<T> = {
        path: req.url ?? '/',
        headers: req.headers,
        body,
        json: json as T,
        signatureValid: secret ? verifyStandardWebhook(secret, req.headers, body) : null,
        at,
      };
      received.push(call);
      const answer = options.respond?.(call) ?? 200;
      const {
        status,
        body: text = 'ok',
        contentType = 'text/plain',
      } = typeof answer === 'number' ? { status: answer } : answer;
      res.writeHead(status, { 'content-type': contentType }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/webhook'}`,
    received,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
