// A GoHarry stand-in for the guessed protocol: POST {tokenPath} with JSON {username, password} ->
// {access_token, token_type, expires_in}; POST {leadPath} with "Authorization: Bearer <token>"
// (or HTTP Basic when the fake is started without a token endpoint) taking the Grupo ZAP lead JSON.
import { randomBytes } from 'node:crypto';
import type { GrupoZapLead } from '../grupo-zap-lead.ts';
import { startFakeServer, type FakeServer, type FakeServerOptions } from './fake-server.ts';

export interface FakeGoHarryOptions extends FakeServerOptions {
  username: string;
  password: string;
  /** Default "/auth/login". */
  tokenPath?: string;
  /** Default "/leads". */
  leadPath?: string;
  /** false: the token path answers 404 and leads take HTTP Basic. Default true. */
  tokenEndpoint?: boolean;
  /** expires_in of issued tokens, seconds; default 3600. */
  expiresIn?: number;
}

export interface FakeGoHarry extends FakeServer {
  readonly leads: GrupoZapLead[];
  /** How many tokens were handed out. */
  tokensIssued(): number;
  /** Invalidates every token issued so far (their next use gets 401). */
  revokeTokens(): void;
}

export async function startFakeGoHarry(options: FakeGoHarryOptions): Promise<FakeGoHarry> {
  const tokenPath = options.tokenPath ?? '/auth/login';
  const leadPath = options.leadPath ?? '/leads';
  const tokenEndpoint = options.tokenEndpoint ?? true;
  const validTokens = new Set<string>();
  const leads: GrupoZapLead[] = [];
  let issued = 0;
  const basic = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;

  const server = await startFakeServer(
    {
      route: (req) => {
        if (req.method === 'POST' && req.path === tokenPath) return 'token';
        if (req.method === 'POST' && req.path === leadPath) return 'lead';
        return undefined;
      },
      handle: (req) => {
        if (req.route === 'token') {
          if (!tokenEndpoint) return { status: 404, body: { message: 'Not Found' } };
          let credentials: { username?: unknown; password?: unknown };
          try {
            credentials = JSON.parse(req.body) as typeof credentials;
          } catch {
            return { status: 400, body: { message: 'JSON expected' } };
          }
          if (credentials.username !== options.username || credentials.password !== options.password) {
            return { status: 401, body: { error: 'invalid_credentials' } };
          }
          const token = randomBytes(16).toString('hex');
          validTokens.add(token);
          issued++;
          return {
            status: 200,
            body: { access_token: token, token_type: 'Bearer', expires_in: options.expiresIn ?? 3600 },
          };
        }
        const authorization = String(req.headers.authorization ?? '');
        const authorized = tokenEndpoint
          ? authorization.startsWith('Bearer ') && validTokens.has(authorization.slice('Bearer '.length))
          : authorization === basic;
        if (!authorized) return { status: 401, body: { message: 'Unauthenticated.' } };
        const lead = JSON.parse(req.body) as GrupoZapLead;
        leads.push(lead);
        return { status: 201, body: { id: `gh-${leads.length}` } };
      },
    },
    options,
  );
  const reset = server.reset;
  return Object.assign(server, {
    leads,
    tokensIssued: () => issued,
    revokeTokens: () => validTokens.clear(),
    reset() {
      reset();
      leads.length = 0;
      validTokens.clear();
      issued = 0;
    },
  });
}
