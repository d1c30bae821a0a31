/**
 * The product's e-mails as ready MIME text, composed here instead of by nodemailer's stream pipeline:
 * every message has the same shape (one recipient, a one-line subject, a text and an HTML part), and
 * composing it through nodemailer's streams cost about half a millisecond of CPU per message, which is
 * what a burst of new-lead alerts spends most on. The result is what nodemailer itself writes for
 * such a message (the same headers, the same encodings from nodemailer's own helpers), except that
 * both parts are always quoted-printable UTF-8 (nodemailer sends a short pure-ASCII text as 7bit and a
 * mostly non-Latin one as base64: both read the same in every client). `composeMime` answers null for
 * a recipient it does not handle (anything but a plain ASCII address): the caller lets nodemailer
 * compose that one.
 */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';

export interface ComposedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  /** The Message-ID header written in `raw`: handed to nodemailer, which otherwise draws one of its own. */
  messageId: string;
}

/** A recipient written as is in the To header: an ASCII address with no name, comment or list. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

/** nodemailer's choice between Q and B encoded words: Q when Latin letters outnumber the rest. */
function wordEncoding(value: string): 'Q' | 'B' {
  let other = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x09 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80)
      other++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return other < latin ? 'Q' : 'B';
}

const quotedPrintable = (text: string) => qpWrap(qpEncode(Buffer.from(text.replace(/\r?\n/g, '\r\n'))), 76);

/** The sender's From header and envelope address, as nodemailer writes them (computed once per mailer). */
export function senderOf(from: string): { header: string; address: string; domain: string } {
  const node = new MailComposer({ from }).compile();
  const lines = node.buildHeaders().split('\r\n');
  const start = lines.findIndex((l) => l.startsWith('From:'));
  let end = start + 1;
  while (end < lines.length && /^[ \t]/.test(lines[end]!)) end++;
  const header = lines.slice(start, end).join('\r\n');
  const address = node.getEnvelope().from || '';
  return { header, address, domain: address.split('@').pop() || 'localhost' };
}

export function composeMime(
  sender: { header: string; address: string; domain: string },
  message: { to: string; subject: string; text: string; html: string },
): ComposedMail | null {
  if (!PLAIN_ADDRESS.test(message.to) || !sender.address) return null;
  // 16 hex digits (60 random bits; one digit is the UUID's version) from randomUUID's buffered
  // entropy: randomBytes asks the kernel each call, about 9 µs on a small VM, once per alert in a burst.
  const boundary = `--_NmP-${randomUUID().replace(/-/g, '').slice(0, 16)}-Part_1`;
  const messageId = `<${randomUUID()}@${sender.domain}>`;
  const subject = foldLines(
    `Subject: ${encodeWords(message.subject, wordEncoding(message.subject), 52, true)}`,
    76,
  );
  const part = (type: string, body: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(body)}\r\n`;
  const raw =
    `${sender.header}\r\nTo: ${message.to}\r\n${subject}\r\n` +
    `Message-ID: ${messageId}\r\n` +
    `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}\r\n` +
    `MIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n` +
    part('text/plain', message.text) +
    part('text/html', message.html) +
    `--${boundary}--\r\n`;
  return { envelope: { from: sender.address, to: [message.to] }, raw, messageId };
}
