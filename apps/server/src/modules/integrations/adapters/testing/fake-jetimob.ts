// Jetimob as its public clients describe it: POST /leads/{public_key} with Authorization-Key,
// form fields; 200 {id}, 400 badly formed, 403 wrong keys. GET on the same URL (the lead list)
// is recorded on route "list" so tests can assert nobody downloads it.
import { startFakeServer, type FakeServer, type FakeServerOptions } from './fake-server.ts';

export interface FakeJetimobOptions extends FakeServerOptions {
  publicKey: string;
  privateKey: string;
}

export interface FakeJetimob extends FakeServer {
  /** Accepted leads' form fields, by Jetimob id. */
  readonly leads: Map<number, Record<string, string>>;
}

export async function startFakeJetimob(options: FakeJetimobOptions): Promise<FakeJetimob> {
  const leads = new Map<number, Record<string, string>>();
  let nextId = 1000;
  const server = await startFakeServer(
    {
      route: (req) => {
        if (!/^\/leads\/[^/]+$/.test(req.path)) return undefined;
        if (req.method === 'POST') return 'lead';
        if (req.method === 'GET') return 'list';
        return undefined;
      },
      handle: (req) => {
        const publicKey = decodeURIComponent(req.path.slice('/leads/'.length));
        if (publicKey !== options.publicKey || req.headers['authorization-key'] !== options.privateKey) {
          return { status: 403, body: { message: 'Forbidden' } };
        }
        if (req.route === 'list') return { status: 200, body: { data: [...leads.values()] } };
        const contentType = String(req.headers['content-type'] ?? '');
        const fields: Record<string, string> = contentType.includes('application/json')
          ? (JSON.parse(req.body) as Record<string, string>)
          : Object.fromEntries(new URLSearchParams(req.body));
        if (!fields.full_name || !(fields.email || fields.phone)) {
          return { status: 400, body: { message: 'full_name and email or phone are required' } };
        }
        const id = nextId++;
        leads.set(id, fields);
        return { status: 200, body: { id } };
      },
    },
    options,
  );
  const reset = server.reset;
  return Object.assign(server, {
    leads,
    reset() {
      reset();
      leads.clear();
    },
  });
}
