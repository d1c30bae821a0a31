/**
 * Production defaults (NODE_ENV=production): no start without APP_KEY, no demo seed unless asked,
 * no /docs unless asked, webhooks https-only. The start-up checks run the real entry point
 * (apps/server/src/server.ts) as a child process on a throwaway embedded database.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHttp } from '@vitrine/test-kit';
import { APP_KEY_MISSING_MESSAGE, loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { serverRoot } from '../../paths.ts';
import { createOwner, createTestContext, TestClient } from '../../testing/test-app.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../demo/index.ts';

const repoRoot = path.resolve(serverRoot, '../..');
const tsxCli = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
const dirs: string[] = [];

afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function tempDir() {
  const d = await mkdtemp(path.join(tmpdir(), 'vitrine-prod-'));
  dirs.push(d);
  return d;
}

/** The real entry point, with only the given environment (plus PATH/HOME). */
function startServer(env: Record<string, string>) {
  return spawnServer({
    node: process.execPath,
    args: [tsxCli, path.join(serverRoot, 'src/server.ts')],
    inheritEnv: false,
    env: { LOG_LEVEL: 'warn', ...env },
  });
}

describe('configuration defaults', () => {
  it('production: demo seed and API docs off unless set to true; development: both on', () => {
    const key = { appKey: randomBytes(32) };
    const prod = loadConfig({ NODE_ENV: 'production' }, key);
    expect(prod.SEED_DEMO).toBe(false);
    expect(prod.API_DOCS).toBe(false);
    expect(prod.httpsOnlyTargets).toBe(true);
    const asked = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', API_DOCS: '1' }, key);
    expect(asked.SEED_DEMO).toBe(true);
    expect(asked.API_DOCS).toBe(true);
    const dev = loadConfig({}, key);
    expect(dev.SEED_DEMO).toBe(true);
    expect(dev.API_DOCS).toBe(true);
    expect(dev.httpsOnlyTargets).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false', API_DOCS: 'false' }, key)).toMatchObject({
      SEED_DEMO: false,
      API_DOCS: false,
    });
  });

  it('production without APP_KEY refuses, naming APP_KEY and how to generate one, and writes no key file', async () => {
    const dataDir = await tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(APP_KEY_MISSING_MESSAGE);
    expect(APP_KEY_MISSING_MESSAGE).toMatch(/APP_KEY/);
    expect(APP_KEY_MISSING_MESSAGE).toContain("randomBytes(32).toString('base64')");
    expect(existsSync(path.join(dataDir, 'app-key'))).toBe(false);
    // Development keeps generating one into DATA_DIR (npm start with nothing configured).
    const devDir = await tempDir();
    loadConfig({ DATA_DIR: devDir });
    expect(existsSync(path.join(devDir, 'app-key'))).toBe(true);
  });
});

describe('production start (the real entry point)', () => {
  it('exits with the APP_KEY message when APP_KEY is missing', async () => {
    const dataDir = await tempDir();
    const server = startServer({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(await freePort()) });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('APP_KEY é obrigatória em produção');
    expect(server.output()).toContain('randomBytes(32)');
    expect(existsSync(path.join(dataDir, 'app-key'))).toBe(false);
  }, 60_000);

  it('with APP_KEY: serves, is ready, has no demo login, no /docs', async () => {
    const dataDir = await tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_KEY: `base64:${randomBytes(32).toString('base64')}`,
    });
    try {
      // Throws with the server's output when it exits or is not ready in time.
      await waitForHttp(`${base}/health/ready`, server, { timeoutMs: 90_000, intervalMs: 200 });
      expect(server.output()).not.toContain(DEMO_PASSWORD);
      expect((await fetch(`${base}/docs`)).status).toBe(404);
      const live = await fetch(`${base}/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await server.stop();
    }
    // The embedded database it created holds no user at all (no demo owner with a public password).
    const db = await openDatabase({ dataDir });
    try {
      const rows = await db.query<{ email: string }>('select email from users');
      expect(rows).toEqual([]);
      expect(rows.some((r) => r.email === DEMO_EMAIL)).toBe(false);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe('webhooks in production', () => {
  it('an http:// webhook URL is refused with a Portuguese message on payload.url; https:// is accepted', async () => {
    const ctx = await createTestContext({}, { NODE_ENV: 'production' });
    try {
      const owner = await createOwner(ctx);
      const c = new TestClient(ctx.app);
      await c.login(owner.email);
      const url = `/v1/real-estates/${owner.realEstateId}/integrations`;
      for (const target of ['http://crm.exemplo.com.br/leads', 'HTTP://crm.exemplo.com.br/leads']) {
        const res = await c.put(url, { name: 'webhook', payload: { url: target } });
        expect(res.statusCode, target).toBe(422);
        expect(res.json().errors['payload.url']).toEqual(['Use uma URL https:// para o webhook.']);
      }
      const ok = await c.put(url, { name: 'webhook', payload: { url: 'https://crm.exemplo.com.br/leads' } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
