/**
 * compose.ts writes the message nodemailer writes: for the product's e-mails (UTF-8 text and HTML),
 * the same headers once the random parts (boundary, Message-ID) and the Date are set aside, and the
 * same parts once decoded (nodemailer's encoder places its soft line breaks by the chunks of its
 * stream, so they fall elsewhere); for any other text, parts that decode back to what was given.
 */
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './mailer.ts';
import { composeMime, senderOf } from './compose.ts';

const FROM = 'Vitrine Imóveis <nao-responda@vitrine.test>';

async function viaNodemailer(message: { to: string; subject: string; text: string; html: string }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({ from: FROM, ...message });
  return { raw: (info.message as Buffer).toString(), envelope: info.envelope };
}

/** The random and time-dependent parts set aside. */
const normalize = (raw: string) => {
  const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
  return raw
    .split(boundary)
    .join('BOUNDARY')
    .replace(/^Message-ID: <[^@>]+@/m, 'Message-ID: <ID@')
    .replace(/^Date: .*$/m, 'Date: DATE')
    .replace(/\r?\n/g, '\r\n');
};

/** The decoded text of each part, in order. */
const parts = (raw: string) => {
  const boundary = /boundary="([^"]+)"/.exec(raw)![1]!;
  return raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const body = part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
};

const alert = renderEmail({
  appName: 'Vitrine Imóveis',
  heading: 'Novo lead: José da Conceição',
  paragraphs: [
    'Imóvel: Apartamento 3 quartos com varanda gourmet — Jardim Paulista',
    'Telefone: (11) 99999-0000 · E-mail: jose@exemplo.com.br',
    `Mensagem: ${'Tenho interesse, podemos agendar uma visita? '.repeat(6)}`,
    '.começa com ponto',
  ],
  action: { label: 'Abrir o lead no console', url: 'https://app.vitrine.test/leads?lead=123' },
  footer: 'Você recebe este aviso de Imobiliária Ação. Os destinatários são definidos em Configurações.',
});

describe('composeMime', () => {
  const sender = senderOf(FROM);

  it('writes what nodemailer writes for a new-lead alert', async () => {
    const message = {
      to: 'corretora@imobiliaria.test',
      subject: 'Novo lead: José da Conceição — Apartamento 3 quartos com varanda gourmet, Jardim Paulista',
      ...alert,
    };
    const ours = composeMime(sender, message)!;
    const theirs = await viaNodemailer(message);
    const head = (raw: string) => normalize(raw).slice(0, normalize(raw).indexOf('\r\n\r\n'));
    expect(head(ours.raw)).toBe(head(theirs.raw));
    expect(parts(ours.raw)).toEqual(parts(theirs.raw.replace(/\r?\n/g, '\r\n')));
    expect(parts(ours.raw)[1]).toBe(message.html.replace(/\n/g, '\r\n'));
    expect(ours.envelope).toEqual(theirs.envelope);
  });

  it('hands nodemailer its Message-ID, which it reports and sends unchanged', async () => {
    const ours = composeMime(sender, { to: 'a@b.test', subject: 'Assunto', ...alert })!;
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail(ours);
    expect(info.messageId).toBe(ours.messageId);
    expect((info.message as Buffer).toString()).toBe(ours.raw);
    expect(ours.raw).toContain(`\r\nMessage-ID: ${ours.messageId}\r\n`);
  });

  it('keeps any text whole (ASCII-only, long lines, trailing spaces, non-Latin)', () => {
    const text = `plain ascii line\n${'x'.repeat(200)}\ntrailing spaces   \n日本語のメッセージ\n= sign`;
    const html = `<p>${'y'.repeat(300)} ção</p>`;
    const ours = composeMime(sender, { to: 'a@b.test', subject: 'Só ASCII? Não', text, html })!;
    expect(parts(ours.raw)).toEqual([text.replace(/\n/g, '\r\n'), html]);
    for (const line of ours.raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('leaves to nodemailer a recipient that is not a plain address', () => {
    for (const to of ['Fulano <a@b.test>', 'a@b.test, c@d.test', 'josé@exemplo.test'])
      expect(composeMime(sender, { to, subject: 's', text: 't', html: 'h' })).toBeNull();
  });
});
