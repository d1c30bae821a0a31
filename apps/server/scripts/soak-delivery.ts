/**
 * Soak: a burst of leads while the webhook receiver fails 30% of calls and the server is killed with
 * SIGKILL three times. Prints how many leads were acknowledged, stored, delivered, duplicated and lost.
 * Lost must be 0: every acknowledged lead stored, and delivered at least once with one stable webhook-id.
 *
 *   npm run soak:delivery [-- --leads 5000 --concurrency 24]
 */
import pg from 'pg';
import { scratchPostgres, setupAgency, startFakeWebhook, startServer } from './lib/harness.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const TOTAL = arg('leads', 5000);
const CONCURRENCY = arg('concurrency', 24);
const FAIL_RATE = 0.3;

const database = await scratchPostgres();
if (!database) {
  console.error('O soak precisa de um PostgreSQL (TEST_POSTGRES_URL, DATABASE_URL ou localhost:5432).');
  process.exit(2);
}

// The receiver: 30% of calls fail — 2/3 of them before accepting, 1/3 after (the event is kept but the
// answer is 500, as when a receiver times out after doing its work): the second kind makes duplicates.
let secret = '';
const accepted = new Map<string, number>(); // webhook-id → times accepted
const leadOfWebhook = new Map<string, string>();
let calls = 0;
let failedCalls = 0;
const receiver = await startFakeWebhook<{ data: { id: string } }>({
  path: '/webhook',
  secret: () => secret, // checked with the standardwebhooks library
  respond(call) {
    calls++;
    const roll = Math.random();
    if (roll < FAIL_RATE * (2 / 3)) {
      failedCalls++;
      return { status: 500, body: 'falha simulada' };
    }
    if (!call.signatureValid) return { status: 400, body: 'assinatura inválida' };
    const id = String(call.headers['webhook-id'] ?? '');
    accepted.set(id, (accepted.get(id) ?? 0) + 1);
    leadOfWebhook.set(id, call.json.data.id);
    if (roll < FAIL_RATE) {
      failedCalls++;
      return { status: 500, body: 'falha simulada depois de aceitar' };
    }
    return 200;
  },
});
const receiverUrl = receiver.url;

const server = await startServer({
  DATABASE_URL: database.url,
  ALLOW_PRIVATE_NETWORK_TARGETS: '1',
  TRUST_PROXY: '1',
  // The Svix schedule compressed to seconds, so the soak ends in minutes.
  DELIVERY_RETRY_SCHEDULE: '1,1,2,2,3,3,5',
});
const { client, realEstateId, slugs } = await setupAgency(server, database.url, 20);
secret = (await client.call('GET', `/v1/real-estates/${realEstateId}/integrations/webhook/secret`)).data
  .secret;
await client.call('PUT', `/v1/real-estates/${realEstateId}/integrations`, {
  name: 'webhook',
  payload: { url: receiverUrl },
});

const acknowledged = new Set<string>();
let refused = 0;
let kills = 0;
const killAt = [Math.floor(TOTAL * 0.2), Math.floor(TOTAL * 0.5), Math.floor(TOTAL * 0.8)];
let restarting: Promise<void> | null = null;

async function killAndRestart() {
  kills++;
  console.log(`  kill -9 nº ${kills} com ${acknowledged.size} leads confirmados`);
  await server.kill('SIGKILL');
  await server.start();
}

async function sendOne(i: number) {
  const ip = `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (restarting) await restarting;
    try {
      const res = await fetch(`${server.url}/v1/public/pages/${slugs[i % slugs.length]}/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          name: `Pessoa ${i}`,
          email: `p${i}@soak.test`,
          consent: true,
          message: `lead ${i}`,
        }),
      });
      if (res.status === 201) {
        acknowledged.add(((await res.json()) as { data: { id: string } }).data.id);
        return;
      }
      refused++;
    } catch {
      refused++; // the server is down: a real form would retry, and so do we
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) {
      const i = next++;
      await sendOne(i);
      if (killAt.length && acknowledged.size >= killAt[0]! && !restarting) {
        killAt.shift();
        restarting = killAndRestart().finally(() => (restarting = null));
      }
    }
  }),
);
const burstSeconds = (Date.now() - started) / 1000;
console.log(
  `  rajada: ${TOTAL} leads em ${burstSeconds.toFixed(1)} s, ${acknowledged.size} confirmados, ${refused} tentativas recusadas (servidor fora)`,
);

const db = new pg.Client({ connectionString: database.url });
await db.connect();
const ids = [...acknowledged];
const deadline = Date.now() + arg('wait-seconds', 600) * 1000;
let delivered = 0;
while (Date.now() < deadline) {
  const { rows } = await db.query(
    `select count(*)::int as n from deliveries where lead_id = any($1::uuid[]) and status = 'delivered'`,
    [ids],
  );
  delivered = rows[0].n;
  if (delivered >= ids.length) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const stored = (await db.query(`select count(*)::int as n from leads where id = any($1::uuid[])`, [ids]))
  .rows[0].n as number;
const enqueued = (
  await db.query(`select count(*)::int as n from deliveries where lead_id = any($1::uuid[])`, [ids])
).rows[0].n as number;
const statuses = (
  await db.query(
    `select status, count(*)::int as n from deliveries where lead_id = any($1::uuid[]) group by status order by status`,
    [ids],
  )
).rows;
const attempts = (
  await db.query(
    `select count(*)::int as n from delivery_attempts a join deliveries d on d.id = a.delivery_id where d.lead_id = any($1::uuid[])`,
    [ids],
  )
).rows[0].n as number;
// Anything still pending: show where its job is, to tell a slow retry from a lost job.
const stuck = await db.query(
  `select d.id, d.status, d.attempts, d.next_attempt_at, j.state, j.retry_count, j.start_after, j.started_on
     from deliveries d left join pgboss.job j on j.data->>'deliveryId' = d.id::text or j.data->'deliveryIds' ? d.id::text
    where d.lead_id = any($1::uuid[]) and d.status <> 'delivered' order by d.id limit 20`,
  [ids],
);
if (stuck.rows.length) console.log('  pendentes (amostra):', stuck.rows);
await db.end();

const receivedLeads = new Set(leadOfWebhook.values());
const lostStore = ids.length - stored;
const lostDelivery = ids.filter((id) => !receivedLeads.has(id)).length;
const duplicates = [...accepted.values()].reduce((s, n) => s + (n - 1), 0);
const webhookIdsPerLead = new Map<string, Set<string>>();
for (const [wid, lead] of leadOfWebhook)
  webhookIdsPerLead.set(lead, (webhookIdsPerLead.get(lead) ?? new Set()).add(wid));
const unstableIds = [...webhookIdsPerLead.values()].filter((s) => s.size > 1).length;

console.log('\nResultado do soak de entregas (PostgreSQL, receptor falhando 30%, 3× kill -9):');
console.log(`  leads enviados:        ${TOTAL}`);
console.log(`  leads confirmados:     ${ids.length}`);
console.log(`  leads gravados:        ${stored}`);
console.log(`  entregas enfileiradas: ${enqueued}`);
console.log(
  `  entregas concluídas:   ${delivered} (${statuses.map((s) => `${s.status}: ${s.n}`).join(', ')})`,
);
console.log(
  `  tentativas no ledger:  ${attempts}; chamadas ao receptor: ${calls}, falhas simuladas: ${failedCalls}`,
);
console.log(`  duplicados no receptor (mesmo webhook-id recebido de novo): ${duplicates}`);
console.log(`  leads com mais de um webhook-id: ${unstableIds}`);
console.log(
  `  perdidos: ${lostStore + lostDelivery} (não gravados: ${lostStore}, nunca recebidos: ${lostDelivery})`,
);
console.log(`  kill -9: ${kills}`);

await server.kill('SIGTERM');
server.cleanup();
await receiver.close();
await database.drop();
process.exit(lostStore + lostDelivery === 0 && unstableIds === 0 && kills === 3 ? 0 : 1);
