// npm run check:edge — agencies' own domains end to end, through a real Caddy (decision 017):
//   the product (its own DATA_DIR, a fake DNS server for the domain checks) and Caddy 2 (Debian's
//   /usr/bin/caddy, or CADDY_PATH) on free ports, with `tls internal` + on-demand TLS asking the
//   product's GET /internal/tls/ask. An agency verifies one domain through the console's API (the TXT
//   record in the fake DNS); another stays pending. Then, over HTTPS through Caddy (the names resolved
//   to 127.0.0.1 by the client, Caddy's local root CA trusted from its data dir):
//   - the verified domain gets a certificate for its name and the agency's landing page;
//   - another agency's page on that domain is a 404;
//   - the pending domain and an unknown name get no certificate (the TLS handshake fails).
// Prints each check; exits 1 on any failure (2 when Caddy is missing). Not part of `npm test`: a bare
// machine may not have Caddy (`apt-get install caddy`).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ConsoleClient,
  freePort,
  registerAgency,
  scratchPostgres,
  spawnServer,
  startFakeDns,
  waitForHttp,
} from '@vitrine/test-kit';

const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const VERIFIED = 'imoveis.agencia-verificada.com.br';
const PENDING = 'imoveis.agencia-pendente.com.br';
const UNKNOWN = 'imoveis.ninguem.com.br';

const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};
const log = (msg) => console.log(`› ${msg}`);

if (!existsSync(CADDY)) {
  console.error(`Caddy não encontrado em ${CADDY} (apt-get install caddy, ou CADDY_PATH=...).`);
  process.exit(2);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'vitrine-edge-'));
const cleanups = [];
const cleanup = async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  rmSync(tmp, { recursive: true, force: true });
};

/** GET https://<host>:<port><path> through Caddy: the name resolved to 127.0.0.1, Caddy's root trusted. */
function viaCaddy(host, port, urlPath, ca) {
  return new Promise((resolve, reject) => {
    const req = https.get(
      {
        host,
        port,
        path: urlPath,
        ca,
        servername: host,
        lookup: (_name, options, cb) =>
          options?.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4),
        timeout: 15_000,
      },
      (res) => {
        // Read while the socket is attached (it is released to the agent once the body ends).
        const cert = res.socket?.getPeerCertificate?.() ?? null;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body, cert }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('sem resposta em 15 s')));
    req.on('error', reject);
  });
}

try {
  // 1. The agency's DNS zone, and the product.
  const dns = await startFakeDns();
  cleanups.push(() => dns.close());
  // PostgreSQL when one answers (a faster start), else the embedded database.
  const database = await scratchPostgres('vitrine_edge');
  if (database) cleanups.push(() => database.drop());
  const port = await freePort();
  const appUrl = `http://localhost:${port}`;
  const server = spawnServer({
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      LANDING_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(tmp, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DNS_SERVERS: dns.server,
      // Caddy's requests come from 127.0.0.1 and say who the visitor is.
      TRUST_PROXY: '127.0.0.1',
      ...(database ? { DATABASE_URL: database.url } : {}),
    },
    echoStderr: true,
  });
  cleanups.push(() => server.stop('SIGTERM', 10_000));
  await waitForHttp(`${appUrl}/healthz`, server, { timeoutMs: 300_000, intervalMs: 250 });
  log(`produto em ${appUrl} (páginas em http://127.0.0.1:${port}; ${database ? 'PostgreSQL' : 'PGlite'})`);

  // 2. Two agencies, a published page each, one verified domain and one pending.
  const api = new ConsoleClient(appUrl);
  const user = (n) => ({
    name: 'Dona Teste',
    email: `${n}.${Date.now()}@teste.com.br`,
    password: 'senha-segura-123',
  });
  const a = await registerAgency(api, user('verificada'), 'Imobiliária Verificada');
  const call = (method, url, body) => api.call(method, url, body);
  const publish = async (agencyId, title) => {
    const { data } = await call('POST', `/v1/real-estates/${agencyId}/pages`, { page: { title } });
    await call('PUT', `/v1/pages/${data.id}`, { status: 'published' });
    return data.slug;
  };
  const slug = await publish(a.agencyId, 'Casa verificada com jardim');
  const other = new ConsoleClient(appUrl);
  const b = await registerAgency(other, user('pendente'), 'Imobiliária Pendente');
  const { data: otherPage } = await other.call('POST', `/v1/real-estates/${b.agencyId}/pages`, {
    page: { title: 'Casa de outra imobiliária' },
  });
  await other.call('PUT', `/v1/pages/${otherPage.id}`, { status: 'published' });

  const { data: verified } = await call('POST', `/v1/real-estates/${a.agencyId}/domains`, {
    hostname: VERIFIED,
  });
  dns.set(verified.dns.txt.name, { txt: [[verified.dns.txt.value]] });
  dns.set(VERIFIED, { cname: '127.0.0.1' });
  const result = await call('POST', `/v1/real-estates/${a.agencyId}/domains/${verified.id}/verify`);
  check(result.data.status === 'verified', `${VERIFIED}: verificado pelo TXT ${verified.dns.txt.name}`);
  const { data: pending } = await other.call('POST', `/v1/real-estates/${b.agencyId}/domains`, {
    hostname: PENDING,
  });
  const still = await other.call('POST', `/v1/real-estates/${b.agencyId}/domains/${pending.id}/verify`);
  check(still.data.status === 'pending', `${PENDING}: continua pendente (sem o TXT no DNS)`);

  const ask = async (d) => (await fetch(`${appUrl}/internal/tls/ask?domain=${d}`)).status;
  check((await ask(VERIFIED)) === 200, `/internal/tls/ask?domain=${VERIFIED} → 200`);
  check((await ask(PENDING)) === 404, `/internal/tls/ask?domain=${PENDING} → 404`);

  // 3. Caddy: internal CA, on-demand TLS asking the product.
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const caddyHome = path.join(tmp, 'caddy');
  const caddyfile = path.join(tmp, 'Caddyfile');
  writeFileSync(
    caddyfile,
    `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	skip_install_trust
	on_demand_tls {
		ask http://127.0.0.1:${port}/internal/tls/ask
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${port}
}
`,
  );
  let caddyLog = '';
  const caddy = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: caddyHome, XDG_CONFIG_HOME: caddyHome, HOME: caddyHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout.on('data', (c) => (caddyLog = (caddyLog + c).slice(-20_000)));
  caddy.stderr.on('data', (c) => (caddyLog = (caddyLog + c).slice(-20_000)));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        if (caddy.exitCode !== null) return resolve();
        caddy.once('exit', resolve);
        caddy.kill('SIGTERM');
      }),
  );
  // Ready when the HTTPS port accepts connections.
  const started = Date.now();
  for (;;) {
    const open = await new Promise((resolve) => {
      const s = https
        .get({ host: '127.0.0.1', port: httpsPort, rejectUnauthorized: false, timeout: 1000 }, () => {
          resolve(true);
          s.destroy();
        })
        .on('error', (e) => resolve(e.code !== 'ECONNREFUSED'));
    });
    if (open) break;
    if (caddy.exitCode !== null || Date.now() - started > 30_000)
      throw new Error(`Caddy não subiu:\n${caddyLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  log(`Caddy ${CADDY} em https://*:${httpsPort} (CA interna, on-demand TLS)`);

  // 4. The unverified names first: no certificate, no page.
  for (const host of [PENDING, UNKNOWN]) {
    let error = null;
    try {
      await viaCaddy(host, httpsPort, '/imoveis/qualquer', undefined);
    } catch (e) {
      error = e;
    }
    check(
      error !== null,
      `${host}: sem certificado (handshake TLS recusado: ${error?.code ?? error?.message})`,
    );
  }

  // 5. The verified domain: a certificate for its name, signed by Caddy's local CA, and the page.
  // The first handshake has Caddy ask the product and issue; the root CA exists once it has.
  let page = null;
  let firstError = null;
  const rootFile = path.join(caddyHome, 'caddy/pki/authorities/local/root.crt');
  for (let attempt = 0; attempt < 20 && !page; attempt++) {
    try {
      const ca = existsSync(rootFile) ? readFileSync(rootFile) : undefined;
      if (!ca) {
        // Trigger issuance without trusting anything yet.
        await new Promise((resolve) => {
          https
            .get(
              {
                host: VERIFIED,
                port: httpsPort,
                servername: VERIFIED,
                rejectUnauthorized: false,
                lookup: (_n, o, cb) =>
                  o?.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4),
              },
              (res) => {
                res.resume();
                res.on('end', resolve);
              },
            )
            .on('error', resolve);
        });
        continue;
      }
      page = await viaCaddy(VERIFIED, httpsPort, `/imoveis/${slug}`, ca);
    } catch (e) {
      firstError = e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  check(
    page !== null,
    `${VERIFIED}: certificado aceito com a raiz da CA interna do Caddy${page ? '' : ` (${firstError?.message})`}`,
  );
  if (page) {
    const names = String(page.cert?.subjectaltname ?? '');
    check(names.includes(`DNS:${VERIFIED}`), `certificado emitido para ${VERIFIED} (${names})`);
    check(
      page.status === 200 && page.body.includes('Casa verificada com jardim'),
      `GET https://${VERIFIED}:${httpsPort}/imoveis/${slug} → ${page.status}, a página da imobiliária`,
    );
    check(
      page.body.includes(`<link rel="canonical" href="https://${VERIFIED}/imoveis/${slug}">`),
      'URL canônica no domínio da imobiliária',
    );
    const ca = readFileSync(rootFile);
    const foreign = await viaCaddy(VERIFIED, httpsPort, `/imoveis/${otherPage.slug}`, ca);
    check(foreign.status === 404, `a página de outra imobiliária nesse domínio → ${foreign.status}`);
    const consoleRoute = await viaCaddy(VERIFIED, httpsPort, '/v1/me', ca);
    check(consoleRoute.status === 404, `a API do console nesse domínio → ${consoleRoute.status}`);
  }
  if (failures.length) console.log(`\nlog do Caddy (fim):\n${caddyLog.slice(-4000)}`);
} catch (error) {
  failures.push(String(error?.stack ?? error));
  console.error(error);
} finally {
  await cleanup();
}

console.log(
  failures.length
    ? `\ncheck:edge: ${failures.length} falha(s)`
    : '\ncheck:edge: domínio próprio com TLS sob demanda pelo Caddy: tudo certo',
);
process.exit(failures.length ? 1 : 0);
