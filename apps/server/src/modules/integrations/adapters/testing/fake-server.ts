// A scriptable local HTTP server that the fake CRMs and the fake webhook receiver build on: it
// records every request and lets a test queue failures (status, timeout, redirect) per route
// before the fake's protocol answers normally. Used by unit, e2e and soak tests alike.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: Date;
  /** The route the fake's protocol gave this request (e.g. "lead", "token"). */
  route: string;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body?: string | object;
}

/** A scripted deviation from the protocol, consumed by the next request of its route. */
export type FakeBehaviour =
  | { kind: 'reply'; reply: FakeReply }
  /** Accepts the request and never answers (timeouts). */
  | { kind: 'hang' }
  /** Drops the connection without an answer (network errors). */
  | { kind: 'drop' };

export const fakeReply = (
  status: number,
  body?: string | object,
  headers?: Record<string, string>,
): FakeBehaviour => ({
  kind: 'reply',
  reply: { status, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) },
});
export const fakeRedirect = (location: string, status = 302): FakeBehaviour =>
  fakeReply(status, '', { location });
export const fakeHang: FakeBehaviour = { kind: 'hang' };
export const fakeDrop: FakeBehaviour = { kind: 'drop' };

export interface FakeProtocol {
  /** Names the route of a request; unknown requests get 404 from the fake. */
  route(req: Omit<RecordedRequest, 'route'>): string | undefined;
  /** The normal answer of the protocol. */
  handle(req: RecordedRequest): FakeReply | Promise<FakeReply>;
}

export interface FakeServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Requests of one route. */
  requestsTo(route: string): RecordedRequest[];
  /** Queues behaviours for the next requests of a route, in order. */
  enqueue(route: string, ...behaviours: FakeBehaviour[]): void;
  /** Forgets recorded requests and queued behaviours. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeServer(
  protocol: FakeProtocol,
  options: FakeServerOptions = {},
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const queues = new Map<string, FakeBehaviour[]>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake.local');
        const base = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date(),
        };
        const route = protocol.route(base);
        const recorded: RecordedRequest = { ...base, route: route ?? 'unknown' };
        requests.push(recorded);
        const behaviour = route ? queues.get(route)?.shift() : undefined;
        if (behaviour?.kind === 'hang') return;
        if (behaviour?.kind === 'drop') {
          req.socket.destroy();
          return;
        }
        let reply: FakeReply;
        try {
          reply =
            behaviour?.kind === 'reply'
              ? behaviour.reply
              : route
                ? await protocol.handle(recorded)
                : { status: 404, body: { error: 'not found' } };
        } catch {
          reply = { status: 500, body: { error: 'fake failed' } };
        }
        const isJson = reply.body !== undefined && typeof reply.body === 'object';
        const body = reply.body === undefined ? '' : isJson ? JSON.stringify(reply.body) : String(reply.body);
        res.writeHead(reply.status, {
          ...(isJson ? { 'content-type': 'application/json' } : {}),
          ...reply.headers,
        });
        res.end(body);
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  return {
    url: `http://${host}:${port}`,
    requests,
    requestsTo: (route) => requests.filter((r) => r.route === route),
    enqueue(route, ...behaviours) {
      queues.set(route, [...(queues.get(route) ?? []), ...behaviours]);
    },
    reset() {
      requests.length = 0;
      queues.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
