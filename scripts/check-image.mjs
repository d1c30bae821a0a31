// npm run check:image — the Dockerfile's steps without Docker, on a clean clone of the committed HEAD:
//   build stage:   npm ci --ignore-scripts, npm run build (console + server bundle)
//   runtime stage: npm ci --omit=dev --ignore-scripts -w @vitrine/server in a separate directory, plus the
//                  built files (apps/server/dist, apps/server/drizzle, apps/server/site, apps/console/dist)
// then starts the production server from the runtime directory as the image does (NODE_ENV=production,
// an APP_KEY, a fresh PostgreSQL database when one is reachable, else the embedded one), and checks:
// no start without APP_KEY; /health/ready answering in < 2 s from process start (restart on a migrated
// database, with an https APP_URL as in production); no demo seeded; no /docs, no /metrics without its
// token; security headers on the console, the API and a published landing page (HSTS, Secure cookies);
// 400 on malformed JSON; the worker bundle starts; SIGTERM stops them cleanly.
// Prints the figures (docs/operations.md, docs/decisions/010-production-build.md).
//
// Options: --keep (leave the temp dir), --embedded (use PGlite even when PostgreSQL is reachable).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConsoleClient, freePort, scratchPostgres, spawnServer, waitForHttp } from '@vitrine/test-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const node = process.execPath; // Node 24 (npm run puts node_modules/.bin first)
const PATH = `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`;
const figures = [];
const failures = [];

const log = (msg) => console.log(`› ${msg}`);
const LANDING_HOST = 'imoveis.vitrinepaginas.example';
const CONSOLE_HOST = 'vitrine.example.com';
/** The console's name, as the TLS proxy in front forwards it (any other host gets 421, decision 017). */
const AS_CONSOLE = { 'x-forwarded-host': CONSOLE_HOST };

/** A GET with another Host header (fetch always sends the URL's): the landing host behind the proxy. */
function getWithHost(url, host) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve({ status: res.statusCode, headers, text });
        });
      })
      .on('error', reject);
  });
}
const figure = (name, value) => {
  figures.push([name, value]);
  log(`${name}: ${value}`);
};
const check = (ok, what) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};

function run(cmd, argv, cwd, env = {}) {
  const started = performance.now();
  execFileSync(cmd, argv, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PATH, ...env },
  });
  return Math.round(performance.now() - started);
}

function du(dir) {
  let bytes = 0;
  const walk = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isSymbolicLink?.()) return;
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
    else bytes += st.size;
  };
  walk(dir);
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/** Starts a built entry point the way the image does: only the given environment, plus PATH/HOME. */
const start = (cwd, entry, env) =>
  spawnServer({ node, args: ['--enable-source-maps', entry], cwd, env: { PATH, ...env }, inheritEnv: false });

/** Waits for `url` (2xx), 25 ms apart: the figure is the milliseconds since the process started. */
const waitFor = (url, proc, timeoutMs = 120_000) => waitForHttp(url, proc, { timeoutMs, intervalMs: 25 });

async function postgresDatabase() {
  if (args.has('--embedded')) return null;
  const database = await scratchPostgres('vitrine_image');
  if (!database) log('PostgreSQL indisponível: usando o banco embutido (PGlite) no DATA_DIR.');
  return database;
}

const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-image-'));
const src = path.join(tmp, 'src');
const app = path.join(tmp, 'app');
let database = null;
try {
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim();
  if (dirty) log('Aviso: há mudanças não commitadas; o teste usa só o que está commitado (HEAD).');
  log(`Clone limpo de ${head.slice(0, 10)} em ${tmp}`);
  execFileSync('git', ['clone', '--quiet', '--no-local', '--no-checkout', root, src]);
  execFileSync('git', ['checkout', '--quiet', head], { cwd: src });
  figure('node', execFileSync(node, ['--version'], { encoding: 'utf8' }).trim());

  // ── build stage ──
  log('build: npm ci --ignore-scripts');
  figure(
    'build: npm ci (ms)',
    run(
      'npm',
      ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
      src,
    ),
  );
  log('build: npm run build');
  figure('build: npm run build (ms)', run('npm', ['run', 'build', '--silent'], src));
  check(
    existsSync(path.join(src, 'apps/console/dist/index.html')),
    'console compilado (apps/console/dist/index.html)',
  );
  check(
    existsSync(path.join(src, 'apps/server/dist/server.js')) &&
      existsSync(path.join(src, 'apps/server/dist/worker.js')),
    'servidor compilado (apps/server/dist/server.js, worker.js)',
  );
  const bundle = readFileSync(path.join(src, 'apps/server/dist/server.js'), 'utf8');
  check(
    !/from ["'][^"']+\.ts["']/.test(bundle) && !bundle.includes('@vitrine/contracts'),
    'o bundle não importa TypeScript nem o pacote de contratos (compilado dentro)',
  );

  // ── runtime stage ──
  mkdirSync(app);
  for (const f of [
    'package.json',
    'package-lock.json',
    'apps/console/package.json',
    'apps/server/package.json',
    'packages/contracts/package.json',
  ]) {
    cpSync(path.join(src, f), path.join(app, f));
  }
  log('runtime: npm ci --omit=dev --ignore-scripts --workspace=@vitrine/server');
  figure(
    'runtime: npm ci --omit=dev (ms)',
    run(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        '--workspace=@vitrine/server',
      ],
      app,
    ),
  );
  // The runtime stage's COPY --from=build lines of the Dockerfile, in the same order.
  for (const d of ['apps/server/dist', 'apps/server/drizzle', 'apps/server/site', 'apps/console/dist'])
    cpSync(path.join(src, d), path.join(app, d), { recursive: true });
  figure('runtime: node_modules', du(path.join(app, 'node_modules')));
  figure('runtime: app files (dist + drizzle + site + console)', du(path.join(app, 'apps')));
  const devOnly = ['tsx', 'vite', 'esbuild', 'typescript', 'vitest', 'drizzle-kit', 'react', 'node'].filter(
    (p) => existsSync(path.join(app, 'node_modules', p)),
  );
  check(
    devOnly.length === 0,
    `sem dependências de desenvolvimento nem do console no runtime${devOnly.length ? ` (encontradas: ${devOnly.join(', ')})` : ''}`,
  );

  database = await postgresDatabase();
  figure('database', database ? 'PostgreSQL (banco novo)' : 'PGlite (DATA_DIR novo)');
  const dataDir = path.join(tmp, 'data');
  mkdirSync(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };

  // No APP_KEY: refuses.
  const noKey = start(app, 'apps/server/dist/server.js', env);
  const refused = await noKey.exited;
  check(
    refused.code === 1 && noKey.output().includes('APP_KEY é obrigatória em produção'),
    'sem APP_KEY, recusa com a mensagem (código 1)',
  );

  const appKey = `base64:${randomBytes(32).toString('base64')}`;
  // First start: creates the schema (migrations), then a restart on the migrated database.
  const first = start(app, 'apps/server/dist/server.js', { ...env, APP_KEY: appKey });
  figure('1ª partida (migrações): /health/live responde (ms)', await waitFor(`${base}/health/live`, first));
  figure('1ª partida (migrações): /health/ready responde (ms)', await waitFor(`${base}/health/ready`, first));
  const firstStop = await first.stop();
  check(firstStop.code === 0, `SIGTERM encerra limpo (código ${firstStop.code}, ${firstStop.ms} ms)`);
  figure('SIGTERM → saída (ms)', firstStop.ms);

  // The restart is the ordinary deploy: a migrated database, and the public URL https (a TLS proxy in
  // front) as production has it; the probes still talk plain HTTP to the container's port.
  const second = start(app, 'apps/server/dist/server.js', {
    ...env,
    APP_KEY: appKey,
    APP_URL: `https://${CONSOLE_HOST}`,
    // The proxy on this machine says which name the visitor asked for.
    TRUST_PROXY: '127.0.0.1',
    // The landing pages' own origin, another site (decision 017); the proxy sends its Host on.
    LANDING_URL: `https://${LANDING_HOST}`,
  });
  const liveMs = await waitFor(`${base}/health/live`, second);
  const readyMs = await waitFor(`${base}/health/ready`, second);
  figure('reinício: /health/live responde (ms)', liveMs);
  figure('reinício: /health/ready responde (ms)', readyMs);
  check(readyMs < 2000, `/health/ready responde em < 2 s desde o início do processo (${readyMs} ms)`);
  const ready = await fetch(`${base}/health/ready`).then((r) => r.json());
  check(
    ready.status === 'ok' && ready.database === (database ? 'postgres' : 'pglite'),
    `/health/ready: ${JSON.stringify(ready)}`,
  );

  /** Headers every answer carries (helmet), whatever its own CSP. */
  const commonHeaders = (res, where) => {
    check(
      res.headers.get('x-content-type-options') === 'nosniff',
      `${where}: X-Content-Type-Options: nosniff`,
    );
    check(
      res.headers.get('referrer-policy') === 'strict-origin-when-cross-origin',
      `${where}: Referrer-Policy`,
    );
    check(
      (res.headers.get('strict-transport-security') ?? '').includes('max-age=31536000'),
      `${where}: HSTS (APP_URL https)`,
    );
    check(!res.headers.has('x-powered-by'), `${where}: sem X-Powered-By`);
  };

  // The public home (server-rendered since decision 013) and the console (any of its routes).
  const site = await fetch(`${base}/`, { headers: AS_CONSOLE });
  check(
    site.status === 200 && !(await site.text()).includes('<div id="root">'),
    'GET / serve o site público, sem o console',
  );
  const home = await fetch(`${base}/dashboard`, { headers: AS_CONSOLE });
  const homeHtml = await home.text();
  check(home.status === 200 && homeHtml.includes('<div id="root">'), 'GET /dashboard serve o console');
  const policy = home.headers.get('content-security-policy') ?? '';
  check(
    policy.includes("frame-ancestors 'none'") &&
      policy.includes("script-src 'self'") &&
      policy.includes('upgrade-insecure-requests'),
    `console: CSP (${policy.slice(0, 60)}…)`,
  );
  check(home.headers.get('x-frame-options') === 'DENY', 'console: X-Frame-Options: DENY');
  commonHeaders(home, 'console');
  const asset = homeHtml.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  const assetRes = asset ? await fetch(`${base}${asset}`, { headers: AS_CONSOLE }) : undefined;
  check(
    assetRes?.status === 200 && (assetRes.headers.get('cache-control') ?? '').includes('immutable'),
    'os assets do console são servidos (cache imutável)',
  );

  // The API: a session, a sign-up, a page published.
  const api = new ConsoleClient(base, AS_CONSOLE);
  const csrf = await api.request('GET', '/sanctum/csrf-cookie');
  const sessionCookie = csrf.setCookies.find((c) => c.startsWith('vitrine_session=')) ?? '';
  check(
    /;\s*HttpOnly/i.test(sessionCookie) &&
      /;\s*Secure/i.test(sessionCookie) &&
      /SameSite=Lax/i.test(sessionCookie),
    'cookie de sessão HttpOnly, Secure, SameSite=Lax (APP_URL https)',
  );
  const anonymous = await api.request('GET', '/v1/me');
  check(anonymous.status === 401, `API: /v1/me sem sessão → 401 (${anonymous.status})`);
  check((anonymous.headers.get('content-security-policy') ?? '').includes("default-src 'self'"), 'API: CSP');
  check(anonymous.headers.get('x-frame-options') === 'DENY', 'API: X-Frame-Options: DENY');
  commonHeaders(anonymous, 'API');
  const demoLogin = await api.request('POST', '/v1/login', {
    email: 'demo@imobiliaria.test',
    password: 'demo1234',
  });
  check(demoLogin.status === 422, `o login de demonstração não existe (${demoLogin.status})`);
  check(
    (await api.request('GET', '/v1/public/demo')).json?.data?.enabled === false,
    'a demonstração não está disponível (/v1/public/demo)',
  );
  check(!second.output().includes('demo1234'), 'a saída não anuncia a senha de demonstração');
  const password = randomBytes(12).toString('base64url');
  const registered = await api.request('POST', '/v1/register', {
    name: 'Ana Corretora',
    email: `ana+${randomBytes(4).toString('hex')}@imobiliaria.test`,
    password,
    password_confirmation: password,
    real_estate_name: 'Imobiliária Imagem',
  });
  check(registered.status === 201, `API: cadastro → 201 (${registered.status})`);
  const agencyId = registered.json?.user?.real_estates?.[0]?.id;
  const created = await api.request('POST', `/v1/real-estates/${agencyId}/pages`, {
    page: { title: 'Apartamento 2 quartos no Centro' },
  });
  check(created.status === 201, `API: página criada → 201 (${created.status})`);
  const pageId = created.json?.data?.id;
  const slug = created.json?.data?.slug;
  const published = await api.request('PUT', `/v1/pages/${pageId}`, { status: 'published' });
  check(published.status === 200, `API: página publicada → 200 (${published.status})`);

  // The landing page, on the landing host (as the TLS proxy forwards it): its own hash-pinned CSP.
  const moved = await fetch(`${base}/imoveis/${slug}`, { redirect: 'manual', headers: AS_CONSOLE });
  check(
    moved.status === 308 && moved.headers.get('location') === `https://${LANDING_HOST}/imoveis/${slug}`,
    `GET /imoveis/${slug} no host do console → 308 para LANDING_URL (${moved.status})`,
  );
  const landing = await getWithHost(`${base}/imoveis/${slug}`, LANDING_HOST);
  const landingHtml = landing.text;
  check(
    landing.status === 200 && landingHtml.includes('Apartamento 2 quartos no Centro'),
    `GET /imoveis/${slug} serve a página publicada (${landing.status})`,
  );
  const landingPolicy = landing.headers.get('content-security-policy') ?? '';
  check(
    landingPolicy.includes("default-src 'none'") &&
      /script-src 'sha256-[^']+'/.test(landingPolicy) &&
      landingPolicy.includes("form-action 'self'"),
    `página: CSP própria (${landingPolicy.slice(0, 60)}…)`,
  );
  commonHeaders(landing, 'página');

  check(
    (await fetch(`${base}/docs`, { headers: AS_CONSOLE })).status === 404,
    '/docs desligado em produção (404)',
  );
  check((await fetch(`${base}/metrics`)).status === 404, '/metrics sem METRICS_TOKEN (404)');
  const stranger = await fetch(`${base}/dashboard`, { headers: { 'x-forwarded-host': 'outro.example' } });
  check(stranger.status === 421, `um host que não é do produto → 421 (${stranger.status})`);
  const bad = await fetch(`${base}/v1/public/pages/x/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...AS_CONSOLE },
    body: '{"a":',
  });
  const badBody = await bad.json();
  check(
    bad.status === 400 && typeof badBody.message === 'string' && Object.keys(badBody).length === 1,
    `JSON malformado → 400 ${JSON.stringify(badBody)}`,
  );
  const secondStop = await second.stop();
  check(secondStop.code === 0, `SIGTERM encerra limpo (código ${secondStop.code}, ${secondStop.ms} ms)`);
  if (database) {
    const [{ n }] = await database.query('select count(*)::int as n from users');
    check(n === 1, `só o usuário cadastrado existe (demo não semeado): ${n}`);
    // The separate worker bundle.
    const worker = start(app, 'apps/server/dist/worker.js', { ...env, APP_KEY: appKey, LOG_LEVEL: 'info' });
    const deadline = Date.now() + 60_000;
    while (
      Date.now() < deadline &&
      !worker.output().includes('worker ready') &&
      worker.child.exitCode === null
    )
      await new Promise((r) => setTimeout(r, 50));
    const workerMs = Math.round(performance.now() - worker.started);
    check(worker.output().includes('worker ready'), `o worker separado inicia (${workerMs} ms)`);
    figure('worker: pronto (ms)', workerMs);
    const ws = await worker.stop();
    check(ws.code === 0, `o worker encerra limpo (código ${ws.code})`);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    const { rows } = await db.query('select count(*)::int as n from users');
    await db.close();
    check(rows[0].n === 1, `só o usuário cadastrado existe (demo não semeado): ${rows[0].n}`);
  }
} catch (err) {
  failures.push(err instanceof Error ? err.message : String(err));
  console.error(err);
} finally {
  await database?.drop().catch(() => undefined);
  if (args.has('--keep')) log(`mantido: ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

console.log('\nNúmeros:');
for (const [k, v] of figures) console.log(`  ${k}: ${v}`);
console.log(
  failures.length
    ? `\n✗ ${failures.length} verificação(ões) falharam:\n  - ${failures.join('\n  - ')}`
    : '\n✓ imagem verificada',
);
process.exit(failures.length ? 1 : 0);
