// Standard Webhooks v1 signatures (standardwebhooks.com): HMAC-SHA256 over "id.timestamp.body",
// keyed with the base64-decoded part of a `whsec_` secret, sent as "v1,<base64>".
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/**
 * How far a receiver tolerates the webhook-timestamp from its clock (the Standard Webhooks specification's
 * suggestion).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** A new per-endpoint secret, `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
    ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
    : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('Segredo de webhook inválido.');
  return key;
}

/** Signing keys by secret, imported once: every delivery attempt signs with its endpoint's key. */
const signingKeys = new Map<string, KeyObject>();
function signingKeyOf(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) {
    if (signingKeys.size >= 500) signingKeys.clear();
    signingKeys.set(secret, (key = createSecretKey(secretKey(secret))));
  }
  return key;
}

/** `v1,<base64 signature>` of the exact bytes of `body`. */
export function signWebhook(
  secret: string,
  id: string,
  timestamp: number | string,
  body: string | Uint8Array,
): string {
  const hmac = createHmac('sha256', signingKeyOf(secret));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(body);
  return `v1,${hmac.digest('base64')}`;
}

export interface WebhookSignatureInput {
  /** Value of the webhook-id header. */
  id: string;
  /** Value of the webhook-timestamp header (unix seconds, as text or number). */
  timestamp: string | number;
  /** The raw body, exactly as received. */
  body: string | Uint8Array;
  /** Value of the webhook-signature header: one or more space-separated "v1,<base64>". */
  signature: string;
}

/**
 * What a receiver does: true when one of the v1 signatures matches and the timestamp is within
 * the tolerance. Receivers should also drop repeated webhook-ids (they are stable across retries).
 */
export function verifyWebhookSignature(
  secret: string,
  input: WebhookSignatureInput,
  options: { toleranceSeconds?: number; now?: Date } = {},
): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    return false;
  const expected = Buffer.from(
    signWebhook(secret, input.id, String(input.timestamp).trim(), input.body).slice(3),
    'base64',
  );
  return input.signature
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .some((part) => {
      const candidate = Buffer.from(part.slice(3), 'base64');
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    });
}
