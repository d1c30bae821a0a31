/**
 * The SMTP driver against a real SMTP server on 127.0.0.1 (the test kit's, smtp-server):
 * messages arrive whole, with login, and a burst goes out over a few pooled connections instead of
 * one connection per message. The outbox driver (no SMTP_URL) writes .eml files.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@vitrine/test-kit';
import { loadConfig } from '../../config.ts';
import { createMailer, type Mailer } from './mailer.ts';

// The mailer only logs at info; a logger that drops everything.
const quiet = () => undefined;
const log = {
  info: quiet,
  warn: quiet,
  error: quiet,
  debug: quiet,
  trace: quiet,
  fatal: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;
let smtp: SmtpSink;

/** The SMTP driver to `smtpUrl`. */
const smtpMailer = (smtpUrl: string) =>
  createMailer({ smtpUrl, from: 'Vitrine <nao-responda@vitrine.test>', dataDir: tmpdir(), log });

/** Sends a short message to each address in turn, then closes the mailer's connections. */
async function sendEach(mailer: Mailer, recipients: string[]) {
  try {
    for (const to of recipients) await mailer.send({ to, subject: 'Novo lead', text: 'x', html: '<p>x</p>' });
  } finally {
    mailer.close?.();
  }
}

beforeAll(async () => {
  smtp = await startSmtpSink({ login: { user: 'vitrine', pass: 'segredo' } });
});
afterAll(async () => {
  await smtp?.close();
});

describe('SMTP driver', () => {
  it('sends a burst of 30 messages whole, logged in, over at most 5 pooled connections', async () => {
    const mailer = smtpMailer(smtp.url);
    expect(mailer.driver).toBe('smtp');
    const before = smtp.connections();
    try {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          mailer.send({
            to: `corretor${i}@imobiliaria.test`,
            subject: `Novo lead: Pessoa ${i}`,
            text: `Telefone: (11) 99999-00${String(i).padStart(2, '0')}`,
            html: `<p>Pessoa ${i}</p>`,
          }),
        ),
      );
    } finally {
      mailer.close?.();
    }
    const mine = smtp.messages.filter((m) => m.to[0]?.startsWith('corretor'));
    expect(mine).toHaveLength(30);
    expect(mine.map((m) => m.to[0]).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `corretor${i}@imobiliaria.test`).sort(),
    );
    const one = mine.find((m) => m.to[0] === 'corretor7@imobiliaria.test')!;
    expect(one.raw).toContain('Subject: Novo lead: Pessoa 7');
    expect(one.raw).toContain('From: Vitrine <nao-responda@vitrine.test>');
    const opened = smtp.connections() - before;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(5);
    expect(smtp.logins()).toBe(opened);
  });

  it('takes the pool size from SMTP_URL (?maxConnections=1: a burst over one connection)', async () => {
    const mailer = smtpMailer(`${smtp.url}?maxConnections=1`);
    const before = smtp.connections();
    try {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          mailer.send({ to: `fila${i}@imobiliaria.test`, subject: 'Fila', text: 'x', html: '<p>x</p>' }),
        ),
      );
    } finally {
      mailer.close?.();
    }
    expect(smtp.connections() - before).toBe(1);
    expect(smtp.messages.filter((m) => m.to[0]?.startsWith('fila'))).toHaveLength(8);
  });

  it('without the pool (?pool=false), one connection per message; a named recipient goes through nodemailer whole', async () => {
    const mailer = smtpMailer(`${smtp.url}?pool=false`);
    const before = smtp.connections();
    try {
      for (const to of ['sem-pool1@imobiliaria.test', 'sem-pool2@imobiliaria.test'])
        await mailer.send({ to, subject: 'Olá, João', text: 'Linha 1\nLinha 2', html: '<p>Olá</p>' });
      await mailer.send({
        to: 'Dona Ana <sem-pool3@imobiliaria.test>',
        subject: 'Convite',
        text: 'Entre',
        html: '<p>Entre</p>',
      });
    } finally {
      mailer.close?.();
    }
    expect(smtp.connections() - before).toBe(3);
    const received = (to: string) => smtp.messages.find((m) => m.to[0] === to)!.raw;
    const first = received('sem-pool1@imobiliaria.test');
    // The composed text as it was written: headers, both parts, the end boundary.
    expect(first).toMatch(
      /^From: Vitrine <nao-responda@vitrine\.test>\r\nTo: sem-pool1@imobiliaria\.test\r\n/,
    );
    expect(first).toContain('Subject: =?UTF-8?Q?Ol=C3=A1=2C_Jo=C3=A3o?=');
    expect(first).toMatch(/Message-ID: <[0-9a-f-]{36}@vitrine\.test>/);
    expect(first).toContain('Linha 1\r\nLinha 2');
    expect(first).toMatch(/--_NmP-[0-9a-f]{16}-Part_1--\r\n$/);
    expect(received('sem-pool3@imobiliaria.test')).toContain('To: Dona Ana <sem-pool3@imobiliaria.test>');
  });

  it('a message refused with 421 on a reused connection goes out on a new one', async () => {
    // The second MAIL FROM of this server is refused with 421, as a provider's per-connection limit does.
    const strict = await startSmtpSink({ refuseMailFrom: (n) => (n === 2 ? 421 : null) });
    try {
      await sendEach(smtpMailer(`${strict.url}?maxConnections=1`), [
        'primeiro@imobiliaria.test',
        'segundo@imobiliaria.test',
      ]);
    } finally {
      await strict.close();
    }
    expect(strict.messages.map((m) => m.to[0])).toEqual([
      'primeiro@imobiliaria.test',
      'segundo@imobiliaria.test',
    ]);
    expect(strict.connections()).toBe(2);
  });

  it('a proxy in SMTP_URL is used for every message (here one that does not answer: nothing delivered)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const proxy = encodeURIComponent(`http://127.0.0.1:${closed}`);
    for (const pool of [true, false]) {
      const mailer = smtpMailer(`${smtp.url}?proxy=${proxy}${pool ? '' : '&pool=false'}`);
      const before = smtp.messages.length;
      try {
        await expect(
          mailer.send({ to: 'via-proxy@imobiliaria.test', subject: 'x', text: 'x', html: '<p>x</p>' }),
        ).rejects.toThrow(/ECONNREFUSED/);
      } finally {
        mailer.close?.();
      }
      expect(smtp.messages.length).toBe(before);
    }
  });

  it('nodemailer reads nothing of a composed message but what the mailer gives it (pool, no pool, a retry)', async () => {
    // Every transport the mailer makes sends through a guard that fails on any other property read.
    const allowed = {
      data: ['signal', 'dsn', 'requireTLSExtensionEnabled', 'auth', 'headers'],
      message: ['getEnvelope', 'messageId', 'getHeader', 'createReadStream'],
    };
    const unexpected: string[] = [];
    const guard = <T extends object>(target: T, name: keyof typeof allowed) =>
      new Proxy(target, {
        get(obj, prop) {
          if (typeof prop === 'string' && !allowed[name].includes(prop)) unexpected.push(`${name}.${prop}`);
          const value = Reflect.get(obj, prop) as unknown;
          // Its own methods read the message itself, not through the guard.
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(obj) : value;
        },
      });
    const real = nodemailer.createTransport.bind(nodemailer);
    const spy = vi.spyOn(nodemailer, 'createTransport').mockImplementation(((options: never) => {
      const transport = real(options);
      const inner = transport.transporter as unknown as {
        send(mail: { data: object; message: object }, cb: unknown): unknown;
      };
      const send = inner.send.bind(inner);
      inner.send = (mail, cb) =>
        send({ data: guard(mail.data, 'data'), message: guard(mail.message, 'message') }, cb);
      return transport;
    }) as never);
    const strict = await startSmtpSink({ refuseMailFrom: (n) => (n === 2 ? 421 : null) });
    try {
      for (const query of ['?maxConnections=1', '?pool=false'])
        await sendEach(smtpMailer(`${strict.url}${query}`), ['um@imobiliaria.test', 'dois@imobiliaria.test']);
    } finally {
      spy.mockRestore();
      await strict.close();
    }
    expect(strict.messages).toHaveLength(4);
    expect([...new Set(unexpected)]).toEqual([]);
  });

  it('a refused login fails the send (the job retries it), nothing is delivered', async () => {
    const mailer = smtpMailer(`smtp://vitrine:errada@127.0.0.1:${smtp.port}`);
    const before = smtp.messages.length;
    try {
      await expect(
        mailer.send({ to: 'ninguem@imobiliaria.test', subject: 'x', text: 'x', html: '<p>x</p>' }),
      ).rejects.toThrow();
    } finally {
      mailer.close?.();
    }
    expect(smtp.messages.length).toBe(before);
  });
});

describe('outbox driver', () => {
  it('writes each message as an .eml file, and makes the folder again if it was removed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-outbox-'));
    try {
      const mailer = createMailer({ from: 'Vitrine <nao-responda@vitrine.test>', dataDir, log });
      expect(mailer.driver).toBe('outbox');
      const message = {
        to: 'dona@imobiliaria.test',
        subject: 'Novo lead: Ana',
        text: 'Ana',
        html: '<p>Ana</p>',
      };
      await mailer.send(message);
      await rm(mailer.outboxDir, { recursive: true });
      await mailer.send({ ...message, subject: 'Novo lead: Bia' });
      const files = await readdir(mailer.outboxDir);
      expect(files).toHaveLength(1);
      expect(await readFile(path.join(mailer.outboxDir, files[0]!), 'utf8')).toContain(
        'Subject: Novo lead: Bia',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('outbox driver in production (no SMTP_URL)', () => {
  const capture = () => {
    const lines: { obj: unknown; msg?: string }[] = [];
    const record = (obj: unknown, msg?: string) => void lines.push({ obj, msg });
    const logger = {
      ...log,
      info: record,
      warn: record,
      debug: record,
      child: () => logger,
    } as unknown as FastifyBaseLogger;
    return { lines, logger };
  };
  const resetMail = {
    to: 'dona@imobiliaria.test',
    subject: 'Redefinição de senha',
    text: 'Redefinir senha: https://vitrine.test/redefinir-senha?token=segredo-do-link&email=dona%40imobiliaria.test',
    html: '<a href="https://vitrine.test/redefinir-senha?token=segredo-do-link">Redefinir</a>',
  };

  it('keeps the links (password reset, invitations) out of the log; development still prints them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-outbox-'));
    try {
      const prod = capture();
      await createMailer({ from: 'x@vitrine.test', dataDir, log: prod.logger, production: true }).send(
        resetMail,
      );
      expect(prod.lines).toHaveLength(1);
      expect(JSON.stringify(prod.lines)).not.toContain('segredo-do-link');
      expect(JSON.stringify(prod.lines)).not.toContain('redefinir-senha');
      const dev = capture();
      await createMailer({ from: 'x@vitrine.test', dataDir, log: dev.logger }).send(resetMail);
      expect(JSON.stringify(dev.lines)).toContain('segredo-do-link');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('the configuration warns at start', () => {
    const config = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'production', ...env }, { appKey: Buffer.alloc(32, 1), dataDir: '/tmp' });
    expect(config({}).warnings.join('\n')).toMatch(/SMTP_URL não definido em produção/);
    expect(config({ SMTP_URL: 'smtp://127.0.0.1:2525' }).warnings.join('\n')).not.toMatch(/SMTP_URL/);
    expect(
      loadConfig({ NODE_ENV: 'development' }, { appKey: Buffer.alloc(32, 1), dataDir: '/tmp' }).warnings,
    ).toEqual([]);
  });
});
