/**
 * The browser tests' kit: Chromium through playwright-core (the system's, else the one `npm install`
 * brought: packages/test-kit/src/chromium.ts; never a browser downloaded from outside the npm registry),
 * the console's API from Node (cookies and the CSRF header, as the console sends them), a fresh agency
 * per test, and the shared steps (log in). The server itself is started once for all files by
 * global-setup.ts, which hands its URL to the tests (`inject('baseURL')`). What is not about the
 * browser (the API client, the server process, the fake webhook, a free port) is the repository's
 * one test kit, `@vitrine/test-kit` (packages/test-kit), re-exported here, which the benchmarks and the soak use too.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { ConsoleClient, resolveChromium } from '@vitrine/test-kit';

export { registerAgency, startFakeWebhook, type FakeWebhook, type WebhookCall } from '@vitrine/test-kit';

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
  const chrome = resolveChromium();
  return chromium.launch({
    executablePath: chrome.path,
    env: { ...process.env, ...chrome.env },
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

/**
 * The file's browser: launched before its tests, closed after them. Call at the top of a test file;
 * the getter gives the browser inside a test (`newPage(browser(), baseURL)`).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('O navegador só abre quando os testes do arquivo começam.');
    return browser;
  };
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
 * The console's API calls from Node, to set the scene: the test kit's ConsoleClient (one cookie jar
 * per client, a session as the browser would hold it, the CSRF token sent back as X-XSRF-TOKEN), as a
 * function: JSON out as the tests read it (JSON.parse): each test names the fields it checks.
 */
export function apiClient(baseURL: string) {
  const client = new ConsoleClient(baseURL);
  return (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    client.call(method, url, body, headers);
}

/** A console API call: JSON in and out, throws with the status and body on a non-2xx answer. */
export type ApiCall = ReturnType<typeof apiClient>;

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

/**
 * Where screenshots go: test-results/screenshots/ (ignored by git), or docs/screenshots/ (the
 * committed ones) with UPDATE_SCREENSHOTS=1.
 */
export const SCREENSHOT_DIR = fileURLToPath(
  new URL(
    process.env.UPDATE_SCREENSHOTS ? '../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);

/**
 * SCREENSHOT_DIR/<name>.png, once the fonts are in and entry animations have settled (`settleMs`),
 * and only if nothing sticks out sideways: every screen works at its width. `fullPage: true` is
 * Playwright's full-page capture; `'tall'` makes the viewport as tall as the page instead, so that
 * fixed elements (the help button) sit at the page's real bottom and not over the content.
 */
export async function screenshot(
  page: Page,
  name: string,
  { settleMs = 400, fullPage = false }: { settleMs?: number; fullPage?: boolean | 'tall' } = {},
): Promise<string> {
  await page.evaluate(() => document.fonts.ready);
  if (settleMs) await page.waitForTimeout(settleMs);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${name} is wider than the viewport`).toBeLessThanOrEqual(innerWidth);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (fullPage !== 'tall') {
    await page.screenshot({ path: file, fullPage });
    return file;
  }
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await page.waitForTimeout(200);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
  return file;
}
