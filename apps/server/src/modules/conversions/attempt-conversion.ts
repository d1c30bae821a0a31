/**
 * One attempt of an ad platform's delivery, called by the delivery engine in place of an integration's
 * adapter (docs/decisions/023-ad-conversions.md): the Meta event built from the stored lead, sent with
 * the agency's connection. The engine records the outcome, retries, pauses and replays as for a CRM.
 */
import type { AdConversionTarget } from '@vitrine/contracts';
import type { AppConfig } from '../../config.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import type { SafeHttpClient } from '../../lib/outbound/safe-http.ts';
import type { DeliveryResult } from '../integrations/index.ts';
import { CAPTURE_EVENT } from './conversion-targets.ts';
import { metaEventOf, metaLeadIdOf } from './meta-events.ts';
import { sendMetaEvent, type MetaConnection } from './send-meta-event.ts';
import {
  actionKeyOf,
  clickConversionOf,
  sendGoogleConversion,
  type GoogleAdsConnection,
} from './send-google-conversion.ts';

export interface ConversionAttempt {
  target: AdConversionTarget;
  /** The `integrations` row's sealed payload (the platform's connection). */
  payloadEncrypted: string;
  lead: {
    id: string;
    email: string | null;
    phone: string | null;
    fbclid: string | null;
    fbp: string | null;
    gclid: string | null;
    userAgent: string | null;
    submissionKey: string | null;
    createdAt: Date;
    /** What the source said of the lead (a Meta lead form's lead id). */
    sourceDetails: unknown;
  };
  pageUrl: string | null;
  delivery: { event: string | null; createdAt: Date };
}

/** Each platform's connection with nothing set: what an agency has before saving one. */
const EMPTY_CONNECTIONS = {
  meta: (): MetaConnection => ({ dataset_id: '', access_token: '', test_event_code: '' }),
  google_ads: (): GoogleAdsConnection => ({
    customer_id: '',
    login_customer_id: '',
    developer_token: '',
    client_id: '',
    client_secret: '',
    refresh_token: '',
    conversion_actions: {},
  }),
} satisfies Record<AdConversionTarget, () => object>;
type ConnectionOf<T extends AdConversionTarget> = ReturnType<(typeof EMPTY_CONNECTIONS)[T]>;

/** A platform's connection with nothing set. */
export const emptyConnection = <T extends AdConversionTarget>(target: T): ConnectionOf<T> =>
  EMPTY_CONNECTIONS[target]() as ConnectionOf<T>;

/**
 * A platform's connection as stored: decrypted with APP_KEY, each of its fields read from the payload
 * (a field an older payload lacks is the empty one's).
 */
export function openConnection<T extends AdConversionTarget>(
  target: T,
  key: Buffer,
  payloadEncrypted: string,
): ConnectionOf<T> {
  const stored = JSON.parse(decryptSecret(key, payloadEncrypted)) as Record<string, unknown>;
  const connection = emptyConnection(target) as Record<string, unknown>;
  for (const field of Object.keys(connection)) connection[field] = stored[field] ?? connection[field];
  return connection as ConnectionOf<T>;
}

/** The stored secrets of a Google connection, removed from what the ledger and the console show. */
export const googleSecretsOf = (c: GoogleAdsConnection) =>
  [c.developer_token, c.client_secret, c.refresh_token].filter((s) => s.length >= 4);

/** Sends the delivery's event; answers the outcome and the stored secrets the engine removes from texts. */
export async function attemptConversion(
  deps: {
    config: Pick<AppConfig, 'appKey' | 'META_GRAPH_URL' | 'GOOGLE_ADS_API_URL' | 'GOOGLE_OAUTH_TOKEN_URL'>;
    outbound: SafeHttpClient;
  },
  input: ConversionAttempt,
): Promise<{ result: DeliveryResult; secrets: string[] }> {
  if (input.target === 'google_ads') {
    const connection = openConnection('google_ads', deps.config.appKey, input.payloadEncrypted);
    const secrets = googleSecretsOf(connection);
    const row = clickConversionOf(input.lead, input.delivery, connection);
    if (!row)
      return {
        secrets,
        result: {
          ok: false,
          retryable: false,
          durationMs: 0,
          message: connection.conversion_actions[actionKeyOf(input.delivery.event)]
            ? 'O lead não tem gclid, e-mail nem telefone para o Google Ads encontrar a conversão.'
            : `Nenhuma ação de conversão do Google Ads escolhida para "${input.delivery.event ?? CAPTURE_EVENT}": informe o ID em Conversões.`,
        },
      };
    const result = await sendGoogleConversion(row, connection, {
      http: deps.outbound,
      apiUrl: deps.config.GOOGLE_ADS_API_URL,
      tokenUrl: deps.config.GOOGLE_OAUTH_TOKEN_URL,
    });
    return { result, secrets };
  }
  const connection = openConnection('meta', deps.config.appKey, input.payloadEncrypted);
  const event = input.delivery.event ?? CAPTURE_EVENT;
  const serverEvent = metaEventOf(
    { ...input.lead, metaLeadId: metaLeadIdOf(input.lead.sourceDetails) },
    { event, createdAt: input.delivery.createdAt, atCapture: input.delivery.event === CAPTURE_EVENT },
    input.pageUrl,
  );
  const result = await sendMetaEvent(serverEvent, connection, {
    http: deps.outbound,
    graphUrl: deps.config.META_GRAPH_URL,
  });
  return { result, secrets: [connection.access_token].filter((s) => s.length >= 4) };
}
