/**
 * bench:delivery — time from a lead posted on a landing page to its webhook received, under normal
 * conditions (receiver always answers 200), on PostgreSQL. Baseline in the same run: the same payload
 * posted straight to the receiver (the network and HTTP floor).
 *
 *   npm run bench:delivery [-- --leads 300 --rate 20 --workers same|apart]
 *
 * `--workers apart` runs the API with RUN_WORKER=false and the workers in a process of their own
 * (`npm run worker`), woken by the API's NOTIFY after each commit (plugins/queue.ts).
 */
import {
  percentile,
  scratchPostgres,
  setupAgency,
  startFakeWebhook,
  startServer,
  startWorker,
  waitForWorker,
} from './lib/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const LEADS = arg('leads', 300);
const RATE = arg('rate', 20);
const APART =
  process.argv.includes('--workers') && process.argv[process.argv.indexOf('--workers') + 1] === 'apart';

const database = await scratchPostgres();
if (!database) {
  console.error(
    'bench:delivery precisa de um PostgreSQL (TEST_POSTGRES_URL, DATABASE_URL ou localhost:5432).',
  );
  process.exit(2);
}

const sentAt = new Map<string, number>();
const latencies: number[] = [];
const pendingByLead = new Map<string, number>();
const receiver = await startFakeWebhook<
  { type?: string; data?: { id?: string }; probe?: number } | undefined
>({
  path: '/hook',
  respond(call) {
    const parsed = call.json;
    if (parsed && parsed.probe === undefined) {
      const id = parsed.data?.id;
      if (id && sentAt.has(id)) latencies.push(call.at - sentAt.get(id)!);
      else if (id) pendingByLead.set(id, call.at); // arrived before the 201 was read
    }
    return 200;
  },
});
const receiverUrl = receiver.url;

// Baseline: the same kind of request straight to the receiver.
const floor: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await fetch(receiverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ probe: i, pad: 'x'.repeat(800) }),
  });
  floor.push(performance.now() - t);
}

const server = await startServer({
  DATABASE_URL: database.url,
  ALLOW_PRIVATE_NETWORK_TARGETS: '1',
  TRUST_PROXY: '1',
  // One page takes every lead: at 200/s it would pass the per-page spam threshold (600 a minute) and
  // the rest would be quarantined, not delivered.
  LEAD_PAGE_LIMIT_PER_MINUTE: '1000000',
  RUN_WORKER: APART ? 'false' : 'true',
});
const { client, realEstateId, slugs } = await setupAgency(server, database.url, 1);
await client.call('PUT', `/v1/real-estates/${realEstateId}/integrations`, {
  name: 'webhook',
  payload: { url: receiverUrl },
});
const worker = APART ? startWorker(server, database.url) : null;
if (worker)
  await waitForWorker(`${server.url}/v1/public/pages/${slugs[0]}/leads`, () => receiver.received.length);

const started = performance.now();
const posts: Promise<void>[] = [];
for (let i = 0; i < LEADS; i++) {
  const due = started + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const t = performance.now();
  posts.push(
    fetch(`${server.url}/v1/public/pages/${slugs[0]}/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `100.64.${i >> 8}.${i & 255}` },
      body: JSON.stringify({ name: `Pessoa ${i}`, email: `p${i}@lat.test`, consent: true }),
    }).then(async (res) => {
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      sentAt.set(id, t);
      const early = pendingByLead.get(id);
      if (early !== undefined) latencies.push(early - t);
    }),
  );
}
await Promise.all(posts);
const deadline = performance.now() + 60_000;
while (latencies.length < LEADS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));

floor.sort((a, b) => a - b);
latencies.sort((a, b) => a - b);
console.log(
  `\nbench:delivery — PostgreSQL, ${LEADS} leads a ${RATE}/s, receptor local respondendo 200, ${APART ? 'workers num processo à parte' : 'workers no processo da API'}\n`,
);
console.log(
  `  base (POST direto ao receptor): p50 ${percentile(floor, 50).toFixed(1)} ms, p95 ${percentile(floor, 95).toFixed(1)} ms`,
);
console.log(
  `  lead → webhook recebido:        p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, máx ${latencies.at(-1)?.toFixed(0)} ms (${latencies.length}/${LEADS} recebidos; metas: p95 ≤ 100 ms a 20/s, p99 ≤ 250 ms a 200/s), p99 ${percentile(latencies, 99).toFixed(0)} ms`,
);
await server.kill('SIGTERM');
await worker?.stop();
server.cleanup();
await receiver.close();
await database.drop();
process.exit(latencies.length === LEADS ? 0 : 1);
