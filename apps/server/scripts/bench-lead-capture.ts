/**
 * bench:leads — lead capture on PostgreSQL (validation, throttles, contact linking, the lead, its
 * webhook delivery and e-mail alert jobs, all in one transaction) against a bare Fastify endpoint doing
 * one INSERT, both measured here, in the same run, with the same load generator.
 *
 *   npm run bench:leads [-- --seconds 20 --connections 50]
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, scratchPostgres, setupAgency, startServer } from './lib/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 20);
const CONNECTIONS = arg('connections', 50);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

const database = await scratchPostgres();
if (!database) {
  console.error('bench:leads precisa de um PostgreSQL (TEST_POSTGRES_URL, DATABASE_URL ou localhost:5432).');
  process.exit(2);
}

let n = 0;
const body = () => {
  n++;
  return JSON.stringify({
    name: `Pessoa ${n}`,
    email: `p${n}@bench.test`,
    phone: `119${String(10_000_000 + n).slice(-8)}`,
    message: 'Tenho interesse',
    consent: true,
  });
};

async function run(title: string, url: string, headers: () => Record<string, string>) {
  // Warm-up, then the measured run.
  await autocannon({
    url,
    connections: 10,
    duration: 3,
    method: 'POST',
    requests: [
      {
        setupRequest: (r) => ({
          ...r,
          body: body(),
          headers: { 'content-type': 'application/json', ...headers() },
        }),
      },
    ],
  });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    requests: [
      {
        setupRequest: (r) => ({
          ...r,
          body: body(),
          headers: { 'content-type': 'application/json', ...headers() },
        }),
      },
    ],
  });
  const ok = result['2xx'];
  const rps = ok / SECONDS;
  console.log(
    `  ${title}: ${rps.toFixed(0)} leads/s, latência p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, não-2xx ${result.non2xx}, erros ${result.errors}, timeouts ${result.timeouts}`,
  );
  return { rps, p99: result.latency.p99, non2xx: result.non2xx };
}

// Baseline: bare Fastify + one INSERT, on the same database server.
const barePort = await freePort();
const bare = spawn(
  path.join(root, 'node_modules/.bin/node'),
  ['--import', 'tsx', path.join(here, 'lib/bare-insert-server.ts')],
  {
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(barePort) },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`http://127.0.0.1:${barePort}/healthz`)).ok) break;
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 100));
}
console.log(`\nbench:leads — PostgreSQL, ${CONNECTIONS} conexões, ${SECONDS} s cada\n`);
const baseline = await run('base (Fastify + 1 INSERT)', `http://127.0.0.1:${barePort}/leads`, () => ({}));
bare.kill('SIGTERM');

// The product: a published page with an active webhook (deliveries enqueued in the lead's transaction).
const receiverPort = await freePort();
const { createServer } = await import('node:http');
const receiver = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200).end('ok'));
}).listen(receiverPort, '127.0.0.1');
// One page takes the whole burst: lift the per-page spam threshold so the run measures the normal path.
const server = await startServer({
  DATABASE_URL: database.url,
  ALLOW_PRIVATE_NETWORK_TARGETS: '1',
  TRUST_PROXY: '1',
  LEAD_PAGE_LIMIT_PER_MINUTE: '1000000',
  RUN_WORKER: process.env.BENCH_RUN_WORKER ?? 'true',
});
const { client, realEstateId, slugs } = await setupAgency(server, database.url, 1);
await client.call('PUT', `/v1/real-estates/${realEstateId}/integrations`, {
  name: 'webhook',
  payload: { url: `http://127.0.0.1:${receiverPort}/hook` },
});
let ip = 0;
const product = await run(
  'captura de lead (produto)',
  `${server.url}/v1/public/pages/${slugs[0]}/leads`,
  () => {
    ip++;
    return { 'x-forwarded-for': `100.${64 + ((ip >> 16) & 63)}.${(ip >> 8) & 255}.${ip & 255}` };
  },
);

const ratio = product.rps / baseline.rps;
console.log(
  `\n  razão produto/base: ${(ratio * 100).toFixed(0)}% (meta ≥ 50%); p99 do produto ${product.p99} ms (meta ≤ 50 ms)`,
);
await server.kill('SIGTERM');
server.cleanup();
receiver.close();
await database.drop();
process.exit(0);
