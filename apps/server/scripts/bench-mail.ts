/**
 * bench:mail — CPU per e-mail sent over SMTP, the product's mailer against nodemailer's own sendMail in
 * the same run. A burst of new-lead alerts is what the `npm start` shape spends most e-mail CPU on
 * (docs/benchmarks.md, eleventh and twelfth sessions), so the messages are new-lead alerts as
 * renderEmail lays them out, sent 20 at a time over a pool of SMTP connections to the test kit's
 * SMTP server, which runs in a process of its own (its CPU is not counted):
 *
 *   nodemailer          sendMail with from/to/subject/text/html: nodemailer composes the message
 *   nodemailer, raw     sendMail with the message composed by compose.ts (the mailer until the twelfth
 *                       session: nodemailer still builds its MIME tree and stream pipeline around it)
 *   Vitrine mailer      createMailer's SMTP driver (compose.ts, then straight to the SMTP pool)
 *
 * Each is run --rounds times (3 unless told) of --messages messages (3,000), in turn (each round starting
 * with the next sender), after a warm-up; the medians are printed, with the ratio of the mailer's CPU per
 * message to nodemailer's. The alert's layout (renderEmail) is in every sender's measure alike, so the
 * ratios understate the difference a little.
 *
 *   npm run bench:mail [-- --messages 5000 --rounds 5]
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { composeMime, createMailer, renderEmail, senderOf } from '../src/modules/mail/index.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const MESSAGES = Number(arg('messages') ?? 3000);
const ROUNDS = Number(arg('rounds') ?? 3);
const AT_ONCE = 20;
const FROM = 'Vitrine Imóveis <nao-responda@vitrine.test>';

const sink = fork(path.join(import.meta.dirname, 'lib/smtp-sink-process.ts'), {
  execArgv: ['--import', 'tsx'],
});
let received = 0;
const url = await new Promise<string>((resolve, reject) => {
  sink.on('message', (m: { url?: string; received?: number }) => {
    if (m.url) resolve(m.url);
    if (m.received !== undefined) received = m.received;
  });
  sink.on('exit', () => reject(new Error('O servidor SMTP terminou antes de responder.')));
});

/** A new-lead alert as send-lead-alert.ts lays it out (a few lines of the lead, a button). */
function alert(i: number) {
  const { text, html } = renderEmail({
    appName: 'Vitrine Imóveis',
    heading: `Novo lead: Maria Conceição ${i}`,
    paragraphs: [
      'Apartamento 3 quartos com varanda gourmet — Vila Mariana, São Paulo',
      'Telefone: (11) 99876-5432 · E-mail: maria.conceicao@example.com.br',
      'Mensagem: Olá, gostaria de agendar uma visita no sábado de manhã. Aceita financiamento?',
      'Origem: Instagram (campanha lancamento-vila-mariana)',
    ],
    action: { label: 'Ver o lead', url: `https://app.vitrine.test/leads/0192f0c4-${i}` },
    footer: 'Você recebe este aviso porque é da equipe da Imobiliária Exemplo.',
  });
  return { to: `corretor${i % 7}@imobiliaria.test`, subject: `Novo lead: Maria Conceição ${i}`, text, html };
}

interface Sender {
  name: string;
  send(i: number): Promise<unknown>;
  close(): void;
}

const quiet = () => undefined;
const log = { info: quiet, warn: quiet, error: quiet, debug: quiet, trace: quiet, fatal: quiet } as never;

function senders(): Sender[] {
  const plain = nodemailer.createTransport({ url, pool: true });
  const raw = nodemailer.createTransport({ url, pool: true });
  const sender = senderOf(FROM);
  const mailer = createMailer({ smtpUrl: url, from: FROM, dataDir: '/tmp', log: log as FastifyBaseLogger });
  return [
    {
      name: 'nodemailer',
      send: (i) => plain.sendMail({ from: FROM, ...alert(i) }),
      close: () => plain.close(),
    },
    {
      name: 'nodemailer, raw',
      send: (i) => raw.sendMail(composeMime(sender, alert(i))!),
      close: () => raw.close(),
    },
    { name: 'Vitrine mailer', send: (i) => mailer.send(alert(i)), close: () => mailer.close?.() },
  ];
}

/** Sends `count` messages, AT_ONCE at a time; CPU µs per message (this process) and messages/s. */
async function burst(s: Sender, count: number) {
  const start = received;
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < count) await s.send(next++);
    }),
  );
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - t0;
  // Every message reached the server (sent is not enough: the figures are for delivered messages).
  const deadline = Date.now() + 30_000;
  while (received - start < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (received - start < count)
    throw new Error(`${s.name}: ${received - start} de ${count} mensagens chegaram.`);
  return { cpuUs: (used.user + used.system) / count, perSecond: (count / ms) * 1000 };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const all = senders();
console.log(
  `bench:mail — ${MESSAGES} avisos de lead por rodada, ${AT_ONCE} de cada vez, ${ROUNDS} rodadas alternadas; CPU deste processo (o servidor SMTP roda em outro)\n`,
);
for (const s of all) await burst(s, 500); // warm-up: JIT, the pools' connections
const figures = new Map(all.map((s) => [s.name, [] as { cpuUs: number; perSecond: number }[]]));
// Each round starts with the next sender: what one leaves behind (garbage, a pool's state) weighs on
// every sender alike, not always on the same one.
for (let r = 0; r < ROUNDS; r++)
  for (let k = 0; k < all.length; k++) {
    const s = all[(r + k) % all.length]!;
    figures.get(s.name)!.push(await burst(s, MESSAGES));
  }
for (const s of all) s.close();
sink.disconnect();

const cpuOf = (name: string) => median(figures.get(name)!.map((f) => f.cpuUs));
for (const [name, runs] of figures)
  console.log(
    `  ${name.padEnd(16)} ${cpuOf(name).toFixed(0).padStart(4)} µs de CPU por mensagem (rodadas: ${runs.map((f) => f.cpuUs.toFixed(0)).join(', ')}), ${median(runs.map((f) => f.perSecond)).toFixed(0)} mensagens/s`,
  );
console.log(
  `\n  razão Vitrine/nodemailer: ${((cpuOf('Vitrine mailer') / cpuOf('nodemailer')) * 100).toFixed(0)}% da CPU por mensagem (${((cpuOf('Vitrine mailer') / cpuOf('nodemailer, raw')) * 100).toFixed(0)}% da de nodemailer com a mensagem pronta)`,
);
