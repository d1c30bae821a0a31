/**
 * A local Graph API for tests: a node:http server on port 0 that speaks the documented protocol for what
 * Meta lead forms use — `GET /{version}/{leadgen-id}?fields=…` (the lead with `field_data`), `GET
 * /{page-id}?fields=id,name`, `GET /{page-id}/leadgen_forms`, `POST /{page-id}/subscribed_apps`, `GET
 * /debug_token` — with `access_token` checked (and `appsecret_proof` when an app secret is given), and
 * Meta's error bodies `{error: {message, type, code, error_subcode, fbtrace_id}}` for 190, 100 and the
 * throttling codes (4, 17, 32, 613), queued per call with `failNext`. Point META_GRAPH_URL at `baseUrl`.
 * `notification()` and `sign()` build the signed webhook bodies Meta sends.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export interface FakeGraphCall {
  method: string;
  path: string;
  query: Record<string, string>;
}

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

export interface FakeGraph {
  baseUrl: string;
  calls: FakeGraphCall[];
  pages: Map<string, FakeGraphPage>;
  leads: Map<string, FakeGraphLead>;
  addPage(page: Partial<FakeGraphPage> & { id: string }): FakeGraphPage;
  addLead(lead: Partial<FakeGraphLead> & { id: string; pageId: string }): FakeGraphLead;
  /** The next `count` calls (to paths matching `match`, if given) answer this error. */
  failNext(name: GraphErrorName, count?: number, match?: RegExp): void;
  /** Tokens Meta no longer accepts (190 on every call with them). */
  revoke(token: string): void;
  close(): Promise<void>;
}

const trace = () => randomBytes(8).toString('base64url');

/** Starts the fake; `appSecret`: check `appsecret_proof` as Meta does when the app requires it. */
export async function startFakeGraph(options: { appSecret?: string } = {}): Promise<FakeGraph> {
  const calls: FakeGraphCall[] = [];
  const pages = new Map<string, FakeGraphPage>();
  const leads = new Map<string, FakeGraphLead>();
  const revoked = new Set<string>();
  const failures: { name: GraphErrorName; match?: RegExp }[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, name: GraphErrorName) => {
    const { status, error } = GRAPH_ERRORS[name];
    send(
      res,
      status,
      { error: { ...error, fbtrace_id: trace() } },
      { 'www-authenticate': 'OAuth "Facebook Platform"' },
    );
  };
  const pageOfToken = (token: string) => [...pages.values()].find((p) => p.token === token);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://graph.local');
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      Object.assign(query, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== GRAPH_VERSION)
      return send(res, 400, { error: { message: 'Unknown version', type: 'OAuthException', code: 2500 } });
    const path = `/${parts.slice(1).join('/')}`;
    calls.push({ method: req.method ?? 'GET', path, query });
    const index = failures.findIndex((f) => !f.match || f.match.test(path));
    if (index >= 0) return fail(res, failures.splice(index, 1)[0]!.name);

    const token = query.access_token ?? '';
    if (path === '/debug_token') {
      const [appId, secret] = token.split('|');
      if (!appId || secret !== options.appSecret) return fail(res, 'invalidToken');
      const page = pageOfToken(query.input_token ?? '');
      return send(res, 200, {
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
    if (revoked.has(token)) return fail(res, 'expiredToken');
    const tokenPage = pageOfToken(token);
    if (!tokenPage) return fail(res, 'invalidToken');
    if (options.appSecret) {
      const proof = createHmac('sha256', options.appSecret).update(token).digest('hex');
      if (query.appsecret_proof !== proof)
        return send(res, 400, {
          error: {
            message: 'Invalid appsecret_proof provided in the API argument',
            type: 'GraphMethodException',
            code: 100,
            fbtrace_id: trace(),
          },
        });
    }
    const [id, edge] = parts.slice(1);
    if (req.method === 'POST' && edge === 'subscribed_apps' && id === tokenPage.id) {
      tokenPage.subscribedFields = String(query.subscribed_fields ?? '')
        .split(',')
        .filter(Boolean);
      return send(res, 200, { success: true });
    }
    if (req.method === 'GET' && edge === 'leadgen_forms' && id === tokenPage.id)
      return send(res, 200, { data: tokenPage.forms, paging: { cursors: { before: 'a', after: 'b' } } });
    if (req.method === 'GET' && !edge && id === tokenPage.id)
      return send(res, 200, { id: tokenPage.id, name: tokenPage.name });
    const lead = id ? leads.get(id) : undefined;
    if (req.method === 'GET' && !edge && lead && lead.pageId === tokenPage.id) {
      const fields = (query.fields ?? 'id,created_time,field_data').split(',');
      const { pageId: _page, ...body } = lead;
      const picked = Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k)));
      return send(res, 200, picked, {
        'x-app-usage': JSON.stringify({ call_count: 1, total_cputime: 1, total_time: 1 }),
      });
    }
    fail(res, 'unknownObject');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() =>
      send(res, 500, { error: { message: 'fake failure', type: 'OAuthException', code: 1 } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/${GRAPH_VERSION}`,
    calls,
    pages,
    leads,
    addPage(page) {
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
    addLead(lead) {
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
    failNext(name, count = 1, match) {
      for (let i = 0; i < count; i++) failures.push({ name, match });
    },
    revoke(token) {
      revoked.add(token);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
