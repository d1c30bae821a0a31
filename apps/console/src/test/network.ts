/**
 * The console's tests talk to a fake server on the network (MSW), not to a mocked HTTP client: the
 * request leaves axios as it would in the browser (URL, query string, headers, JSON body) and the
 * answer is written per endpoint of the contracts' table, typed from its response schema.
 *
 *   handle('getPage', { data: page });                              // every GET /v1/pages/:id
 *   handle('getPage', ({ params }) => (params.id === '7' ? { data: page } : failure(404)));
 *   handle('createPage', failure(422, { message: 'Dados inválidos.', errors: { title: ['…'] } }));
 *   handle('updatePage', networkError, { once: true });            // then the lasting answer
 *   expect(sent('updatePage').map((r) => r.body)).toEqual([{ title: 'Nova' }]);
 *
 * Endpoints with a schema in `endpointSchemas` get their answers type-checked; the others take any
 * answer until their schema lands. Params and query arrive as the server reads them: strings.
 * Answers registered with `once` are used first, in order; then the latest one without it. A request
 * no answer is registered for fails the test (see setup.ts). Handlers and the recorded requests are
 * cleared after each test.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import type { MountedEndpointName } from '@vitrine/contracts/endpoint-schemas';
import { endpointSchemas } from '@vitrine/contracts/endpoint-schemas';
import { endpoints, type EndpointName, type HttpMethod } from '@vitrine/contracts/endpoints';
import type { Answer, CallArgs } from '@/lib/api-client';

/** A query string as the server reads it: `key[]=a&key[]=b` (axios's arrays) and repeated keys are lists. */
export type SentQuery = Record<string, string | string[]>;

export interface SentRequest {
  /** The endpoint of the table the request went to; undefined for paths outside it. */
  name: EndpointName | undefined;
  method: HttpMethod;
  /** The path, without the query string. */
  path: string;
  params: Record<string, string>;
  query: SentQuery;
  headers: Headers;
  /** Parsed JSON, a FormData, the text, or undefined without a body (filled once read). */
  body: unknown;
}

type AnswerOf<N extends EndpointName> = N extends MountedEndpointName ? Answer<N> : unknown;
type BodyOf<N extends EndpointName> = N extends MountedEndpointName ? CallArgs<N>['body'] : unknown;

export interface Received<N extends EndpointName> {
  /** The path, without the query string. */
  path: string;
  params: Record<string, string>;
  query: SentQuery;
  body: BodyOf<N>;
  request: Request;
}

type Result<A> = A | Response | Promise<A | Response>;
export type Resolver<N extends EndpointName> = (received: Received<N>) => Result<AnswerOf<N>>;
type LooseResolver = (received: Omit<Received<never>, 'body'> & { body: unknown }) => Result<unknown>;

export interface HandleOptions {
  /** Answer one request only; `once` answers are used before the lasting one, in order. */
  once?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Which endpoint a request is for (a static segment wins over a `:param`, as in the router)
// ---------------------------------------------------------------------------------------------

interface Route {
  name: EndpointName;
  method: HttpMethod;
  pattern: RegExp;
  keys: string[];
}

function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split(/(:[A-Za-z]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) {
        keys.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), keys };
}

const routes: Route[] = (Object.keys(endpoints) as EndpointName[]).map((name) => ({
  name,
  method: endpoints[name].method,
  ...compile(endpoints[name].path),
}));

function routeOf(
  method: string,
  path: string,
): { name: EndpointName; params: Record<string, string> } | null {
  let best: { name: EndpointName; params: Record<string, string>; dynamic: number } | null = null;
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const dynamic = route.keys.length + (endpoints[route.name].path.includes('*') ? 100 : 0);
    if (best && best.dynamic <= dynamic) continue;
    const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
    best = { name: route.name, params, dynamic };
  }
  return best && { name: best.name, params: best.params };
}

// ---------------------------------------------------------------------------------------------
// Reading requests and writing answers
// ---------------------------------------------------------------------------------------------

function readQuery(url: URL): SentQuery {
  const query: SentQuery = {};
  for (const [rawKey, value] of url.searchParams) {
    const list = rawKey.endsWith('[]');
    const key = list ? rawKey.slice(0, -2) : rawKey;
    const current = query[key];
    if (current === undefined) query[key] = list ? [value] : value;
    else query[key] = Array.isArray(current) ? [...current, value] : [current, value];
  }
  return query;
}

/**
 * The multipart body as the page's own FormData and File (jsdom's): Node's `request.formData()`
 * rejects the files jsdom's XHR sends, and a test compares them with jsdom's classes anyway.
 */
async function readMultipart(request: Request, type: string): Promise<FormData> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  const form = new FormData();
  if (!boundary) return form;
  const bytes = new Uint8Array(await request.arrayBuffer());
  // latin1 keeps one character per byte, so file contents survive the round trip.
  const text = new TextDecoder('latin1').decode(bytes);
  for (const part of text.split(`--${boundary[1] ?? boundary[2]}`).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(2, split);
    const value = part.slice(split + 4, -2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename === undefined) {
      form.append(name, new TextDecoder().decode(Uint8Array.from(value, (c) => c.charCodeAt(0))));
    } else {
      const fileType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '';
      const content = Uint8Array.from(value, (c) => c.charCodeAt(0));
      form.append(name, new File([content], filename, { type: fileType }));
    }
  }
  return form;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) return readMultipart(request, type);
  const text = await request.text();
  if (text === '') return undefined;
  if (type.includes('json')) return JSON.parse(text) as unknown;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An answer with any status and body (a JSON body unless it is a string). */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): Response {
  if (body === undefined || body === null) return new HttpResponse(null, { status, headers });
  if (typeof body === 'string') return HttpResponse.text(body, { status, headers });
  return HttpResponse.json(body, { status, headers });
}

/** An error answer with the server's body: `{message, errors}` (errors on a 422). */
export function failure(
  status: number,
  body: { message?: string; errors?: Record<string, string[]> } = {},
): Response {
  return HttpResponse.json(body, { status });
}

/** The connection fails (no answer at all), as when the server is down. */
export function networkError(): Response {
  return HttpResponse.error();
}

function toResponse(result: unknown, name: EndpointName | undefined): Response {
  if (result instanceof Response) return result;
  const schema = name
    ? (endpointSchemas as Partial<Record<EndpointName, { status?: number }>>)[name]
    : undefined;
  const status = schema?.status ?? 200;
  if (result === undefined) return new HttpResponse(null, { status: status === 200 ? 204 : status });
  return reply(status, result);
}

// ---------------------------------------------------------------------------------------------
// Handlers and the record of requests
// ---------------------------------------------------------------------------------------------

interface Entry {
  once: LooseResolver[];
  lasting?: LooseResolver;
}

const entries = new Map<string, Entry>();
const recorded: SentRequest[] = [];
const unhandled: string[] = [];

/** A fresh token on each fetch, as the server's cookie endpoint does. */
let csrfCount = 0;
const csrfCookie = http.get(new URL(endpoints.getCsrfCookie.path, location.origin).href, () => {
  csrfCount += 1;
  document.cookie = `XSRF-TOKEN=csrf-${csrfCount}; path=/`;
  return new HttpResponse(null, { status: 204 });
});

export const server = setupServer(csrfCookie);

/**
 * jsdom's XHR sends jsdom's FormData, whose files Node's `Request` cannot read (it sends them empty,
 * named "blob"). Each multipart body is copied into Node's own FormData first, so that the handler
 * sees the file's name, type and content as a browser would send them.
 */
async function toNodeFormData(form: FormData): Promise<unknown> {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const copy = new NodeFormData();
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') {
      copy.append(key, value);
    } else {
      const content = new Uint8Array(await value.arrayBuffer());
      copy.append(key, new NodeFile([content], value.name, { type: value.type }) as unknown as File);
    }
  }
  return copy;
}

function sendNodeFormData(): void {
  const Intercepted = globalThis.XMLHttpRequest;
  const Wrapped = new Proxy(Intercepted, {
    construct(target, args: []) {
      const xhr = Reflect.construct(target, args) as XMLHttpRequest;
      return new Proxy(xhr, {
        get(inner, property) {
          if (property === 'send') {
            return (body?: Document | XMLHttpRequestBodyInit | null) => {
              if (!(body instanceof FormData)) return inner.send(body);
              void toNodeFormData(body).then((copy) => inner.send(copy as FormData));
            };
          }
          const value: unknown = Reflect.get(inner, property, inner);
          return typeof value === 'function' ? (value as () => unknown).bind(inner) : value;
        },
        set(inner, property, value) {
          return Reflect.set(inner, property, value, inner);
        },
      });
    },
  });
  Object.defineProperty(globalThis, 'XMLHttpRequest', { value: Wrapped, configurable: true });
}

/** For setup.ts: intercept every request from here on; a request without a handler is an error. */
export function startNetwork(): void {
  server.listen({ onUnhandledRequest: 'error' });
  sendNodeFormData();
}

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const method = request.method.toUpperCase() as HttpMethod;
  const route = routeOf(method, url.pathname);
  const entry: SentRequest = {
    name: route?.name,
    method,
    path: url.pathname,
    params: route?.params ?? {},
    query: readQuery(url),
    headers: new Headers(request.headers),
    body: undefined,
  };
  recorded.push(entry);
  inFlight += 1;
  void readBody(request.clone()).then(
    (body) => (entry.body = body),
    () => undefined,
  );
});

let inFlight = 0;
server.events.on('request:end', () => {
  inFlight -= 1;
});

/**
 * For setup.ts: lets the requests a test's last moments started (a save flushed when the screen
 * unmounts) reach this test's handlers, rather than the next test's.
 */
export async function settleNetwork(): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (inFlight <= 0) return;
  }
}

server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${request.url}`);
});

function register(
  method: HttpMethod,
  path: string,
  name: EndpointName | undefined,
  resolver: unknown,
  options: HandleOptions,
) {
  const key = `${method} ${path}`;
  // A Response's body is read once: a lasting one is copied for each request.
  const asResolver: LooseResolver =
    typeof resolver === 'function'
      ? (resolver as LooseResolver)
      : resolver instanceof Response
        ? () => resolver.clone()
        : () => resolver;
  let entry = entries.get(key);
  if (!entry) {
    entry = { once: [] };
    entries.set(key, entry);
    const current = entry;
    const handler: HttpHandler = http[method.toLowerCase() as Lowercase<HttpMethod>](
      new URL(path, location.origin).href,
      async ({ request }) => {
        const url = new URL(request.url);
        const route = routeOf(method, url.pathname);
        // `/v1/pages/many` is deleteManyPages even though `/v1/pages/:id` matches it too.
        if (name && route?.name !== name) return undefined;
        const next = current.once.shift() ?? current.lasting;
        if (!next) return undefined;
        const body = await readBody(request.clone());
        const result = await next({
          path: url.pathname,
          params: route?.params ?? {},
          query: readQuery(url),
          body: body as never,
          request,
        });
        return toResponse(result, name);
      },
    );
    server.use(handler);
  }
  if (options.once) entry.once.push(asResolver);
  else entry.lasting = asResolver;
}

/**
 * Answers an endpoint of the contracts' table: with a value (every request gets it), or with a
 * function of the request. The success status is the endpoint's (201, 204…); `reply`, `failure`
 * and `networkError` answer anything else.
 */
export function handle<N extends EndpointName>(name: N, resolver: Resolver<N>, options?: HandleOptions): void;
export function handle<N extends EndpointName>(
  name: N,
  answer: AnswerOf<N> | Response,
  options?: HandleOptions,
): void;
export function handle(name: EndpointName, answer: unknown, options: HandleOptions = {}): void {
  register(endpoints[name].method, endpoints[name].path, name, answer, options);
}

/** Answers a path outside the table (the HTTP client's own tests). */
export function handlePath(
  method: HttpMethod,
  path: string,
  resolver: LooseResolver,
  options?: HandleOptions,
): void;
export function handlePath(method: HttpMethod, path: string, answer: unknown, options?: HandleOptions): void;
export function handlePath(
  method: HttpMethod,
  path: string,
  answer: unknown,
  options: HandleOptions = {},
): void {
  register(method, path, undefined, answer, options);
}

/**
 * The requests sent during the test, in order: all of them, those of one method ('GET'…) or those
 * to one endpoint of the table ('getPage'…).
 */
export function sent(filter?: HttpMethod | EndpointName): SentRequest[] {
  if (!filter) return [...recorded];
  if (filter in endpoints) return recorded.filter((r) => r.name === filter);
  return recorded.filter((r) => r.method === filter);
}

/** The query strings sent to one endpoint, in order. */
export function sentQueries(name: EndpointName): SentQuery[] {
  return sent(name).map((r) => r.query);
}

/** The bodies sent to one endpoint, in order. */
export function sentBodies(name: EndpointName): unknown[] {
  return sent(name).map((r) => r.body);
}

/** For setup.ts: forget this test's handlers and requests; throws when a request had no handler. */
export function resetNetwork(): void {
  server.resetHandlers();
  entries.clear();
  recorded.length = 0;
  csrfCount = 0;
  inFlight = 0;
  const missed = unhandled.splice(0);
  if (missed.length > 0) {
    throw new Error(`Requests without a handler (add handle(...) for them):\n${missed.join('\n')}`);
  }
}
