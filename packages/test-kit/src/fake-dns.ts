/**
 * A DNS server on 127.0.0.1 (UDP) that answers A, CNAME and TXT questions from a table the test fills:
 * the agency's DNS zone when the product checks a custom domain (DNS_SERVERS=<server>). Just enough of
 * RFC 1035 for Node's resolver (c-ares): one question, answers with a pointer to it, NXDOMAIN when the
 * name has no record of the asked type (the resolver reports ENOTFOUND / ENODATA).
 */
import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

export interface FakeDnsRecords {
  a?: string[];
  cname?: string;
  /** Each record's strings (a TXT record may hold several, joined by the reader). */
  txt?: string[][];
}

export interface FakeDns {
  /** "127.0.0.1:<port>", for DNS_SERVERS or `Resolver.setServers`. */
  server: string;
  /** Sets (replaces) the records of a name. */
  set(name: string, records: FakeDnsRecords): void;
  delete(name: string): void;
  /** How many questions it answered (a cache in front would show here). */
  questions: { name: string; type: number }[];
  close(): Promise<void>;
}

const TYPE = { A: 1, CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .filter(Boolean)
    .map((label) => {
      const b = Buffer.from(label, 'ascii');
      return Buffer.concat([Buffer.from([b.length]), b]);
    });
  return Buffer.concat([...parts, Buffer.from([0])]);
}

/** The question's name, type and where the question ends. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  let i = 12;
  const labels: string[] = [];
  while (i < msg.length) {
    const len = msg[i]!;
    if (len === 0) break;
    if (len > 63) return null;
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += 1 + len;
  }
  if (i + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(i + 1), end: i + 5 };
}

function rdataFor(type: number, records: FakeDnsRecords | undefined): Buffer[] {
  if (!records) return [];
  if (type === TYPE.A) return (records.a ?? []).map((ip) => Buffer.from(ip.split('.').map((n) => Number(n))));
  if (type === TYPE.CNAME) return records.cname ? [encodeName(records.cname)] : [];
  if (type === TYPE.TXT)
    return (records.txt ?? []).map((strings) =>
      Buffer.concat(
        strings.map((s) => {
          const b = Buffer.from(s, 'utf8');
          return Buffer.concat([Buffer.from([b.length]), b]);
        }),
      ),
    );
  return [];
}

export async function startFakeDns(): Promise<FakeDns> {
  const zone = new Map<string, FakeDnsRecords>();
  const questions: FakeDns['questions'] = [];
  const socket = createSocket('udp4');
  socket.on('message', (msg, peer) => {
    if (msg.length < 12) return;
    const q = readQuestion(msg);
    if (!q) return;
    questions.push({ name: q.name, type: q.type });
    const records = zone.get(q.name);
    // A CNAME answers any type's question (the resolver follows it); only its own record here.
    let answers = rdataFor(q.type, records);
    let answerType = q.type;
    if (!answers.length && records?.cname && q.type !== TYPE.CNAME) {
      answers = rdataFor(TYPE.CNAME, records);
      answerType = TYPE.CNAME;
    }
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // id
    const rd = msg[2]! & 0x01;
    header[2] = 0x84 | rd; // QR, AA, RD as asked
    header[3] = answers.length || records ? 0x80 : 0x83; // RA; NXDOMAIN when the name is unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const question = msg.subarray(12, q.end);
    const body = answers.map((rdata) => {
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the question's name
      rr.writeUInt16BE(answerType, 2);
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(1, 6); // TTL 1 s
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    socket.send(Buffer.concat([header, question, ...body]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    set: (name, records) => void zone.set(name.toLowerCase().replace(/\.$/, ''), records),
    delete: (name) => void zone.delete(name.toLowerCase().replace(/\.$/, '')),
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
