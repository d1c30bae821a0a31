// An AdapterContext that talks to local fakes: loopback allowed explicitly, short timeout.
import { createSafeHttpClient, type SafeHttpOptions } from '../../../../lib/outbound/safe-http.ts';
import { DEFAULT_INTEGRATION_ENDPOINTS, type AdapterContext, type IntegrationEndpoints } from '../types.ts';
import { generateWebhookSecret } from '../webhook-signature.ts';

export interface TestAdapterContextOptions {
  endpoints?: { [K in keyof IntegrationEndpoints]?: Partial<IntegrationEndpoints[K]> };
  webhookSecret?: string;
  http?: SafeHttpOptions;
  now?: () => Date;
}

export function createTestAdapterContext(
  options: TestAdapterContextOptions = {},
): AdapterContext & { close(): Promise<void> } {
  const http = createSafeHttpClient({ allowPrivateNetwork: true, timeoutMs: 2_000, ...options.http });
  const d = DEFAULT_INTEGRATION_ENDPOINTS;
  const e = options.endpoints ?? {};
  return {
    endpoints: {
      jetimob: { ...d.jetimob, ...e.jetimob },
      arbo: { ...d.arbo, ...e.arbo },
      go_harry: { ...d.go_harry, ...e.go_harry },
    },
    http,
    webhookSecret: options.webhookSecret ?? generateWebhookSecret(),
    ...(options.now ? { now: options.now } : {}),
    close: () => http.close(),
  };
}
