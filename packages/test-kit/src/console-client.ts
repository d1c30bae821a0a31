/**
 * The console's API from Node, as the console calls it: one cookie jar per client (a session as a
 * browser holds it), the XSRF-TOKEN cookie fetched before the first state-changing call and sent back
 * as X-XSRF-TOKEN. `call` is for setting a scene (JSON out, throws on a non-2xx answer); `request`
 * gives the whole answer, for checks on statuses, headers and cookies.
 */

export interface ConsoleResponse {
  status: number;
  headers: Headers;
  /** The Set-Cookie headers of this answer, as sent. */
  setCookies: string[];
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
}

export class ConsoleClient {
  readonly baseURL: string;
  private readonly cookies = new Map<string, string>();
  private readonly extraHeaders: Record<string, string>;

  /**
   * extraHeaders: sent with every request (e.g. the X-Forwarded-Host a proxy in front would add).
   * No parameter properties here: scripts run this file with Node's type stripping, which refuses them.
   */
  constructor(baseURL: string, extraHeaders: Record<string, string> = {}) {
    this.baseURL = baseURL;
    this.extraHeaders = extraHeaders;
  }

  /** A cookie this client holds (e.g. the session), undefined when it has none. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ConsoleResponse> {
    if (method !== 'GET' && method !== 'HEAD' && !this.cookies.has('XSRF-TOKEN'))
      await this.request('GET', '/sanctum/csrf-cookie');
    // A FormData body (a file upload) goes as multipart, with the boundary fetch chooses.
    const form = body instanceof FormData;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(`${this.baseURL}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        ...this.extraHeaders,
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
        ...(xsrf === undefined ? {} : { 'x-xsrf-token': decodeURIComponent(xsrf) }),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const setCookies = res.headers.getSetCookie();
    for (const c of setCookies) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      if (i > 0) this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, setCookies, text, json };
  }

  /** JSON in and out (the test names the fields it reads); throws with the status and body on a non-2xx. */
  async call(method: string, url: string, body?: unknown, headers?: Record<string, string>) {
    const res = await this.request(method, url, body, headers);
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${method} ${url} → ${res.status} ${res.text}`);
    return res.text ? JSON.parse(res.text) : null;
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Any way of calling the API that throws on a non-2xx: `client.call` bound, or e2e's apiClient(). */
export type CallApi = (method: string, url: string, body?: unknown) => Promise<unknown>;

/**
 * A new user and their own agency, registered through the API (the client is then signed in as
 * them): the test's data is its own, whatever ran before it.
 */
export async function registerAgency(
  api: CallApi | ConsoleClient,
  user: { name: string; email: string; password: string },
  agencyName: string,
): Promise<{ user: { id: number; real_estates: { id: number }[] }; agencyId: number }> {
  const call: CallApi = api instanceof ConsoleClient ? (m, u, b) => api.call(m, u, b) : api;
  const { user: created } = (await call('POST', '/v1/register', {
    ...user,
    password_confirmation: user.password,
    real_estate_name: agencyName,
  })) as { user: { id: number; real_estates: { id: number }[] } };
  return { user: created, agencyId: created.real_estates[0]!.id };
}
