/**
 * A local Meta Graph API for tests, the soak and the benchmarks: one server (on `startFakeServer`, so
 * every request is recorded and `enqueue` scripts a route's next answers) that speaks the three parts of
 * Meta's protocol the product uses, each as Meta documents it:
 *
 * - Meta lead forms (docs/decisions/020-meta-lead-ads.md): `GET /{leadgen-id}?fields=…` (routes `lead`),
 *   `GET /{page-id}?fields=id,name` (`page`), `GET /{page-id}/leadgen_forms`, `POST
 *   /{page-id}/subscribed_apps`, `GET /debug_token`, with `access_token` checked (and `appsecret_proof`
 *   when an app secret is given); `notification()`… `leadgenNotification()` and `signMetaBody()` build
 *   the signed webhook bodies Meta sends.
 * - Facebook Login ("Conectar com Facebook"): a tiny dialog page at `/{version}/dialog/oauth` that sends
 *   the browser back with a code (or `error=access_denied`), `GET /oauth/access_token` (code → user token,
 *   `fb_exchange_token` → long-lived token), `GET /me/permissions`, and `GET /me/accounts` (the user's
 *   pages with their tokens and tasks, paginated with `paging.next`).
 * - The Conversions API (docs/decisions/023-ad-conversions.md): `POST /{dataset-id}/events` (`events`)
 *   and `GET /{dataset-id}` (`dataset`, the connection test, bearer token).
 *
 * Errors are Meta's bodies `{error: {message, type, code, error_subcode, fbtrace_id}}`: 190 for a bad or
 * revoked token, 100 for an unknown object or code, the throttling codes (4, 17, 32, 613) queued with
 * `failNext` (by path) or `enqueue(route, graphError(...))`. Any `/v<major>.<minor>` prefix is accepted;
 * point META_GRAPH_URL at `graphUrl` and META_OAUTH_DIALOG_URL at `dialogUrl`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  fakeReply,
  startFakeServer,
  type FakeBehaviour,
  type FakeReply,
  type FakeServer,
  type RecordedRequest,
} from '../modules/integrations/adapters/testing/fake-server.ts';

export const GRAPH_VERSION = 'v21.0';

export interface FakeGraphLead {
  id: string;
  pageId: string;
  created_time?: string;
  field_data: { name: string; values: string[] }[];
  ad_id?: string;
  ad_name?: string;
  adset_id?: string;
  adset_name?: string;
  campaign_id?: string;
  campaign_name?: string;
  form_id?: string;
  platform?: 'fb' | 'ig';
  is_organic?: boolean;
}

export interface FakeGraphPage {
  id: string;
  name: string;
  token: string;
  /** Which app issued the token (debug_token). */
  appId?: string;
  forms: { id: string; name: string; status: string }[];
  subscribedFields: string[];
}

/** Someone who goes through Facebook Login: the pages they manage (with their tasks) and what they grant. */
export interface FakeLoginUser {
  name: string;
  pages: { id: string; tasks: string[] }[];
  /** The permissions granted; the rest of the scope is declined. */
  granted: string[];
}

export interface FakeGraphCall {
  method: string;
  /** Without the version: `/me/accounts`, `/{leadgen-id}`. */
  path: string;
  /** The query and, for a POST, the form body. */
  query: Record<string, string>;
}

const trace = () => randomBytes(8).toString('base64url');

/** One of Meta's documented errors: HTTP status and body. */
export const GRAPH_ERRORS = {
  expiredToken: {
    status: 400,
    error: {
      message: 'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.',
      type: 'OAuthException',
      code: 190,
      error_subcode: 463,
    },
  },
  invalidToken: {
    status: 400,
    error: {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
    },
  },
  unknownObject: {
    status: 400,
    error: {
      message:
        "Unsupported get request. Object with ID '1' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    },
  },
  invalidCode: {
    status: 400,
    error: {
      message: 'This authorization code has been used.',
      type: 'OAuthException',
      code: 100,
      error_subcode: 36009,
    },
  },
  appRateLimit: {
    status: 400,
    error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4 },
  },
  userRateLimit: {
    status: 400,
    error: { message: '(#17) User request limit reached', type: 'OAuthException', code: 17 },
  },
  pageRateLimit: {
    status: 400,
    error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32 },
  },
  customRateLimit: {
    status: 400,
    error: {
      message: '(#613) Calls to this api have exceeded the rate limit.',
      type: 'OAuthException',
      code: 613,
    },
  },
  serverError: {
    status: 500,
    error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 },
  },
} as const;
export type GraphErrorName = keyof typeof GRAPH_ERRORS;

/** A Meta error answer for `enqueue` (a route's next request). */
export const graphError = (
  code: number,
  message: string,
  type = 'OAuthException',
  status = 400,
): FakeBehaviour => fakeReply(status, { error: { message, type, code, fbtrace_id: trace() } });

export interface FakeGraph extends FakeServer {
  /** `${url}/v21.0`: what META_GRAPH_URL is set to. */
  readonly graphUrl: string;
  /** Facebook Login's dialog on this server: what META_OAUTH_DIALOG_URL is set to. */
  readonly dialogUrl: string;
  /** Every request, as the lead forms' tests read them (path without the version, query with the form). */
  readonly calls: FakeGraphCall[];
  readonly pages: Map<string, FakeGraphPage>;
  readonly leads: Map<string, FakeGraphLead>;
  /** Conversions API events accepted, with the test code each came with. */
  readonly events: { datasetId: string; event: Record<string, unknown>; testEventCode: string | null }[];
  addPage(page: Partial<FakeGraphPage> & { id: string }): FakeGraphPage;
  addLead(lead: Partial<FakeGraphLead> & { id: string; pageId: string }): FakeGraphLead;
  /**
   * Someone the dialog logs in (the next dialog visit answers as them) and a code for them, as the dialog
   * would send back (single use), for tests that call the callback themselves.
   */
  loginAs(user: Partial<FakeLoginUser> & { pages: FakeLoginUser['pages'] }): { code: string };
  /** The next `count` calls (to paths matching `match`, if given) answer this error. */
  failNext(name: GraphErrorName, count?: number, match?: RegExp): void;
  /** Tokens Meta no longer accepts (190 on every call with them). */
  revoke(token: string): void;
  /**
   * Makes the Conversions API event with this `event_id` invalid (code 100). As Meta, one invalid event
   * of `data` rejects the whole request and keeps none of its events.
   */
  refuse(eventId: string): void;
}

const HEX64 = /^[0-9a-f]{64}$/;
const ACTION_SOURCES = [
  'website',
  'system_generated',
  'app',
  'email',
  'phone_call',
  'chat',
  'physical_store',
  'other',
];
const ALL_SCOPES = [
  'pages_show_list',
  'pages_manage_metadata',
  'pages_read_engagement',
  'leads_retrieval',
  'business_management',
];

export interface FakeGraphOptions {
  /** The app: `appsecret_proof` is checked with its secret, and Facebook Login takes its id and secret. */
  appId?: string;
  appSecret?: string;
  /** The Conversions API's data set and the token that may send to it. */
  dataset?: { id: string; token: string; name?: string };
  /** At most this many pages in one `/me/accounts` answer, whatever `limit` asks (Meta answers fewer at times). */
  accountsPageSize?: number;
}

/** Starts the fake. */
export async function startFakeGraph(options: FakeGraphOptions = {}): Promise<FakeGraph> {
  const pages = new Map<string, FakeGraphPage>();
  const leads = new Map<string, FakeGraphLead>();
  const events: FakeGraph['events'] = [];
  const datasetTokens = new Set(options.dataset ? [options.dataset.token] : []);
  const revoked = new Set<string>();
  const refused = new Set<string>();
  const failures: { name: GraphErrorName; match?: RegExp }[] = [];
  /** Codes the dialog gave (single use) and user tokens, short and long-lived. */
  const codes = new Map<string, FakeLoginUser>();
  const userTokens = new Map<string, FakeLoginUser>();
  let dialogUser: FakeLoginUser | null = null;

  const fail = (name: GraphErrorName): FakeReply => {
    const { status, error } = GRAPH_ERRORS[name];
    return {
      status,
      body: { error: { ...error, fbtrace_id: trace() } },
      headers: { 'www-authenticate': 'OAuth "Facebook Platform"' },
    };
  };
  const error = (code: number, message: string, type = 'OAuthException'): FakeReply => ({
    status: 400,
    body: { error: { message, type, code, fbtrace_id: trace() } },
  });
  const json = (body: unknown, headers?: Record<string, string>): FakeReply => ({
    status: 200,
    body: body as object,
    ...(headers ? { headers } : {}),
  });
  const pageOfToken = (token: string) => [...pages.values()].find((p) => p.token === token);
  /** The path without the version, or null when it has none. */
  const unversioned = (path: string) => /^\/v\d+\.\d+(\/.*)$/.exec(path)?.[1] ?? null;
  /** The query with a POST's form body (the Conversions API posts JSON: not merged). */
  const paramsOf = (req: {
    method: string;
    query: URLSearchParams;
    body: string;
    headers: RecordedRequest['headers'];
  }) => {
    const params: Record<string, string> = Object.fromEntries(req.query);
    if (req.method === 'POST' && !String(req.headers['content-type'] ?? '').includes('json'))
      Object.assign(params, Object.fromEntries(new URLSearchParams(req.body)));
    return params;
  };
  const tokenOf = (req: Parameters<typeof paramsOf>[0]) =>
    /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? paramsOf(req).access_token ?? '';
  const newToken = (user: FakeLoginUser) => {
    const token = `EAAGuser${randomBytes(18).toString('base64url')}`;
    userTokens.set(token, user);
    return token;
  };
  const proofOk = (token: string, proof: string | undefined) =>
    !options.appSecret || proof === createHmac('sha256', options.appSecret).update(token).digest('hex');
  const badProof = () => ({
    status: 400,
    body: {
      error: {
        message: 'Invalid appsecret_proof provided in the API argument',
        type: 'GraphMethodException',
        code: 100,
        fbtrace_id: trace(),
      },
    },
  });
  const escapeHtml = (s: string) =>
    s.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );

  const server = await startFakeServer({
    route(req) {
      const path = unversioned(req.path);
      if (path === null) return undefined;
      const parts = path.split('/').filter(Boolean);
      if (req.method === 'GET' && path === '/dialog/oauth') return 'dialog';
      if (req.method === 'GET' && path === '/oauth/access_token') return 'oauth_token';
      if (req.method === 'GET' && path === '/me/accounts') return 'accounts';
      if (req.method === 'GET' && path === '/me/permissions') return 'permissions';
      if (req.method === 'GET' && path === '/debug_token') return 'debug_token';
      if (req.method === 'POST' && parts.length === 2 && parts[1] === 'events') return 'events';
      if (req.method === 'POST' && parts.length === 2 && parts[1] === 'subscribed_apps')
        return 'subscribed_apps';
      if (req.method === 'GET' && parts.length === 2 && parts[1] === 'leadgen_forms') return 'leadgen_forms';
      if (req.method === 'GET' && parts.length === 1) {
        // A page token reads pages and leads; any other token asks for a Conversions API data set.
        if (!pageOfToken(tokenOf(req))) return 'dataset';
        return pages.has(parts[0]!) ? 'page' : 'lead';
      }
      return undefined;
    },

    handle(req) {
      const path = unversioned(req.path)!;
      const index = failures.findIndex((f) => !f.match || f.match.test(path));
      if (index >= 0) return fail(failures.splice(index, 1)[0]!.name);
      const params = paramsOf(req);
      const [id] = path.split('/').filter(Boolean);

      switch (req.route) {
        case 'dialog': {
          const redirect = params.redirect_uri ?? '';
          const state = params.state ?? '';
          const back = (query: Record<string, string>) =>
            `${redirect}?${new URLSearchParams({ ...query, state }).toString()}#_=_`;
          if (
            params.client_id !== options.appId ||
            !URL.canParse(redirect) ||
            params.response_type !== 'code'
          )
            return {
              status: 400,
              body: 'Invalid App ID or redirect_uri',
              headers: { 'content-type': 'text/plain' },
            };
          const user = dialogUser;
          const code = user ? `AQ${randomBytes(24).toString('base64url')}` : '';
          if (user) codes.set(code, user);
          const cancel = back({
            error: 'access_denied',
            error_code: '200',
            error_description: 'Permissions error',
            error_reason: 'user_denied',
          });
          const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Facebook</title></head>
<body style="font-family:sans-serif;max-width:28rem;margin:3rem auto">
<h1>Entrar com o Facebook (simulado)</h1>
<p>O app ${escapeHtml(params.client_id ?? '')} pede: ${escapeHtml((params.scope ?? '').split(',').join(', '))}.</p>
${user ? `<p><a id="continue" href="${escapeHtml(back({ code }))}">Continuar como ${escapeHtml(user.name)}</a></p>` : '<p>Ninguém entrou.</p>'}
<p><a id="cancel" href="${escapeHtml(cancel)}">Cancelar</a></p></body></html>`;
          return { status: 200, body: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
        }

        case 'oauth_token': {
          if (params.client_id !== options.appId || params.client_secret !== options.appSecret)
            return error(101, 'Error validating application. Invalid application ID.');
          if (params.grant_type === 'fb_exchange_token') {
            const user = userTokens.get(params.fb_exchange_token ?? '');
            if (!user || revoked.has(params.fb_exchange_token ?? '')) return fail('invalidToken');
            return json({ access_token: newToken(user), token_type: 'bearer', expires_in: 5183944 });
          }
          const user = codes.get(params.code ?? '');
          if (!user || !params.redirect_uri) return fail('invalidCode');
          codes.delete(params.code!);
          return json({ access_token: newToken(user), token_type: 'bearer', expires_in: 5183 });
        }

        case 'accounts':
        case 'permissions': {
          const token = params.access_token ?? '';
          const user = userTokens.get(token);
          if (!user || revoked.has(token)) return fail(revoked.has(token) ? 'expiredToken' : 'invalidToken');
          if (!proofOk(token, params.appsecret_proof)) return badProof();
          if (req.route === 'permissions')
            return json({
              data: ALL_SCOPES.map((permission) => ({
                permission,
                status: user.granted.includes(permission) ? 'granted' : 'declined',
              })),
            });
          const fields = (params.fields ?? 'id,name').split(',');
          const all = user.pages
            .map((p) => ({ page: pages.get(p.id), tasks: p.tasks }))
            .filter((p): p is { page: FakeGraphPage; tasks: string[] } => !!p.page)
            .map(({ page, tasks }) =>
              Object.fromEntries(
                Object.entries({ id: page.id, name: page.name, access_token: page.token, tasks }).filter(
                  ([k]) => fields.includes(k),
                ),
              ),
            );
          const limit = Math.max(1, Math.min(Number(params.limit) || 25, options.accountsPageSize ?? 100));
          const from = Number(params.after ?? '0') || 0;
          const slice = all.slice(from, from + limit);
          const nextFrom = from + limit;
          const next = new URL(`${server.url}${req.path}`);
          next.search = new URLSearchParams({ ...params, after: String(nextFrom) }).toString();
          return json({
            data: slice,
            paging: {
              cursors: { before: String(from), after: String(nextFrom) },
              ...(nextFrom < all.length ? { next: next.toString() } : {}),
            },
          });
        }

        case 'debug_token': {
          const token = params.access_token ?? '';
          const [appId, secret] = token.split('|');
          if (!appId || secret !== options.appSecret) return fail('invalidToken');
          const page = pageOfToken(params.input_token ?? '');
          return json({
            data: page
              ? {
                  app_id: page.appId ?? appId,
                  type: 'PAGE',
                  is_valid: !revoked.has(page.token),
                  profile_id: page.id,
                  scopes: [
                    'leads_retrieval',
                    'pages_manage_metadata',
                    'pages_show_list',
                    'pages_read_engagement',
                    'pages_manage_ads',
                  ],
                }
              : { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } },
          });
        }

        case 'dataset': {
          const token = tokenOf(req);
          if (!token || !datasetTokens.has(token))
            return error(190, 'Invalid OAuth access token - Cannot parse access token');
          if (id !== options.dataset?.id)
            return error(
              100,
              `Unsupported get request. Object with ID '${id}' does not exist`,
              'GraphMethodException',
            );
          return json({ id, name: options.dataset?.name ?? 'Pixel da imobiliária' });
        }

        case 'events':
          return conversionEvents(decodeURIComponent(id!), req.body);

        default: {
          // The lead forms' routes, with a page token.
          const token = params.access_token ?? '';
          if (revoked.has(token)) return fail('expiredToken');
          const tokenPage = pageOfToken(token);
          if (!tokenPage) return fail('invalidToken');
          if (!proofOk(token, params.appsecret_proof)) return badProof();
          if (req.route === 'subscribed_apps' && id === tokenPage.id) {
            tokenPage.subscribedFields = String(params.subscribed_fields ?? '')
              .split(',')
              .filter(Boolean);
            return json({ success: true });
          }
          if (req.route === 'leadgen_forms' && id === tokenPage.id)
            return json({ data: tokenPage.forms, paging: { cursors: { before: 'a', after: 'b' } } });
          if (req.route === 'page' && id === tokenPage.id)
            return json({ id: tokenPage.id, name: tokenPage.name });
          const lead = id ? leads.get(id) : undefined;
          if (req.route === 'lead' && lead && lead.pageId === tokenPage.id) {
            const fields = (params.fields ?? 'id,created_time,field_data').split(',');
            const { pageId: _page, ...body } = lead;
            return json(Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k))), {
              'x-app-usage': JSON.stringify({ call_count: 1, total_cputime: 1, total_time: 1 }),
            });
          }
          return fail('unknownObject');
        }
      }
    },
  });

  /** `POST /{dataset-id}/events`: the Conversions API's checks, then the events kept. */
  function conversionEvents(datasetId: string, raw: string): FakeReply {
    let body: { data?: unknown; access_token?: string; test_event_code?: string };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return error(100, 'Invalid parameter', 'OAuthException');
    }
    if (!body.access_token || !datasetTokens.has(body.access_token))
      return error(190, 'Error validating access token: Session has expired');
    if (datasetId !== options.dataset?.id)
      return error(
        100,
        `Unsupported post request. Object with ID '${datasetId}' does not exist`,
        'GraphMethodException',
      );
    if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000)
      return error(100, 'The parameter data is required');
    const now = Date.now() / 1000;
    for (const e of body.data as Record<string, unknown>[]) {
      const userData = (e.user_data ?? {}) as Record<string, unknown>;
      const time = e.event_time;
      if (refused.has(String(e.event_id))) return error(100, 'Invalid parameter');
      if (typeof e.event_name !== 'string' || !e.event_name)
        return error(100, 'Invalid parameter: event_name');
      if (typeof time !== 'number' || !Number.isInteger(time) || time > now + 60 || time < now - 7 * 86400)
        return error(100, 'Invalid parameter: event_time');
      if (!ACTION_SOURCES.includes(String(e.action_source)))
        return error(100, 'Invalid parameter: action_source');
      if (e.action_source === 'website' && !userData.client_user_agent && !e.event_source_url)
        return error(100, 'Invalid parameter: website events need client_user_agent and event_source_url');
      for (const key of ['em', 'ph'] as const) {
        const values = userData[key];
        if (values === undefined) continue;
        if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' && HEX64.test(v)))
          return error(100, `Invalid parameter: user_data.${key} must be SHA-256 hashes`);
      }
      if (
        !['em', 'ph', 'fbc', 'fbp', 'external_id', 'client_user_agent', 'lead_id'].some(
          (k) => userData[k] !== undefined,
        )
      )
        return error(100, 'Invalid parameter: user_data needs at least one customer information parameter');
    }
    for (const e of body.data as Record<string, unknown>[])
      events.push({ datasetId, event: e, testEventCode: body.test_event_code ?? null });
    return json({ events_received: body.data.length, messages: [], fbtrace_id: trace() });
  }

  const resetServer = server.reset.bind(server);
  // `calls` is read anew each time (Object.assign would copy a getter's value once).
  Object.defineProperty(server, 'calls', {
    get: (): FakeGraphCall[] =>
      server.requests
        .filter((r) => unversioned(r.path) !== null)
        .map((r) => ({ method: r.method, path: unversioned(r.path)!, query: paramsOf(r) })),
  });
  return Object.assign(server as FakeServer & Pick<FakeGraph, 'calls'>, {
    graphUrl: `${server.url}/${GRAPH_VERSION}`,
    dialogUrl: `${server.url}/${GRAPH_VERSION}/dialog/oauth`,
    pages,
    leads,
    events,
    addPage(page: Partial<FakeGraphPage> & { id: string }) {
      const full: FakeGraphPage = {
        name: 'Imobiliária Teste',
        token: `EAAG${randomBytes(24).toString('base64url')}`,
        forms: [],
        subscribedFields: [],
        ...page,
      };
      pages.set(full.id, full);
      return full;
    },
    addLead(lead: Partial<FakeGraphLead> & { id: string; pageId: string }) {
      const full: FakeGraphLead = {
        created_time: '2026-11-27T18:03:21+0000',
        field_data: [],
        platform: 'fb',
        is_organic: false,
        ...lead,
      };
      leads.set(full.id, full);
      return full;
    },
    loginAs(user: Partial<FakeLoginUser> & { pages: FakeLoginUser['pages'] }) {
      const full: FakeLoginUser = { name: 'Ana Souza', granted: [...ALL_SCOPES], ...user };
      dialogUser = full;
      const code = `AQ${randomBytes(24).toString('base64url')}`;
      codes.set(code, full);
      return { code };
    },
    failNext(name: GraphErrorName, count = 1, match?: RegExp) {
      for (let i = 0; i < count; i++) failures.push({ name, ...(match ? { match } : {}) });
    },
    revoke(token: string) {
      revoked.add(token);
      datasetTokens.delete(token);
    },
    refuse(eventId: string) {
      refused.add(eventId);
    },
    reset() {
      resetServer();
      events.length = 0;
      failures.length = 0;
      refused.clear();
    },
  });
}

/** A `leadgen` notification as Meta posts it (ids as strings, times in unix seconds). */
export function leadgenNotification(
  changes: { leadgenId: string; pageId: string; formId?: string; adId?: string; createdTime?: number }[],
): string {
  const byPage = new Map<string, typeof changes>();
  for (const c of changes) byPage.set(c.pageId, [...(byPage.get(c.pageId) ?? []), c]);
  return JSON.stringify({
    object: 'page',
    entry: [...byPage].map(([pageId, list]) => ({
      id: pageId,
      time: Math.floor(Date.now() / 1000),
      changes: list.map((c) => ({
        field: 'leadgen',
        value: {
          ad_id: c.adId ?? '0',
          form_id: c.formId ?? '0',
          leadgen_id: c.leadgenId,
          created_time: c.createdTime ?? Math.floor(Date.now() / 1000),
          page_id: c.pageId,
          adgroup_id: c.adId ?? '0',
        },
      })),
    })),
  });
}

/** The `X-Hub-Signature-256` header Meta sends with a body: `sha256=` + HMAC-SHA256 hex with the app secret. */
export const signMetaBody = (appSecret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
