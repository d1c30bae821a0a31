// Arbo as far as it is known: raw-key Authorization header, GET /imoveis (the connectivity test)
// and a lead endpoint at a configurable path that takes the Grupo ZAP lead JSON.
import type { GrupoZapLead } from '../grupo-zap-lead.ts';
import { startFakeServer, type FakeServer, type FakeServerOptions } from './fake-server.ts';

export interface FakeArboOptions extends FakeServerOptions {
  apiKey: string;
  /** Mount point, like the real base URL's "/api"; default "/api". */
  basePath?: string;
  /** Default "/leads". */
  leadPath?: string;
}

export interface FakeArbo extends FakeServer {
  /** What to configure as the Arbo base URL. */
  readonly baseUrl: string;
  readonly leads: GrupoZapLead[];
}

export async function startFakeArbo(options: FakeArboOptions): Promise<FakeArbo> {
  const basePath = options.basePath ?? '/api';
  const leadPath = options.leadPath ?? '/leads';
  const leads: GrupoZapLead[] = [];
  const server = await startFakeServer(
    {
      route: (req) => {
        if (req.method === 'GET' && req.path === `${basePath}/imoveis`) return 'imoveis';
        if (req.method === 'POST' && req.path === `${basePath}${leadPath}`) return 'lead';
        return undefined;
      },
      handle: (req) => {
        if (req.headers.authorization !== options.apiKey)
          return { status: 401, body: { message: 'Unauthenticated.' } };
        if (req.route === 'imoveis') {
          const perPage = Number(req.query.get('perPage') ?? 20);
          return {
            status: 200,
            body: { data: [], page: Number(req.query.get('page') ?? 1), perPage, total: 0 },
          };
        }
        const lead = JSON.parse(req.body) as GrupoZapLead;
        if (!lead.name || !lead.originLeadId) return { status: 422, body: { message: 'invalid lead' } };
        leads.push(lead);
        return { status: 201, body: { id: leads.length } };
      },
    },
    options,
  );
  const reset = server.reset;
  return Object.assign(server, {
    baseUrl: `${server.url}${basePath}`,
    leads,
    reset() {
      reset();
      leads.length = 0;
    },
  });
}
