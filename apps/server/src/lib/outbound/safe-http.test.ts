import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAddress } from './address-policy.ts';
import {
  createSafeHttpClient,
  OutboundHttpError,
  type SafeHttpClient,
  type SafeHttpOptions,
} from './safe-http.ts';

const servers: Server[] = [];
const clients: SafeHttpClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.closeAllConnections();
          s.close(() => resolve());
        }),
    ),
  );
});

async function listen(handler: RequestListener): Promise<{ url: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits++;
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits: () => hits };
}

function client(options: SafeHttpOptions = {}): SafeHttpClient {
  const c = createSafeHttpClient(options);
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<OutboundHttpError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundHttpError);
    return err as OutboundHttpError;
  }
  throw new Error('expected the request to fail');
}

describe('checkAddress', () => {
  const strict = { allowPrivateNetwork: false };
  const open = { allowPrivateNetwork: true };

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::7f00:1',
    '2001:db8::1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(checkAddress(address, strict).allowed).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(checkAddress(address, strict).allowed).toBe(true);
    },
  );

  it('opens loopback and private ranges only when allowed, never link-local', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '192.168.0.1', '::1', 'fd12::1', '::ffff:127.0.0.1']) {
      expect(checkAddress(a, open).allowed).toBe(true);
    }
    for (const a of ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1']) {
      expect(checkAddress(a, open).allowed).toBe(false);
    }
  });
});

describe('createSafeHttpClient', () => {
  it.each([
    ['http://127.0.0.1:9/'],
    ['http://localhost:9/'],
    ['http://[::1]:9/'],
    ['http://10.0.0.5/'],
    ['http://169.254.169.254/latest/meta-data/'],
    ['http://[::ffff:127.0.0.1]:9/'],
    ['http://2130706433:9/'], // decimal form of 127.0.0.1, normalised by the URL parser
  ])('refuses %s before connecting', async (url) => {
    const err = await failure(client().request({ url }));
    expect(err.kind).toBe('blocked_address');
    expect(err.message).toMatch(/não pode receber chamadas/);
    expect(err.message).toMatch(/pertence a (um endereço|uma rede)/);
  });

  it('refuses a public-looking name that resolves to loopback, without contacting it', async () => {
    const target = await listen((_req, res) => res.end('ok'));
    const port = new URL(target.url).port;
    const c = client({ resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
    const err = await failure(c.request({ url: `http://crm.example.com:${port}/` }));
    expect(err.kind).toBe('blocked_address');
    expect(err.message).toContain('crm.example.com (127.0.0.1)');
    // the range's article agrees with its noun ("a um endereço", "a uma rede")
    expect(err.message).toContain('pertence a um endereço local (loopback)');
    expect(err.message).not.toMatch(/uma endereço|um rede/);
    expect(target.hits()).toBe(0);
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const c = client({
      resolve: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    });
    const err = await failure(c.request({ url: 'http://mixed.example.com/' }));
    expect(err.kind).toBe('blocked_address');
  });

  it('checks again at connect time (DNS rebinding: public on the first answer, loopback on the second)', async () => {
    const target = await listen((_req, res) => res.end('ok'));
    const port = new URL(target.url).port;
    let calls = 0;
    const c = client({
      allowPrivateNetwork: false,
      resolve: async () =>
        calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
    });
    const err = await failure(c.request({ url: `http://rebind.example.com:${port}/` }));
    expect(err.kind).toBe('blocked_address');
    expect(calls).toBe(2);
    expect(target.hits()).toBe(0);
  });

  it('lets loopback through with allowPrivateNetwork, by IP and by name', async () => {
    const target = await listen((req, res) => {
      res.setHeader('x-seen', req.headers['user-agent'] ?? '');
      res.end('olá');
    });
    const c = client({ allowPrivateNetwork: true });
    const byIp = await c.request({ url: target.url });
    expect(byIp.status).toBe(200);
    expect(byIp.bodyText).toBe('olá');
    expect(byIp.truncated).toBe(false);
    expect(byIp.headers['x-seen']).toMatch(/Vitrine/);
    expect(byIp.durationMs).toBeGreaterThanOrEqual(0);
    const port = new URL(target.url).port;
    const byName = await client({
      allowPrivateNetwork: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    }).request({
      url: `http://fake-crm.test:${port}/`,
    });
    expect(byName.status).toBe(200);
  });

  it('still refuses the metadata address with allowPrivateNetwork', async () => {
    const err = await failure(
      client({ allowPrivateNetwork: true }).request({ url: 'http://169.254.169.254/' }),
    );
    expect(err.kind).toBe('blocked_address');
  });

  it('returns 3xx as-is without following the redirect', async () => {
    let followed = false;
    const target = await listen((req, res) => {
      if (req.url === '/elsewhere') {
        followed = true;
        res.end('followed');
        return;
      }
      res.writeHead(302, { location: '/elsewhere' }).end('moved');
    });
    const res = await client({ allowPrivateNetwork: true }).request({
      url: `${target.url}/start`,
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/elsewhere');
    expect(followed).toBe(false);
  });

  it('times out with kind timeout', async () => {
    const target = await listen(() => {
      /* never answers */
    });
    const started = Date.now();
    const err = await failure(
      client({ allowPrivateNetwork: true, timeoutMs: 5_000 }).request({ url: target.url, timeoutMs: 200 }),
    );
    expect(err.kind).toBe('timeout');
    expect(err.message).toMatch(/não respondeu em 0\.2 s/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('times out when DNS does not answer', async () => {
    const c = client({ resolve: () => new Promise(() => undefined) });
    const err = await failure(c.request({ url: 'https://slow-dns.example.com/', timeoutMs: 150 }));
    expect(err.kind).toBe('timeout');
  });

  it('times out when the body trickles past the budget', async () => {
    const target = await listen((_req, res) => {
      res.writeHead(200);
      res.write('start');
    });
    const err = await failure(
      client({ allowPrivateNetwork: true }).request({ url: target.url, timeoutMs: 200 }),
    );
    expect(err.kind).toBe('timeout');
  });

  it('truncates the body at the cap', async () => {
    const target = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 100; i++) res.write('x'.repeat(1024));
      res.end();
    });
    const res = await client({ allowPrivateNetwork: true, maxBodyBytes: 64 * 1024 }).request({
      url: target.url,
    });
    expect(res.truncated).toBe(true);
    expect(res.bodyText.length).toBe(64 * 1024);
  });

  it('does not cut a multi-byte character in half when truncating', async () => {
    const target = await listen((_req, res) => res.end('ação'));
    const res = await client({ allowPrivateNetwork: true }).request({ url: target.url, maxBodyBytes: 2 });
    expect(res.truncated).toBe(true);
    expect(res.bodyText).toBe('a');
  });

  it('reports refused connections as network errors', async () => {
    const target = await listen((_req, res) => res.end());
    const url = target.url;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const err = await failure(client({ allowPrivateNetwork: true }).request({ url }));
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/conexão foi recusada/);
  });

  it('validates URLs', async () => {
    expect((await failure(client().request({ url: 'not a url' }))).kind).toBe('invalid_url');
    expect((await failure(client().request({ url: 'ftp://example.com/' }))).kind).toBe('invalid_url');
    expect(
      (await failure(client().request({ url: 'https://user:secret@example.com/' }))).message,
    ).not.toContain('secret');
    const httpInProduction = await failure(
      client({ requireHttps: true }).request({ url: 'http://example.com/' }),
    );
    expect(httpInProduction.kind).toBe('invalid_url');
    expect(httpInProduction.message).toMatch(/https/);
  });
});
