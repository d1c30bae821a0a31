/**
 * An SMTP server on 127.0.0.1 (smtp-server, from nodemailer's authors) that accepts every message, for
 * the mailer's tests and the benchmarks (the workers then send their e-mails over SMTP, as in
 * production, instead of writing the local outbox). It keeps each message and counts connections and
 * logins; with `login` set, other credentials are refused.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpMessage {
  to: string[];
  /** The message as received (headers and body; the headers only with `keep: false`). */
  raw: string;
}

export interface SmtpSink {
  /** smtp://user:pass@127.0.0.1:<port> with the accepted login (or any, without `login`). */
  url: string;
  port: number;
  messages: SmtpMessage[];
  /** Connections opened so far. */
  connections(): number;
  /** Successful logins so far. */
  logins(): number;
  close(): Promise<void>;
}

export async function startSmtpSink(
  options: {
    login?: { user: string; pass: string };
    keep?: boolean;
    /**
     * Asked at each MAIL FROM (`n`: this server's count of them, from 1): a reply code to refuse it with
     * (421: the server closes the connection, as providers do at a per-connection limit), or null.
     */
    refuseMailFrom?: (n: number) => number | null;
  } = {},
): Promise<SmtpSink> {
  const messages: SmtpMessage[] = [];
  let connections = 0;
  let logins = 0;
  let mailFroms = 0;
  const login = options.login ?? { user: 'vitrine', pass: 'vitrine' };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    // The benchmarks send tens of thousands of messages: no per-connection limit on them.
    maxClients: 100,
    logger: false,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (options.login && (auth.username !== login.user || auth.password !== login.pass))
        return callback(new Error('Credenciais inválidas'));
      logins++;
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, _session, callback) {
      const code = options.refuseMailFrom?.(++mailFroms) ?? null;
      if (code === null) return callback();
      callback(Object.assign(new Error('Tente de novo mais tarde'), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      // keep: false (benchmarks) holds the message's headers only: chunks until the blank line after them.
      let headersEnd = -1;
      let held = 0;
      stream.on('data', (c: Buffer) => {
        if (options.keep !== false) return chunks.push(c);
        if (headersEnd >= 0) return;
        chunks.push(c);
        held += c.length;
        const found = Buffer.concat(chunks, held).indexOf('\r\n\r\n');
        if (found >= 0) headersEnd = found + 2;
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const whole = Buffer.concat(chunks);
        const raw = (
          options.keep === false && headersEnd >= 0 ? whole.subarray(0, headersEnd) : whole
        ).toString();
        messages.push({ to, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@127.0.0.1:${port}`,
    port,
    messages,
    connections: () => connections,
    logins: () => logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
