/**
 * Soak: a burst of leads while the webhook receiver fails 30% of calls and processes are killed with
 * SIGKILL three times. Prints how many leads were acknowledged, stored, delivered, duplicated and lost.
 * Lost must be 0: every acknowledged lead stored once, delivered at least once with one stable
 * webhook-id, and named in a new-lead alert e-mail (a local SMTP server) at least once: an alert a kill
 * cut short is sent by its job, up to two minutes later (modules/leads/alert-hand-over.ts).
 *
 *   npm run soak:delivery [-- --leads 5000 --concurrency 24]
 *   npm run soak:delivery -- --topology replicas [--leads 3000 --kill-order api2,worker,api1]
 *   npm run soak:delivery -- --pushes 0.3
 *   npm run soak:delivery -- --ads [--leads 500]
 *
 * `--pushes <share>`: that share of the leads comes as Grupo OLX portal pushes
 * (docs/lead-sources.md) instead of the landing form, and one push in ten is sent twice at once (a
 * portal's retry racing its first try). Every acknowledged push must be exactly one lead, both copies
 * answered with the same lead, and delivered like the form's.
 *
 * `--ads`: the agency also has Meta's Conversions API and the Google Ads API upload turned on, each a
 * local fake speaking the platform's protocol that refuses a share of calls (Meta: rate limit code 17;
 * Google: 429 RESOURCE_EXHAUSTED), so every lead is also a Meta `Lead` event (by its submission key)
 * and a Google click conversion (a gclid for half of them, hashed e-mail for the others): none may be
 * lost either.
 *
 * Topologies:
 * - `single` (default): one process, API and workers (`npm start`); each kill hits it.
 * - `replicas`: as at scale (docs/operations.md, Replicas): two API replicas (RUN_WORKER=false) on one
 *   PostgreSQL and one DATA_DIR, one worker process (`npm run worker`), behind a real load balancer
 *   (Caddy, round robin, health checks on /health/ready). The leads and the console's calls go through
 *   the proxy. The three kills hit api1, api2 and the worker once each, in a random order (or
 *   `--kill-order`); the killed process is started again while the others keep taking the burst.
 */
import pg from 'pg';
import {
  freePort,
  scratchPostgres,
  setupAgency,
  startFakeWebhook,
  startSmtpSink,
  startProxy,
  startServer,
  startWorker,
  type ServerHandle,
} from './lib/harness.ts';
import { graphError } from '../src/testing/fake-graph.ts';
import { googleRpcError } from '../src/modules/conversions/testing/fake-google-ads-api.ts';
import { startFakeAdPlatforms } from './lib/fake-ad-platforms.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const textArg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const TOPOLOGY = textArg('topology', 'single');
if (TOPOLOGY !== 'single' && TOPOLOGY !== 'replicas') {
  console.error(
    '--topology: use single (um processo) ou replicas (duas réplicas da API, um worker e um proxy).',
  );
  process.exit(2);
}
const TOTAL = arg('leads', 5000);
const CONCURRENCY = arg('concurrency', 24);
const PUSH_SHARE = arg('pushes', 0);
if (!(PUSH_SHARE >= 0 && PUSH_SHARE <= 1)) {
  console.error('--pushes: a fração dos leads enviada como push do portal, entre 0 e 1 (ex.: 0.3).');
  process.exit(2);
}
/** Whether lead i comes as a portal push: spread evenly over the run. */
const isPush = (i: number) => Math.floor((i + 1) * PUSH_SHARE) > Math.floor(i * PUSH_SHARE);
const FAIL_RATE = 0.3;
const PROCESS_NAMES = ['api1', 'api2', 'worker'] as const;
type ProcessName = (typeof PROCESS_NAMES)[number] | 'server';

/** Which process each of the three kills hits: a random order of the three, or --kill-order. */
function killOrder(): ProcessName[] {
  if (TOPOLOGY === 'single') return ['server', 'server', 'server'];
  const given = textArg('kill-order', '');
  if (given) {
    const names = given.split(',').map((n) => n.trim());
    const bad = names.filter((n) => !(PROCESS_NAMES as readonly string[]).includes(n));
    if (names.length !== 3 || bad.length) {
      console.error(`--kill-order: três nomes entre ${PROCESS_NAMES.join(', ')} (ex.: api2,worker,api1).`);
      process.exit(2);
    }
    return names as ProcessName[];
  }
  const order: ProcessName[] = [...PROCESS_NAMES];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
const KILL_ORDER = killOrder();
const ADS = process.argv.includes('--ads');

const soakStarted = Date.now();
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
// The agency's new-lead alerts, over SMTP as in production.
const smtp = await startSmtpSink();
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

// The ad platforms (--ads): local fakes of Meta's Graph API and of the Google Ads API.
const ads = ADS ? await startFakeAdPlatforms() : null;
const graph = ads?.graph ?? null;
const google = ads?.google ?? null;
// A share of the platforms' answers are refusals to retry: about one call in four (a refusal is queued
// for the next call once three more have come since the last one).
const injected = { events: 0, upload: 0 };
const adsFailures = ADS
  ? setInterval(() => {
      if (graph!.requestsTo('events').length - injected.events >= 3) {
        injected.events = graph!.requestsTo('events').length;
        graph!.enqueue('events', graphError(17, 'User request limit reached'));
      }
      if (google!.requestsTo('upload').length - injected.upload >= 3) {
        injected.upload = google!.requestsTo('upload').length;
        google!.enqueue(
          'upload',
          googleRpcError(429, { quotaError: 'RESOURCE_EXHAUSTED' }, 'Too many requests.'),
        );
      }
    }, 50)
  : null;
const adsEnv: Record<string, string> = ads?.env ?? {};

// The Svix schedule compressed to seconds, so the soak ends in minutes.
const RETRY_SCHEDULE = '1,1,2,2,3,3,5';
interface Killable {
  kill(signal?: NodeJS.Signals): Promise<void>;
  start(): Promise<void>;
}
const processes = new Map<ProcessName, Killable>();
/** The pushes' per-source and per-agency limits lifted: this soak is about delivery, not the limits. */
const PUSH_LIMITS_OFF = {
  INBOUND_SOURCE_LIMIT_PER_MINUTE: '1000000',
  INBOUND_AGENCY_LIMIT_PER_MINUTE: '1000000',
};
/** Where the leads and the console's calls go: the server itself, or the proxy in front of the replicas. */
let entryUrl: string;
/** The replicas by host:port (the proxy's X-Upstream), to count who answered. */
const replicaOf = new Map<string, ProcessName>();
let stopProxy = async () => {};
const servers: ServerHandle[] = [];

if (TOPOLOGY === 'single') {
  const server = await startServer({
    DATABASE_URL: database.url,
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    TRUST_PROXY: '1',
    DELIVERY_RETRY_SCHEDULE: RETRY_SCHEDULE,
    SMTP_URL: smtp.url,
    ...PUSH_LIMITS_OFF,
    ...adsEnv,
  });
  servers.push(server);
  processes.set('server', server);
  entryUrl = server.url;
} else {
  const proxyPort = await freePort();
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const apiEnv = {
    DATABASE_URL: database.url,
    ALLOW_PRIVATE_NETWORK_TARGETS: '1',
    // The soak is the CDN in front of the load balancer: it writes the visitor's address, Caddy appends its own.
    TRUST_PROXY: '2',
    DELIVERY_RETRY_SCHEDULE: RETRY_SCHEDULE,
    APP_URL: publicUrl,
    RUN_WORKER: 'false',
    SMTP_URL: smtp.url,
    ...PUSH_LIMITS_OFF,
    ...adsEnv,
  };
  // Both replicas start together (and migrate the empty database together, under the advisory lock).
  const api1 = await startServer(apiEnv);
  const api2 = await startServer(apiEnv, { dataDir: api1.dataDir });
  servers.push(api1, api2);
  const worker = startWorker(api1, database.url, {
    APP_URL: publicUrl,
    DELIVERY_RETRY_SCHEDULE: RETRY_SCHEDULE,
    SMTP_URL: smtp.url,
    ...adsEnv,
  });
  await worker.ready();
  processes.set('api1', api1).set('api2', api2).set('worker', worker);
  replicaOf.set(new URL(api1.url).host, 'api1').set(new URL(api2.url).host, 'api2');
  const proxy = await startProxy([api1.url, api2.url], { port: proxyPort });
  stopProxy = proxy.stop;
  entryUrl = proxy.url;
  console.log(
    `  topologia: proxy Caddy ${proxy.url} → api1 ${api1.url}, api2 ${api2.url} (RUN_WORKER=false); worker à parte; ordem dos kill -9: ${KILL_ORDER.join(', ')}`,
  );
}

const { client, realEstateId, slugs } = await setupAgency({ url: entryUrl }, database.url, 20);
secret = (await client.call('GET', `/v1/real-estates/${realEstateId}/integrations/webhook/secret`)).data
  .secret;
await client.call('PUT', `/v1/real-estates/${realEstateId}/integrations`, {
  name: 'webhook',
  payload: { url: receiverUrl },
});
// The portal's side: a connected Grupo OLX source, and each page's listing code (its slug) for
// `clientListingId`, so pushed leads find their page.
let pushPath = '';
let pushAuth = '';
if (PUSH_SHARE > 0) {
  const { data: source } = await client.call(
    'POST',
    `/v1/real-estates/${realEstateId}/lead-sources/grupo_zap`,
  );
  pushPath = new URL(source.url as string).pathname;
  pushAuth = `Basic ${Buffer.from(`vivareal:${source.secret as string}`).toString('base64')}`;
  const codes = new pg.Client({ connectionString: database.url });
  await codes.connect();
  await codes.query(`update pages set listing_code = slug where slug = any($1::text[])`, [slugs]);
  await codes.end();
}
if (ads) {
  await client.call('PUT', `/v1/real-estates/${realEstateId}/conversions`, ads.settings);
  console.log('  conversões ligadas: Meta (API de Conversões) e Google Ads (API), servidores falsos locais');
}
const answeredBy = new Map<string, number>();
const countAnswer = (res: { headers: Headers }) => {
  const name = replicaOf.get(res.headers.get('x-upstream') ?? '') ?? 'server';
  answeredBy.set(name, (answeredBy.get(name) ?? 0) + 1);
};
if (TOPOLOGY === 'replicas') {
  // One console session through the proxy: round robin sends consecutive calls to both replicas, so
  // the session cookie and its CSRF token made by one must be honoured by the other.
  const seen = new Map<string, number>();
  for (let i = 0; i < 6; i++) {
    const res = await client.request('PUT', `/v1/real-estates/${realEstateId}/integrations`, {
      name: 'webhook',
      payload: { url: receiverUrl },
    });
    if (res.status !== 200) throw new Error(`PUT da integração pelo proxy → ${res.status} ${res.text}`);
    const name = replicaOf.get(res.headers.get('x-upstream') ?? '') ?? '?';
    seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  if (seen.size < 2) throw new Error(`O proxy não alternou as réplicas: ${[...seen].join('; ')}`);
  console.log(
    `  sessão e CSRF de uma réplica aceitos pela outra: 6 PUT do console, ${[...seen].map(([k, v]) => `${k} ${v}`).join(', ')}`,
  );
}

const acknowledged = new Set<string>();
/** The soak's index of each acknowledged lead (its e-mail is p<index>@soak.test). */
const acknowledgedIndex = new Set<number>();
/** Each acknowledged lead's submission key: its Meta event id. */
const sidOf = new Map<string, string>();
let refused = 0;
/** Refused attempts by answer: an HTTP status, or `rede` when no answer came (connection refused or cut). */
const refusedBy = new Map<string, number>();
const refuse = (why: string) => {
  refused++;
  refusedBy.set(why, (refusedBy.get(why) ?? 0) + 1);
};
let kills = 0;
const killed: string[] = [];
const killAt = [Math.floor(TOTAL * 0.2), Math.floor(TOTAL * 0.5), Math.floor(TOTAL * 0.8)];
let killing: Promise<void> | null = null;

async function killAndRestart(name: ProcessName) {
  kills++;
  const target = processes.get(name)!;
  const at = performance.now();
  console.log(`  kill -9 nº ${kills} (${name}) com ${acknowledged.size} leads confirmados`);
  await target.kill('SIGKILL');
  await target.start();
  const seconds = (performance.now() - at) / 1000;
  killed.push(`${name} (de volta em ${seconds.toFixed(1)} s)`);
  console.log(`  ${name} de volta em ${seconds.toFixed(1)} s`);
}

/**
 * Before each lead: the next kill is due once enough leads are acknowledged. A kill waits for the
 * previous one's restart, and the burst waits at a due kill, so all three land inside the burst. With
 * one process the senders also wait for the restart (nobody is there to answer); with replicas they go
 * on through the proxy while the killed process comes back.
 */
async function beforeSend() {
  for (;;) {
    const due = killAt.length > 0 && acknowledged.size >= killAt[0]!;
    if (killing && (due || TOPOLOGY === 'single')) await killing;
    else if (due) {
      killAt.shift();
      killing = killAndRestart(KILL_ORDER[kills]!).finally(() => (killing = null));
    } else return;
  }
}

/** This run's prefix of the submission keys (`_sid`), one key per lead, sent again on every retry. */
const RUN = Math.random().toString(36).slice(2, 10);

let pushesAcknowledged = 0;
let pushRepeats = 0;
/** Pushes sent twice at once whose two 200s named different leads: must stay 0. */
let pushRepeatsSplit = 0;

/** One portal push, as Grupo OLX sends it; the lead id of a 2xx, or the refusal's reason. */
async function pushOnce(i: number): Promise<{ leadId: string } | { refused: string }> {
  const res = await fetch(`${entryUrl}${pushPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: pushAuth },
    body: JSON.stringify({
      leadOrigin: 'Grupo OLX',
      timestamp: new Date().toISOString(),
      originLeadId: `soak-${RUN}-${i}`,
      originListingId: String(2_000_000 + i),
      clientListingId: slugs[i % slugs.length],
      name: `Pessoa ${i}`,
      email: `p${i}@soak.test`,
      ddd: '11',
      phone: String(900_000_000 + i),
      message: `lead ${i}`,
      temperature: 'Alta',
      transactionType: 'SELL',
    }),
  });
  if (res.status === 200) {
    countAnswer(res);
    return { leadId: ((await res.json()) as { data: { lead_id: string } }).data.lead_id };
  }
  await res.body?.cancel();
  return { refused: res.status === 503 ? '503 push' : `${res.status} push` };
}

/** A push until it is acknowledged: one in ten goes twice at once, and both must name the same lead. */
async function sendPush(i: number) {
  for (let attempt = 0; attempt < 50; attempt++) {
    await beforeSend();
    try {
      const twice = Math.floor(i * PUSH_SHARE) % 10 === 0; // every tenth push (its ordinal)
      const answers = await Promise.all(twice ? [pushOnce(i), pushOnce(i)] : [pushOnce(i)]);
      const ids = answers.flatMap((a) => ('leadId' in a ? [a.leadId] : []));
      if (ids.length) {
        if (twice && ids.length === 2) {
          pushRepeats++;
          if (ids[0] !== ids[1]) pushRepeatsSplit++;
        }
        for (const id of ids) acknowledged.add(id);
        acknowledgedIndex.add(i);
        pushesAcknowledged++;
        return;
      }
      for (const a of answers) if ('refused' in a) refuse(a.refused);
    } catch {
      refuse('rede');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function sendOne(i: number) {
  if (isPush(i)) return sendPush(i);
  const ip = `100.${64 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`;
  // As the landing page's script: one key per form, the same on a resend after a lost answer.
  const sid = `soak-${RUN}-${String(i).padStart(7, '0')}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    await beforeSend();
    try {
      const res = await fetch(`${entryUrl}/v1/public/pages/${slugs[i % slugs.length]}/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          name: `Pessoa ${i}`,
          email: `p${i}@soak.test`,
          consent: true,
          message: `lead ${i}`,
          _sid: sid,
          ...(ADS ? { fbclid: `IwAR-soak-${i}`, ...(i % 2 ? {} : { gclid: `Cj0KCQsoak${i}` }) } : {}),
        }),
      });
      if (res.status === 201) {
        const id = ((await res.json()) as { data: { id: string } }).data.id;
        acknowledged.add(id);
        sidOf.set(id, sid);
        acknowledgedIndex.add(i);
        countAnswer(res);
        return;
      }
      // 502: the proxy lost the answer (the replica died with the request in it, or on a kept-alive
      // connection to it). The lead may have been stored; the form sends it again, as a visitor would.
      // 503: the server's load shedding (it says when to come back) or, without Retry-After, the
      // proxy with no healthy replica.
      refuse(
        res.status === 503
          ? res.headers.has('retry-after')
            ? '503 sobrecarga'
            : '503 proxy'
          : String(res.status),
      );
      await res.body?.cancel();
    } catch {
      refuse('rede'); // the server is down: a real form would retry, and so do we
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < TOTAL) await sendOne(next++);
  }),
);
// A kill still in progress (its restart) finishes before the counting.
while (killing) await killing;
const burstSeconds = (Date.now() - started) / 1000;
console.log(
  `  rajada: ${TOTAL} leads em ${burstSeconds.toFixed(1)} s, ${acknowledged.size} confirmados, ${refused} tentativas recusadas (processo fora: ${[...refusedBy].map(([k, v]) => `${k} ${v}`).join(', ') || 'nenhuma'}), reenviadas`,
);
if (TOPOLOGY === 'replicas')
  console.log(`  confirmados por réplica: ${[...answeredBy].map(([k, v]) => `${k} ${v}`).join(', ')}`);

const db = new pg.Client({ connectionString: database.url });
await db.connect();
const ids = [...acknowledged];
const deadline = Date.now() + arg('wait-seconds', 600) * 1000;
// The alerts: each acknowledged lead named (its link) in an e-mail, a digest or its own; a group's alert
// that a kill cut short is sent by its job when that starts, two minutes after its commit at most.
const alerted = new Set<string>();
let alertMails = 0;
/** Leads first named in an e-mail over a minute after the burst: their alert came from the waiting job. */
let lateAlerts = 0;
const burstEnded = started + burstSeconds * 1000;
const alertsOf = () => {
  for (const m of smtp.messages.splice(0)) {
    alertMails++;
    for (const [, id] of qpDecoded(m.raw).matchAll(/\/leads\?lead=([0-9a-f-]{36})/g)) {
      if (!alerted.has(id!) && Date.now() - burstEnded > 60_000) lateAlerts++;
      alerted.add(id!);
    }
  }
  return ids.filter((id) => !alerted.has(id)).length;
};
let delivered = 0;
// With --ads each form lead also gets a Meta and a Google delivery, made by a job of its capture group
// after the commit (a job a kill -9 interrupted runs again once it expires, a minute or two later).
const adDeliveriesDue = ADS ? 2 * ids.filter((id) => sidOf.has(id)).length : 0;
while (Date.now() < deadline) {
  const { rows } = await db.query(
    `select count(*) filter (where status = 'delivered')::int as n, count(*) filter (where status = 'pending')::int as pending,
       count(*) filter (where integration in ('meta', 'google_ads'))::int as ads
       from deliveries where lead_id = any($1::uuid[])`,
    [ids],
  );
  delivered = rows[0].n;
  // Done when every one is delivered, or none is left to try (a `dead` one: 8 attempts all answered 500).
  alertsOf();
  if ((!ADS && delivered >= ids.length) || (rows[0].pending === 0 && rows[0].ads >= adDeliveriesDue)) break;
  await new Promise((r) => setTimeout(r, 1000));
}
const alertDeadline = Math.max(deadline, Date.now() + 200_000);
while (alertsOf() > 0 && Date.now() < alertDeadline) await new Promise((r) => setTimeout(r, 1000));
const lostAlerts = alertsOf();
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
// First attempts made over a minute after their lead: the ones a kill -9 left without a job (a direct
// hand-over in flight, modules/deliveries/hand-over.ts), found by the overdue sweep.
const rescued = (
  await db.query(
    `select count(*)::int as n from deliveries d
       join delivery_attempts a on a.delivery_id = d.id and a.attempt = 1
      where d.lead_id = any($1::uuid[]) and a.started_at > d.created_at + interval '60 seconds'`,
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
if (ADS) {
  const errors = await db.query(
    `select integration, status, last_error, count(*)::int as n from deliveries
      where lead_id = any($1::uuid[]) and status <> 'delivered' group by 1, 2, 3 order by n desc limit 5`,
    [ids],
  );
  if (errors.rows.length) console.log('  não entregues às plataformas (amostra):', errors.rows);
}
// Rows per submission (the e-mail names the soak's index): a lead sent again after a lost answer
// (the process died after its commit, before its 201) must find its row through its key, not add one.
const rowsPerSubmission = new Map<number, number>(
  (
    await db.query(
      `select substring(email from '^p([0-9]+)@') as i, count(*)::int as n from leads
        where real_estate_id = $1 and email like 'p%@soak.test' group by 1`,
      [realEstateId],
    )
  ).rows.map((r: { i: string; n: number }) => [Number(r.i), r.n]),
);
await db.end();
const storedTwice = [...acknowledgedIndex].filter((i) => (rowsPerSubmission.get(i) ?? 0) > 1).length;
const rowsTotal = [...rowsPerSubmission.values()].reduce((a, n) => a + n, 0);

const receivedLeads = new Set(leadOfWebhook.values());
const lostStore = ids.length - stored;
const lostDelivery = ids.filter((id) => !receivedLeads.has(id)).length;
const duplicates = [...accepted.values()].reduce((s, n) => s + (n - 1), 0);
const webhookIdsPerLead = new Map<string, Set<string>>();
for (const [wid, lead] of leadOfWebhook)
  webhookIdsPerLead.set(lead, (webhookIdsPerLead.get(lead) ?? new Set()).add(wid));
const unstableIds = [...webhookIdsPerLead.values()].filter((s) => s.size > 1).length;

// The ad platforms: each acknowledged lead's Meta event (by its submission key) and Google conversion.
if (adsFailures) clearInterval(adsFailures);
const metaEvents = new Map<string, number>();
for (const e of graph?.events ?? [])
  metaEvents.set(String(e.event.event_id), (metaEvents.get(String(e.event.event_id)) ?? 0) + 1);
const googleRows = new Set((google?.conversions ?? []).map((c) => String(c.conversion.orderId)));
// Only the landing form's leads go to the ad platforms (a portal push has no ad click behind it).
const formIds = ids.filter((id) => sidOf.has(id));
const lostMeta = ADS ? formIds.filter((id) => !metaEvents.has(sidOf.get(id)!)).length : 0;
const lostGoogle = ADS ? formIds.filter((id) => !googleRows.has(`${id}:lead`)).length : 0;

const where =
  TOPOLOGY === 'single' ? 'um processo' : '2 réplicas da API + 1 worker atrás do Caddy, um PostgreSQL';
console.log(`\nResultado do soak de entregas (${where}, receptor falhando 30%, 3× kill -9):`);
console.log(`  leads enviados:        ${TOTAL}`);
console.log(`  leads confirmados:     ${ids.length}`);
if (PUSH_SHARE > 0)
  console.log(
    `  dos quais pushes do portal: ${pushesAcknowledged}; enviados duas vezes ao mesmo tempo: ${pushRepeats}, com leads diferentes: ${pushRepeatsSplit}`,
  );
console.log(`  leads gravados:        ${stored} dos confirmados (linhas no banco: ${rowsTotal})`);
console.log(`  envios gravados duas vezes (reenviados depois de uma resposta perdida): ${storedTwice}`);
console.log(`  entregas enfileiradas: ${enqueued}`);
console.log(
  `  entregas concluídas:   ${delivered} (${statuses.map((s) => `${s.status}: ${s.n}`).join(', ')})`,
);
console.log(
  `  tentativas no ledger:  ${attempts}; chamadas ao receptor: ${calls}, falhas simuladas: ${failedCalls}`,
);
console.log(
  `  primeiras tentativas mais de 60 s depois do lead (achadas pela varredura após um kill -9): ${rescued}`,
);
console.log(`  duplicados no receptor (mesmo webhook-id recebido de novo): ${duplicates}`);
console.log(
  `  avisos de novo lead: ${alertMails} e-mails, ${alerted.size} leads nomeados (${lateAlerts} mais de 60 s depois da rajada: em geral pelo job que esperava, após um kill -9); confirmados sem aviso: ${lostAlerts}`,
);
console.log(`  leads com mais de um webhook-id: ${unstableIds}`);
console.log(
  `  perdidos: ${lostStore + lostDelivery} (não gravados: ${lostStore}, nunca recebidos: ${lostDelivery})`,
);
if (ADS) {
  const metaDuplicates = [...metaEvents.values()].reduce((s, n) => s + n - 1, 0);
  console.log(
    `  Meta: ${metaEvents.size} eventos Lead distintos (${metaDuplicates} repetidos, mesmo event_id), ${graph!.requestsTo('events').length} chamadas; perdidos: ${lostMeta}`,
  );
  console.log(
    `  Google Ads: ${googleRows.size} conversões distintas em ${google!.requestsTo('upload').length} uploads (${(googleRows.size / Math.max(1, google!.requestsTo('upload').length)).toFixed(1)} linhas por upload), ${google!.requestsTo('token').length} trocas de token; perdidas: ${lostGoogle}`,
  );
}
console.log(`  kill -9: ${kills}${TOPOLOGY === 'replicas' ? ` (${killed.join(', ')})` : ''}`);
console.log(`  duração total: ${((Date.now() - soakStarted) / 1000).toFixed(0)} s`);

await stopProxy();
for (const name of ['worker', 'api1', 'api2', 'server'] as const) await processes.get(name)?.kill('SIGTERM');
for (const server of servers) server.cleanup();
await receiver.close();
await smtp.close();
await ads?.close();
await database.drop();
process.exit(
  lostStore + lostDelivery + lostMeta + lostGoogle + lostAlerts === 0 &&
    unstableIds === 0 &&
    kills === 3 &&
    pushRepeatsSplit === 0 &&
    storedTwice === 0
    ? 0
    : 1,
);

/** A message's text as written (quoted-printable undone: soft line breaks joined, =XX decoded). */
function qpDecoded(raw: string) {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
