/**
 * The browser tests' one kit: Debian's Chromium through playwright-core (never a downloaded browser),
 * the console's API from Node (cookies and the CSRF header, as the console sends them), a fresh agency
 * per test, and the shared steps (log in). The server itself is started once for all files by
 * global-setup.ts, which hands its URL to the tests (`inject('baseURL')`).
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO = { email: 'demo@imobiliaria.test', password: 'demo1234', firstName: 'Ana' } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
/**
 * How long a click or a wait may take before the step fails. Generous: a 2-core machine running the
 * other suites beside the browser can take many seconds to paint; a real bug still fails, later.
 */
export const ACTION_TIMEOUT_MS = Number(process.env.E2E_ACTION_TIMEOUT_MS ?? 30_000);

/** launch() gives every browser a fresh temporary user-data-dir, removed on close. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
  /** e.g. { locale: 'en-US' } for a browser that is not in Portuguese. */
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    ...options,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

export async function logIn(page: Page, email: string = DEMO.email, password: string = DEMO.password) {
  await page.goto('/entrar');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * The console's API calls from Node, to set the scene: one cookie jar per client (a session as the
 * browser would hold it), the XSRF-TOKEN cookie fetched first and sent back as X-XSRF-TOKEN.
 */
export function apiClient(baseURL: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      cookies.set(k!.trim(), v.join('='));
    }
  };
  // JSON out as the tests read it (JSON.parse): each test names the fields it checks.
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    if (!cookies.has('XSRF-TOKEN')) keep(await fetch(`${baseURL}/sanctum/csrf-cookie`));
    // A FormData body (a file upload) goes as multipart, with the boundary fetch chooses.
    const form = body instanceof FormData;
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? {} : { 'content-type': 'application/json' }),
        accept: 'application/json',
        'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
        ...headers,
      },
      body: form ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    keep(res);
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** A console API call: JSON in and out, throws with the status and body on a non-2xx answer. */
export type ApiCall = ReturnType<typeof apiClient>;

/**
 * A new user and their own agency, registered through the API (the client is then signed in as
 * them): the test's data is its own, whatever ran before it.
 */
export async function registerAgency(
  api: ApiCall,
  user: { name: string; email: string; password: string },
  agencyName: string,
): Promise<{ user: { id: number; real_estates: { id: number }[] }; agencyId: number }> {
  const { user: created } = await api('POST', '/v1/register', {
    ...user,
    password_confirmation: user.password,
    real_estate_name: agencyName,
  });
  return { user: created, agencyId: created.real_estates[0].id as number };
}

/**
 * JSON calls with a browser page's own session (page.request shares its cookies); state-changing ones
 * carry the XSRF token (Sanctum style).
 */
export async function pageApi<T>(
  page: Page,
  baseURL: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  data?: unknown,
): Promise<T> {
  let headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    const cookie = (await page.context().cookies(baseURL)).find((c) => c.name === 'XSRF-TOKEN');
    headers = { ...headers, 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
  }
  const response = await page.request.fetch(url, { method, headers, data });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) throw new Error(`${method} ${url} → ${response.status()}: ${JSON.stringify(body)}`);
  return body as T;
}
