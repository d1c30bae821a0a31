// A Standard Webhooks receiver for the API suite, on the scripted fake server (queued failures, hangs,
// drops): checks each event's signature with the endpoint secret through the test kit's
// verifyStandardWebhook (the `standardwebhooks` library, not the server's own signing code), answers
// 200 (or what a test queued on route "event") and keeps the events it accepted.
import { verifyStandardWebhook } from '@vitrine/test-kit';
import { startFakeServer, type FakeServer, type FakeServerOptions } from './fake-server.ts';

export interface FakeWebhookOptions extends FakeServerOptions {
  /** `whsec_...`; events whose signature does not verify get 400. */
  secret: string;
  /** Path the receiver listens on; default "/webhook". */
  path?: string;
  /** When set, requests without this header and value get 401. */
  requireHeader?: { name: string; value: string };
}

export interface ReceivedWebhookEvent {
  id: string;
  timestamp: number;
  type: string;
  body: unknown;
}

export interface FakeWebhook extends FakeServer {
  /** The URL to configure in the integration. */
  readonly endpoint: string;
  /** Events that passed the signature check, in arrival order (retries included). */
  readonly events: ReceivedWebhookEvent[];
  /** Distinct webhook-ids seen: what an idempotent receiver would store. */
  uniqueIds(): string[];
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export async function startFakeWebhook(options: FakeWebhookOptions): Promise<FakeWebhook> {
  const path = options.path ?? '/webhook';
  const events: ReceivedWebhookEvent[] = [];
  const server = await startFakeServer(
    {
      route: (req) => (req.method === 'POST' && req.path === path ? 'event' : undefined),
      handle: (req) => {
        if (
          options.requireHeader &&
          header(req.headers[options.requireHeader.name.toLowerCase()]) !== options.requireHeader.value
        ) {
          return { status: 401, body: { error: 'unauthorized' } };
        }
        const id = header(req.headers['webhook-id']);
        const timestamp = header(req.headers['webhook-timestamp']);
        const signature = header(req.headers['webhook-signature']);
        if (
          !id ||
          !timestamp ||
          !signature ||
          !verifyStandardWebhook(options.secret, req.headers, req.body)
        ) {
          return { status: 400, body: { error: 'invalid signature' } };
        }
        let body: unknown;
        try {
          body = JSON.parse(req.body);
        } catch {
          return { status: 400, body: { error: 'invalid json' } };
        }
        const type =
          typeof (body as { type?: unknown }).type === 'string' ? (body as { type: string }).type : '';
        events.push({ id, timestamp: Number(timestamp), type, body });
        return { status: 200, body: { received: true } };
      },
    },
    options,
  );
  const reset = server.reset;
  return Object.assign(server, {
    endpoint: `${server.url}${path}`,
    events,
    uniqueIds: () => [...new Set(events.map((e) => e.id))],
    reset() {
      reset();
      events.length = 0;
    },
  });
}
