// The one interface behind which every lead destination (webhook, CRMs) sits.
import type { IntegrationName, IntegrationPayloads } from '@vitrine/contracts';
import type { SafeHttpClient } from '../../../lib/outbound/safe-http.ts';

/** What an adapter receives: a stored lead plus the id of the delivery being attempted. */
export interface LeadForDelivery {
  id: string;
  /** ISO 8601. */
  created_at: string;
  name: string;
  email: string;
  /** National digits with DDD, no country code (e.g. "11987654321"). */
  phone: string;
  message: string | null;
  /** The property the lead is about; every field empty/null when the page was deleted. */
  page: LeadPage;
  /** Where the lead came from (docs/product.md#lead-sources): "landing_page", "portal_zap", "facebook"… */
  source: string | null;
  /** The source as the console names it: "Página", "Portal ZAP", "VivaReal", "OLX", "Facebook"… */
  source_label: string | null;
  /**
   * What the source said of the lead (a portal's temperature and transaction type, a form's answers,
   * the campaign), as the source sent it; null for a landing-page lead.
   */
  source_details: Record<string, unknown> | null;
  /** The listing code the lead named (its page's, or one that matched no page: then `page` is empty). */
  listing_code: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  gclid: string | null;
  fbclid: string | null;
  /** Stable across retries and replays of the same delivery: the receivers' idempotency key. */
  delivery_id: string;
}

/** The landing page a lead came from, as receivers (webhook, CRMs) see it. */
export interface LeadPage {
  /** Our page id ("" when the page was deleted). */
  id: string;
  title: string;
  /** The agency's own listing code. */
  listing_code: string | null;
  /** The public landing page, `${LANDING_URL}/imoveis/{slug}` ("" when the page was deleted). */
  url: string;
  /** Asking price (sale) or monthly rent, in cents of `currency`. */
  price_cents: number | null;
  currency: 'BRL';
  /** pt-BR, e.g. "R$ 850.000"; null without a price. */
  price_formatted: string | null;
  purpose: 'sale' | 'rent' | null;
  property_type: string | null;
  neighborhood: string | null;
  city: string | null;
  /** Two-letter UF, e.g. "SP". */
  state: string | null;
}

export interface DeliveryResult {
  ok: boolean;
  /** Worth another attempt on the schedule (408/429/5xx, network, timeout). */
  retryable: boolean;
  status?: number;
  externalId?: string;
  /** Portuguese, shown to the agency; never contains credentials. */
  message: string;
  /** Wrong credentials (401/403): pause the integration until the agency fixes it. */
  pause?: boolean;
  /** The receiver said the endpoint is gone (webhook 410): disable the integration. */
  disable?: boolean;
  /** From Retry-After, when the receiver sent one. */
  retryAfterMs?: number;
  /** Start of the response body, for the delivery ledger. */
  responseSnippet?: string;
  durationMs: number;
}

export interface TestResult {
  ok: boolean;
  /** False when the adapter could only check the form of the credentials, not the remote system. */
  verified: boolean;
  message: string;
}

export interface IntegrationEndpoints {
  jetimob: { baseUrl: string };
  arbo: { baseUrl: string; leadPath: string };
  go_harry: { baseUrl: string; tokenPath: string; leadPath: string };
}

/**
 * Defaults of docs/webhooks.md#how-each-crm-is-reached; GoHarry has no public address, so it must be
 * configured.
 */
export const DEFAULT_INTEGRATION_ENDPOINTS: IntegrationEndpoints = {
  jetimob: { baseUrl: 'https://api.jetimob.com' },
  arbo: { baseUrl: 'https://app-integracao.arboimoveis.com/api', leadPath: '/leads' },
  go_harry: { baseUrl: '', tokenPath: '/auth/login', leadPath: '/leads' },
};

export interface AdapterContext {
  endpoints: IntegrationEndpoints;
  http: SafeHttpClient;
  /** `whsec_<base64>` of this agency's webhook endpoint. */
  webhookSecret: string;
  /** Clock, replaceable in tests. */
  now?: () => Date;
}

export interface IntegrationAdapter<N extends IntegrationName> {
  readonly name: N;
  send(lead: LeadForDelivery, payload: IntegrationPayloads[N], ctx: AdapterContext): Promise<DeliveryResult>;
  test(payload: IntegrationPayloads[N], ctx: AdapterContext): Promise<TestResult>;
}

export type IntegrationAdapters = { [N in IntegrationName]: IntegrationAdapter<N> };
