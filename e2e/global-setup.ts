/**
 * Builds the console when its sources are newer than the build, finds the Chromium (unpacking the npm
 * one the first time: packages/test-kit/src/chromium.ts), starts the real server on a free
 * port with a fresh DATA_DIR and the demo seed (the test kit's spawnServer), waits for /healthz and
 * hands the URL to the tests. YouTube's thumbnail host is a local server too (no test reaches the
 * internet): it answers every id with e2e/fixtures/youtube-hqdefault.jpg, except ids starting with
 * "semcapa" (404, as YouTube answers an id it has no thumbnail for). Meta's Graph API and Facebook Login
 * are the local fake (apps/server/src/testing/fake-graph.ts) with the product's app configured: its
 * dialog logs in a user who manages the pages in E2E_FACEBOOK_PAGES (e2e/lead-sources-facebook.e2e.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import {
  ConsoleClient,
  freePort,
  resolveChromium,
  serverEntry,
  spawnServer,
  startFakeDns,
  waitForHttp,
} from '@vitrine/test-kit';
import { startFakeGraph } from '../apps/server/src/testing/fake-graph.ts';

/** The Facebook pages the fake dialog's user manages (the second one without the "advertise" task). */
export const E2E_FACEBOOK_PAGES = [
  { id: '104738291230001', name: 'Imobiliária Facebook Centro', tasks: ['ADVERTISE', 'ANALYZE', 'MANAGE'] },
  { id: '104738291230002', name: 'Imobiliária Facebook Praia', tasks: ['ADVERTISE', 'ANALYZE'] },
  { id: '104738291230003', name: 'Blog do Corretor', tasks: ['MODERATE'] },
] as const;
const META_APP = { id: '5550001112223', secret: 'e2e0e2e0e2e0e2e0e2e0e2e0e2e0e2e0' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** LANDING_URL: the landing pages' own origin (the same port, another host name: decision 017). */
    landingURL: string;
    /** The server's DATA_DIR: the e-mail outbox (DATA_DIR/outbox) is read by the team test. */
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
const consoleDir = path.join(root, 'apps/console');
const bin = path.join(root, 'node_modules/.bin');
// node_modules/.bin first: its `node` is the pinned Node 24 (tsx and vite run on it). Vitest sets
// NODE_ENV=test, which must not reach the children (vite would build React's development bundle).
const { NODE_ENV: _vitestNodeEnv, ...parentEnv } = process.env;
const env = { ...parentEnv, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildConsoleIfNeeded() {
  const index = path.join(consoleDir, 'dist/index.html');
  const sources = Math.max(newestMtime(consoleDir), newestMtime(path.join(root, 'packages/contracts/src')));
  if (existsSync(index) && statSync(index).mtimeMs >= sources && !process.env.E2E_REBUILD) return;
  const result = spawnSync(path.join(bin, 'vite'), ['build'], {
    cwd: consoleDir,
    env: { ...env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('O build do console falhou (npx vite build em apps/console).');
}

/** The local stand-in for https://i.ytimg.com/vi: {base}/{id}/hqdefault.jpg. */
async function startThumbnailServer(): Promise<{ server: Server; base: string }> {
  const jpeg = readFileSync(path.join(root, 'e2e/fixtures/youtube-hqdefault.jpg'));
  const server = createHttpServer((req, res) => {
    const id = /^\/vi\/([\w-]+)\/hqdefault\.jpg$/.exec(req.url ?? '')?.[1];
    if (!id || id.startsWith('semcapa')) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/vi` };
}

export default async function setup(project: TestProject) {
  buildConsoleIfNeeded();
  // Found (and the npm build unpacked, the first time) here, once, before the files start in parallel.
  const chrome = resolveChromium();
  console.log(
    `› Chromium: ${chrome.path} (${chrome.source === 'npm' ? '@sparticuz/chromium' : chrome.source})`,
  );
  const thumbnails = await startThumbnailServer();
  // Agencies' domains are checked against an empty zone: never the internet's DNS.
  const dns = await startFakeDns();
  const graph = await startFakeGraph({ appId: META_APP.id, appSecret: META_APP.secret });
  for (const p of E2E_FACEBOOK_PAGES)
    graph.addPage({
      id: p.id,
      name: p.name,
      forms: [{ id: `${p.id.slice(-4)}01`, name: `Lançamento ${p.name.split(' ').pop()}`, status: 'ACTIVE' }],
    });
  graph.loginAs({
    name: 'Carla Facebook',
    pages: E2E_FACEBOOK_PAGES.map((p) => ({ id: p.id, tasks: [...p.tasks] })),
  });

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-e2e-'));
  const baseURL = `http://localhost:${port}`;
  const landingURL = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    args: ['--import', 'tsx', serverEntry],
    inheritEnv: false, // `env` is this process's, less NODE_ENV
    env: {
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      APP_URL: baseURL,
      LANDING_URL: landingURL,
      // Webhook receivers started by the tests listen on 127.0.0.1 (refused by default: SSRF).
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      // Every browser test posts leads from 127.0.0.1: the per-IP flood rule would quarantine them by order.
      LEAD_IP_SOFT_LIMIT: '100',
      LEAD_IP_HARD_LIMIT: '200',
      YOUTUBE_THUMBNAIL_BASE: thumbnails.base,
      // No Vimeo stand-in: a closed port, so a Vimeo link stays without a poster.
      VIMEO_OEMBED_URL: 'http://127.0.0.1:9/api/oembed.json',
      DNS_SERVERS: dns.server,
      // The help widget's contacts (docs/operations.md, "Support contacts"): no default WhatsApp.
      SUPPORT_EMAIL: 'suporte@vitrine.test',
      SUPPORT_WHATSAPP: '5511987654321',
      // Meta lead forms and "Conectar com Facebook" against the local fake Graph API and dialog.
      META_APP_ID: META_APP.id,
      META_APP_SECRET: META_APP.secret,
      META_WEBHOOK_VERIFY_TOKEN: 'verifica-vitrine-e2e-2026',
      META_GRAPH_URL: graph.graphUrl,
      META_OAUTH_DIALOG_URL: graph.dialogUrl,
    },
    echoStderr: Boolean(process.env.E2E_SERVER_LOG),
  });

  try {
    // 240 s: the first start migrates and seeds the demo (photos to WebP), slow on a busy shared machine;
    // E2E_SERVER_START_TIMEOUT_MS changes it.
    const timeoutMs = Number(process.env.E2E_SERVER_START_TIMEOUT_MS ?? 240_000);
    await waitForHttp(`${baseURL}/healthz`, server, { timeoutMs, intervalMs: 250 });
    // The demo is seeded after the server answers (modules/demo/demo-seeding.ts) and most tests sign in
    // as its user: wait until its one-click login answers (503 while the seed still runs).
    await waitForDemo(baseURL, timeoutMs);
  } catch (error) {
    await server.stop('SIGKILL');
    thumbnails.server.close();
    await dns.close();
    await graph.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('landingURL', landingURL);
  project.provide('dataDir', dataDir);

  return async () => {
    await server.stop('SIGTERM', 10_000);
    thumbnails.server.close();
    await dns.close();
    await graph.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Resolves once POST /v1/demo/login signs in (the background seed has committed); throws past `timeoutMs`. */
async function waitForDemo(baseURL: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await new ConsoleClient(baseURL).request('POST', '/v1/demo/login');
    if (res.status === 200) return;
    if (Date.now() > deadline) throw new Error(`A demonstração não ficou pronta: ${res.status} ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
