/**
 * A local Graph API that speaks the part of Meta's protocol the Conversions API uses: `POST
 * /{version}/{dataset_id}/events` (the access token in the body, `data` of server events, optional
 * `test_event_code`) and `GET /{version}/{dataset_id}` (the connection test, bearer token). Its answers
 * follow Meta's: `{events_received, messages, fbtrace_id}`, and errors as `{error: {message, type, code,
 * fbtrace_id}}` with HTTP 400 — 190 for a bad token, 100 for an unknown dataset or a malformed event.
 * Tests queue rate-limit answers (codes 4, 17, 32, 613) or outages with `enqueue`. As Meta, one invalid
 * event of `data` (up to 1,000) rejects the whole request and keeps none of its events; `refuse` makes
 * an event id invalid.
 */
import { randomBytes } from 'node:crypto';
import {
  fakeReply,
  startFakeServer,
  type FakeBehaviour,
  type FakeServer,
} from '../../integrations/adapters/testing/fake-server.ts';

export interface FakeGraphApi extends FakeServer {
  /** `${url}/v23.0`: what META_GRAPH_URL is set to. */
  readonly graphUrl: string;
  /** Every event accepted, with the test code it came with. */
  readonly events: { datasetId: string; event: Record<string, unknown>; testEventCode: string | null }[];
  /** Makes a token invalid from now on (Meta's code 190 for it). */
  revoke(token: string): void;
  /** Makes the event with this `event_id` invalid (code 100), refusing every request that carries it. */
  refuse(eventId: string): void;
}

const trace = () => randomBytes(8).toString('base64url');
export const graphError = (
  code: number,
  message: string,
  type = 'OAuthException',
  status = 400,
): FakeBehaviour => fakeReply(status, { error: { message, type, code, fbtrace_id: trace() } });

const HEX64 = /^[0-9a-f]{64}$/;

export async function startFakeGraphApi(options: {
  datasetId: string;
  accessToken: string;
  datasetName?: string;
}): Promise<FakeGraphApi> {
  const events: FakeGraphApi['events'] = [];
  const tokens = new Set([options.accessToken]);
  const refused = new Set<string>();
  const error = (code: number, message: string, type = 'OAuthException') => ({
    status: 400,
    body: { error: { message, type, code, fbtrace_id: trace() } },
  });
  const server = await startFakeServer({
    route: (req) =>
      req.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/events$/.test(req.path)
        ? 'events'
        : req.method === 'GET' && /^\/v\d+\.\d+\/[^/]+$/.test(req.path)
          ? 'dataset'
          : undefined,
    handle: (req) => {
      const datasetId = decodeURIComponent(req.path.split('/')[2]!);
      if (req.route === 'dataset') {
        const token =
          /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? req.query.get('access_token');
        if (!token || !tokens.has(token))
          return error(190, 'Invalid OAuth access token - Cannot parse access token');
        if (datasetId !== options.datasetId)
          return error(
            100,
            `Unsupported get request. Object with ID '${datasetId}' does not exist`,
            'GraphMethodException',
          );
        return { status: 200, body: { id: datasetId, name: options.datasetName ?? 'Pixel da imobiliária' } };
      }
      let body: { data?: unknown; access_token?: string; test_event_code?: string };
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return error(100, 'Invalid parameter', 'OAuthException');
      }
      if (!body.access_token || !tokens.has(body.access_token))
        return error(190, 'Error validating access token: Session has expired');
      if (datasetId !== options.datasetId)
        return error(
          100,
          `Unsupported post request. Object with ID '${datasetId}' does not exist`,
          'GraphMethodException',
        );
      if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000)
        return error(100, 'The parameter data is required');
      const now = Date.now() / 1000;
      for (const e of body.data as Record<string, unknown>[]) {
        const userData = (e.user_data ?? {}) as Record<string, unknown>;
        const time = e.event_time;
        if (refused.has(String(e.event_id))) return error(100, 'Invalid parameter');
        if (typeof e.event_name !== 'string' || !e.event_name)
          return error(100, 'Invalid parameter: event_name');
        if (typeof time !== 'number' || !Number.isInteger(time) || time > now + 60 || time < now - 7 * 86400)
          return error(100, 'Invalid parameter: event_time');
        if (
          ![
            'website',
            'system_generated',
            'app',
            'email',
            'phone_call',
            'chat',
            'physical_store',
            'other',
          ].includes(String(e.action_source))
        )
          return error(100, 'Invalid parameter: action_source');
        if (e.action_source === 'website' && !userData.client_user_agent && !e.event_source_url)
          return error(100, 'Invalid parameter: website events need client_user_agent and event_source_url');
        for (const key of ['em', 'ph'] as const) {
          const values = userData[key];
          if (values === undefined) continue;
          if (!Array.isArray(values) || !values.every((v) => typeof v === 'string' && HEX64.test(v)))
            return error(100, `Invalid parameter: user_data.${key} must be SHA-256 hashes`);
        }
        if (
          !['em', 'ph', 'fbc', 'fbp', 'external_id', 'client_user_agent', 'lead_id'].some(
            (k) => userData[k] !== undefined,
          )
        )
          return error(100, 'Invalid parameter: user_data needs at least one customer information parameter');
      }
      for (const e of body.data as Record<string, unknown>[])
        events.push({ datasetId, event: e, testEventCode: body.test_event_code ?? null });
      return {
        status: 200,
        body: { events_received: body.data.length, messages: [], fbtrace_id: trace() },
      };
    },
  });
  const resetServer = server.reset.bind(server);
  return Object.assign(server, {
    graphUrl: `${server.url}/v23.0`,
    events,
    revoke: (token: string) => void tokens.delete(token),
    refuse: (eventId: string) => void refused.add(eventId),
    reset() {
      resetServer();
      events.length = 0;
      refused.clear();
    },
  });
}
