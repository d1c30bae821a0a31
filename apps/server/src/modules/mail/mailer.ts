/**
 * E-mail: nodemailer over SMTP (pooled connections) when SMTP_URL is set; otherwise each message is
 * written as an .eml file to DATA_DIR/outbox and its links are printed to the log, so a local install
 * works offline. In production the outbox never puts links in the log (a password-reset or invitation
 * link in a log is an account for whoever reads the logs): the messages stay in the outbox
 * files, and the configuration warns at start that SMTP_URL is missing (docs/operations.md).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { clipText } from '@vitrine/contracts';
import { composeMime, senderOf, type ComposedMail } from './compose.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly driver: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /** Closes the SMTP connections (the app's onClose). */
  close?(): void;
}

/** The subject as one line of at most 200 characters, whatever a caller built it from. */
const oneLine = (subject: string) =>
  // eslint-disable-next-line no-control-regex
  clipText(subject.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim(), 200);

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** NODE_ENV=production: the outbox logs where a message went, never its links. */
  production?: boolean;
}): Mailer {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  if (opts.smtpUrl) {
    // A pool of SMTP connections (5 at most, 100 messages each), not a new connection, greeting and
    // login per message: a burst of new-lead alerts goes out over a few connections. `?pool=false` in
    // SMTP_URL turns it off.
    const transport: Transporter = nodemailer.createTransport({ url: opts.smtpUrl, pool: true });
    const sender = senderOf(opts.from);
    // A message composed here (compose.ts) is handed straight to the SMTP pool, which speaks SMTP
    // over its connections (reconnects, requeues, limits). Through sendMail it would go through
    // nodemailer's MIME tree and stream pipeline again, raw text or not: about 100–150 µs more CPU per
    // message, what a burst of new-lead alerts spends most on (docs/benchmarks.md, twelfth session).
    const smtp = transport.transporter as unknown as PreparedTransport;
    // A `proxy` in SMTP_URL: nodemailer hands its socket maker to the transport in sendMail, which the
    // composed messages skip; done once here, as sendMail does it.
    const mail = transport as unknown as { getSocket?: unknown };
    if (typeof mail.getSocket === 'function') {
      smtp.getSocket = mail.getSocket;
      mail.getSocket = false;
    }
    return {
      driver: 'smtp',
      outboxDir,
      async send(message) {
        const subject = oneLine(message.subject);
        // An address compose.ts does not handle goes through nodemailer whole.
        const composed = composeMime(sender, { ...message, subject });
        if (composed)
          await new Promise<void>((resolve, reject) =>
            smtp.send({ data: { headers: {} }, message: new PreparedMessage(composed) }, (err) =>
              err ? reject(err) : resolve(),
            ),
          );
        else await transport.sendMail({ from: opts.from, ...message, subject });
        opts.log.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    driver: 'outbox',
    outboxDir,
    async send(message) {
      const info = await transport.sendMail({
        from: opts.from,
        ...message,
        subject: oneLine(message.subject),
      });
      const safeTo = message.to.replace(/[^a-z0-9@._-]+/gi, '_');
      // A random tail: two messages to one address in the same millisecond must not overwrite each other.
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${randomBytes(3).toString('hex')}.eml`,
      );
      try {
        await writeFile(file, info.message as Buffer);
      } catch (err) {
        // The folder is made when a write finds it missing (the first message, or it was removed).
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(outboxDir, { recursive: true });
        await writeFile(file, info.message as Buffer);
      }
      if (opts.production) {
        opts.log.info({ file }, 'e-mail written to the local outbox (no SMTP_URL)');
        return;
      }
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info(
        { to: message.to, subject: message.subject, file, links },
        'e-mail written to the local outbox',
      );
    },
  };
}

/**
 * A message composed here, as nodemailer's SMTP transports read one (their transport API: a `mail`
 * whose `message` gives the envelope, the Message-ID and a stream of the text). The pool and the
 * single-connection transport (`?pool=false`) call no other method in nodemailer 10.6.0, pinned exactly
 * in package.json; mailer.test.ts sends through both, a retry on a new connection included.
 */
class PreparedMessage {
  constructor(private readonly composed: ComposedMail) {}
  /** A new object at each attempt: SMTP marks the envelope it sends (a refused MAIL FROM stays on it). */
  getEnvelope() {
    const { from, to } = this.composed.envelope;
    return { from, to: [...to] };
  }
  messageId() {
    return this.composed.messageId;
  }
  getHeader(key: string) {
    return key.toLowerCase() === 'message-id' ? this.composed.messageId : undefined;
  }
  createReadStream() {
    return Readable.from([Buffer.from(this.composed.raw)], { objectMode: false });
  }
}

/** What this module uses of nodemailer's SMTP transports (`transport.transporter`). */
interface PreparedTransport {
  send(mail: { data: object; message: PreparedMessage }, callback: (err: Error | null) => void): void;
  getSocket?: unknown;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** An entry of a list in an e-mail (a lead of a digest): a linked title and a few lines under it. */
export interface EmailItem {
  title: string;
  lines: string[];
  url: string;
}

/**
 * A plain, readable layout for transactional e-mails with one call to action; `items`, a list of linked
 * entries between the paragraphs and the action.
 */
export function renderEmail(opts: {
  appName: string;
  heading: string;
  paragraphs: string[];
  items?: EmailItem[];
  action?: { label: string; url: string };
  footer?: string;
}) {
  const items = opts.items ?? [];
  const text = [
    opts.heading,
    '',
    ...opts.paragraphs,
    ...items.flatMap((item, i) => ['', `${i + 1}. ${item.title}`, ...item.lines, item.url]),
    '',
    opts.action ? `${opts.action.label}: ${opts.action.url}` : '',
    opts.footer ?? '',
  ]
    .join('\n')
    .trim();
  const html = `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 24px;font-weight:600;color:#0f766e">${escapeHtml(opts.appName)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(opts.heading)}</h1>
${opts.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${items.map((item) => `<div style="border-top:1px solid #e4e4e7;padding:12px 0"><p style="margin:0 0 4px;font-weight:600"><a href="${escapeHtml(item.url)}" style="color:#0f766e">${escapeHtml(item.title)}</a></p>${item.lines.map((l) => `<p style="margin:0;line-height:1.5;font-size:14px">${escapeHtml(l)}</p>`).join('')}</div>\n`).join('')}${opts.action ? `<p style="margin:24px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#0f766e;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(opts.action.label)}</a></p><p style="font-size:12px;color:#71717a;word-break:break-all">${escapeHtml(opts.action.url)}</p>` : ''}
${opts.footer ? `<p style="margin:24px 0 0;font-size:12px;color:#71717a">${escapeHtml(opts.footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
