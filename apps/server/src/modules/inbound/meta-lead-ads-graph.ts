/**
 * The few Graph API calls Meta lead forms need (docs/decisions/020-meta-lead-ads.md): read a lead, list a
 * page's lead forms, check a page token, subscribe the page to the app's `leadgen` webhook. Every call
 * carries `appsecret_proof` (HMAC-SHA256 of the token with the app secret) when the secret is set, and a
 * failure becomes a `MetaGraphError` that says what to do: wait and retry (throttling, Meta down), ask
 * for a new token (190, missing permission), or give up on this lead (100: unknown id).
 */
import { createHmac } from 'node:crypto';
import type { AppConfig } from '../../config.ts';

const TIMEOUT_MS = 10_000;

/** What the caller does about a failure. */
export type MetaGraphFailure = 'retry' | 'token' | 'not_found' | 'refused';

/** Meta's throttling codes (app, user, page, custom rate limits): wait and retry. */
const THROTTLED = new Set([4, 17, 32, 613, 80001]);
/** Meta's "temporary issue" codes. */
const TEMPORARY = new Set([1, 2]);

export class MetaGraphError extends Error {
  override readonly name = 'MetaGraphError';
  constructor(
    readonly failure: MetaGraphFailure,
    /** In Portuguese: shown in the console and the inbound ledger. */
    message: string,
    readonly code: number | null = null,
    readonly subcode: number | null = null,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
  }
}

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
}

/** The Portuguese sentence and the recovery for one of Meta's error answers. */
export function classifyGraphError(status: number, body: GraphErrorBody | null): MetaGraphError {
  const e = body?.error;
  const code = typeof e?.code === 'number' ? e.code : null;
  const subcode = typeof e?.error_subcode === 'number' ? e.error_subcode : null;
  const trace = e?.fbtrace_id ?? null;
  const said = e?.message ? ` (Meta: ${e.message.slice(0, 200)})` : '';
  if (code !== null && THROTTLED.has(code))
    return new MetaGraphError(
      'retry',
      `A Meta limitou as chamadas (código ${code}); tentamos de novo mais tarde.`,
      code,
      subcode,
      trace,
    );
  if (code === 190 || code === 102)
    return new MetaGraphError(
      'token',
      `A Meta recusou o token de acesso da página (código ${code}${subcode ? `, subcódigo ${subcode}` : ''}): ele expirou ou foi revogado. Gere um novo token e conecte a página de novo; os leads que chegarem até lá são buscados depois.${said}`,
      code,
      subcode,
      trace,
    );
  if (code === 10 || (code !== null && code >= 200 && code <= 299))
    return new MetaGraphError(
      'token',
      `O token da página não tem a permissão de ler os leads (código ${code}): gere um token com leads_retrieval, pages_manage_metadata, pages_show_list, pages_read_engagement e pages_manage_ads, e conecte de novo.${said}`,
      code,
      subcode,
      trace,
    );
  if (code === 100)
    return new MetaGraphError(
      'not_found',
      `A Meta não encontrou este item ou o token não dá acesso a ele (código 100).${said}`,
      code,
      subcode,
      trace,
    );
  if (status >= 500 || (code !== null && TEMPORARY.has(code)) || status === 429)
    return new MetaGraphError(
      'retry',
      `A Meta está indisponível (HTTP ${status}${code !== null ? `, código ${code}` : ''}); tentamos de novo mais tarde.`,
      code,
      subcode,
      trace,
    );
  return new MetaGraphError(
    'refused',
    `A Meta recusou o pedido (HTTP ${status}${code !== null ? `, código ${code}` : ''}).${said}`,
    code,
    subcode,
    trace,
  );
}

type GraphConfig = Pick<AppConfig, 'META_GRAPH_URL' | 'META_APP_SECRET'>;

/** HMAC-SHA256 of the token keyed with the app secret, hex (Meta's `appsecret_proof`). */
export const appSecretProof = (secret: string, token: string) =>
  createHmac('sha256', secret).update(token).digest('hex');

async function graphCall<T>(
  config: GraphConfig,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  params: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  const url = new URL(`${config.META_GRAPH_URL}/${path.replace(/^\//, '')}`);
  const form = new URLSearchParams({ ...params, access_token: token });
  if (config.META_APP_SECRET) form.set('appsecret_proof', appSecretProof(config.META_APP_SECRET, token));
  // The token goes in the body of a POST, in the query of a GET (as Meta documents both).
  if (method === 'GET') url.search = form.toString();
  return graphFetch<T>(url, method, method === 'POST' ? form : undefined, signal);
}

/** One request to the Graph API: its JSON, or a `MetaGraphError` from Meta's error body. */
async function graphFetch<T>(
  url: URL,
  method: 'GET' | 'POST' = 'GET',
  body?: URLSearchParams,
  signal?: AbortSignal,
): Promise<T> {
  let res: Response;
  try {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    const init: RequestInit = {
      method,
      headers: { accept: 'application/json' },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    };
    if (body) init.body = body;
    res = await fetch(url, init);
  } catch {
    throw new MetaGraphError(
      'retry',
      'Não conseguimos falar com a Meta (rede ou tempo esgotado); tentamos de novo mais tarde.',
    );
  }
  const text = await res.text().catch(() => '');
  let answer: unknown = null;
  try {
    answer = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    answer = null;
  }
  if (!res.ok || (answer && typeof answer === 'object' && 'error' in answer))
    throw classifyGraphError(res.status, answer as GraphErrorBody | null);
  if (!answer || typeof answer !== 'object')
    throw new MetaGraphError(
      'retry',
      `A Meta respondeu algo que não é JSON (HTTP ${res.status}); tentamos de novo mais tarde.`,
    );
  return answer as T;
}

/** A lead as the Graph API answers `GET /{leadgen-id}`. */
export interface GraphLead {
  id: string;
  created_time?: string;
  field_data?: { name: string; values?: string[] }[];
  ad_id?: string;
  ad_name?: string;
  adset_id?: string;
  adset_name?: string;
  campaign_id?: string;
  campaign_name?: string;
  form_id?: string;
  /** `fb` or `ig`. */
  platform?: string;
  is_organic?: boolean;
  custom_disclaimer_responses?: { checkbox_key?: string; is_checked?: string | boolean }[];
}

export const LEAD_FIELDS = [
  'id',
  'created_time',
  'field_data',
  'ad_id',
  'ad_name',
  'adset_id',
  'adset_name',
  'campaign_id',
  'campaign_name',
  'form_id',
  'platform',
  'is_organic',
  'custom_disclaimer_responses',
].join(',');

export const readLead = (config: GraphConfig, token: string, leadgenId: string, signal?: AbortSignal) =>
  graphCall<GraphLead>(config, 'GET', leadgenId, token, { fields: LEAD_FIELDS }, signal);

export interface GraphForm {
  id: string;
  name?: string;
  status?: string;
}

/** The page's lead forms (first 200; enough for an agency). */
export async function listLeadForms(
  config: GraphConfig,
  token: string,
  pageId: string,
): Promise<GraphForm[]> {
  const answer = await graphCall<{ data?: GraphForm[] }>(config, 'GET', `${pageId}/leadgen_forms`, token, {
    fields: 'id,name,status',
    limit: '200',
  });
  return Array.isArray(answer.data) ? answer.data : [];
}

/** The page the token opens (`GET /{page-id}?fields=id,name`): proves the token and the page go together. */
export const readPage = (config: GraphConfig, token: string, pageId: string) =>
  graphCall<{ id: string; name?: string }>(config, 'GET', pageId, token, { fields: 'id,name' });

/** Which app issued a token (`debug_token` with the app's own token `app_id|app_secret`). */
export async function tokenAppId(
  config: GraphConfig & Pick<AppConfig, 'META_APP_ID'>,
  token: string,
): Promise<{ appId: string | null; valid: boolean }> {
  if (!config.META_APP_ID || !config.META_APP_SECRET) return { appId: null, valid: true };
  const answer = await graphCall<{ data?: { app_id?: string; is_valid?: boolean } }>(
    { META_GRAPH_URL: config.META_GRAPH_URL, META_APP_SECRET: undefined },
    'GET',
    'debug_token',
    `${config.META_APP_ID}|${config.META_APP_SECRET}`,
    { input_token: token },
  );
  return { appId: answer.data?.app_id ?? null, valid: answer.data?.is_valid !== false };
}

/** Installs the app on the page for `leadgen` (what Meta's "Install Your App on the Page" step does). */
export const subscribePage = (config: GraphConfig, token: string, pageId: string) =>
  graphCall<{ success?: boolean }>(config, 'POST', `${pageId}/subscribed_apps`, token, {
    subscribed_fields: 'leadgen',
  });

// ── Facebook Login ("Conectar com Facebook", docs/decisions/020-meta-lead-ads.md) ────────────────────

type OAuthConfig = GraphConfig & Pick<AppConfig, 'META_APP_ID'>;

/**
 * The login dialog's code → a user token (`GET /oauth/access_token` with the app secret), then that
 * token → a long-lived one (`grant_type=fb_exchange_token`): page tokens read with it do not expire.
 */
export async function exchangeLoginCode(
  config: OAuthConfig,
  code: string,
  redirectUri: string,
): Promise<string> {
  const short = new URL(`${config.META_GRAPH_URL}/oauth/access_token`);
  short.search = new URLSearchParams({
    client_id: config.META_APP_ID ?? '',
    redirect_uri: redirectUri,
    client_secret: config.META_APP_SECRET ?? '',
    code,
  }).toString();
  const first = await graphFetch<{ access_token?: string }>(short);
  if (!first.access_token) throw new MetaGraphError('refused', 'A Meta não devolveu o token do usuário.');
  const long = new URL(`${config.META_GRAPH_URL}/oauth/access_token`);
  long.search = new URLSearchParams({
    grant_type: 'fb_exchange_token',
    client_id: config.META_APP_ID ?? '',
    client_secret: config.META_APP_SECRET ?? '',
    fb_exchange_token: first.access_token,
  }).toString();
  const second = await graphFetch<{ access_token?: string }>(long);
  if (!second.access_token) throw new MetaGraphError('refused', 'A Meta não devolveu o token do usuário.');
  return second.access_token;
}

/** The permissions the user granted the app (`GET /me/permissions`): the names with status `granted`. */
export async function grantedPermissions(config: GraphConfig, userToken: string): Promise<Set<string>> {
  const answer = await graphCall<{ data?: { permission?: string; status?: string }[] }>(
    config,
    'GET',
    'me/permissions',
    userToken,
  );
  return new Set(
    (answer.data ?? []).filter((p) => p.status === 'granted' && p.permission).map((p) => p.permission!),
  );
}

export interface GraphUserPage {
  id: string;
  name?: string;
  access_token?: string;
  tasks?: string[];
}

/** At most this many pages of `/me/accounts` are followed (100 Facebook pages each). */
const MAX_ACCOUNT_PAGES = 20;

/** The Facebook pages the user manages, with their page tokens (`GET /me/accounts`, every `paging.next`). */
export async function listUserPages(config: GraphConfig, userToken: string): Promise<GraphUserPage[]> {
  const found: GraphUserPage[] = [];
  const origin = new URL(config.META_GRAPH_URL).origin;
  let answer = await graphCall<{ data?: GraphUserPage[]; paging?: { next?: string } }>(
    config,
    'GET',
    'me/accounts',
    userToken,
    { fields: 'id,name,access_token,tasks', limit: '100' },
  );
  for (let i = 1; ; i++) {
    if (Array.isArray(answer.data)) found.push(...answer.data.filter((p) => typeof p?.id === 'string'));
    const next = URL.canParse(answer.paging?.next ?? '') ? new URL(answer.paging!.next!) : null;
    // Meta's next link carries the query (token and proof included); followed on the Graph API's host only.
    if (!next || next.origin !== origin || i >= MAX_ACCOUNT_PAGES) return found;
    answer = await graphFetch(next);
  }
}
