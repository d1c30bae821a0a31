/**
 * The SMTP driver against a real SMTP server on 127.0.0.1 (smtp-server, from nodemailer's authors):
 * messages arrive whole, with login, and a burst goes out over a few pooled connections instead of
 * one connection per message. The outbox driver (no SMTP_URL) writes .eml files.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

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
let server: SMTPServer;
let port = 0;
let connections = 0;
const received: { to: string[]; raw: string }[] = [];
const logins: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'vitrine' && auth.password === 'segredo') {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      callback(new Error('Credenciais inválidas'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMTP driver', () => {
  it('sends a burst of 30 messages whole, logged in, over at most 5 pooled connections', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://vitrine:segredo@127.0.0.1:${port}`,
      from: 'Vitrine <nao-responda@vitrine.test>',
      dataDir: tmpdir(),
      log,
    });
    expect(mailer.driver).toBe('smtp');
    const before = connections;
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
    const mine = received.filter((m) => m.to[0]?.startsWith('corretor'));
    expect(mine).toHaveLength(30);
    expect(mine.map((m) => m.to[0]).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `corretor${i}@imobiliaria.test`).sort(),
    );
    const one = mine.find((m) => m.to[0] === 'corretor7@imobiliaria.test')!;
    expect(one.raw).toContain('Subject: Novo lead: Pessoa 7');
    expect(one.raw).toContain('From: Vitrine <nao-responda@vitrine.test>');
    const opened = connections - before;
    expect(opened).toBeGreaterThanOrEqual(1);
    expect(opened).toBeLessThanOrEqual(5);
    expect(logins.length).toBe(opened);
  });

  it('a refused login fails the send (the job retries it), nothing is delivered', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://vitrine:errada@127.0.0.1:${port}`,
      from: 'Vitrine <nao-responda@vitrine.test>',
      dataDir: tmpdir(),
      log,
    });
    const before = received.length;
    try {
      await expect(
        mailer.send({ to: 'ninguem@imobiliaria.test', subject: 'x', text: 'x', html: '<p>x</p>' }),
      ).rejects.toThrow();
    } finally {
      mailer.close?.();
    }
    expect(received.length).toBe(before);
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
