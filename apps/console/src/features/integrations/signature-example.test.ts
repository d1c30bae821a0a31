import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_EXAMPLE } from './signature-example';

type Verify = (secret: string, headers: Record<string, string>, body: string) => boolean;

/** Runs the snippet the agency copies, as it is (minus the import line, whose names are passed in). */
function loadSnippet(): Verify {
  const source = SIGNATURE_EXAMPLE.replace(/^import .*;$/m, '');
  return new Function('createHmac', 'timingSafeEqual', 'Buffer', `${source}\nreturn verifyWebhook;`)(
    createHmac,
    timingSafeEqual,
    Buffer,
  ) as Verify;
}

// Test vector published with the Standard Webhooks / Svix libraries (also used by the server's tests).
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const timestamp = 1614265330;
const body = '{"test": 2432232314}';
const signature = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const headers = (extra: Partial<Record<string, string>> = {}) =>
  ({
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
    ...extra,
  }) as Record<string, string>;

afterEach(() => vi.useRealTimers());

describe('the signature verification example on the webhook card', () => {
  it('accepts the published test vector, also among several signatures', () => {
    vi.useFakeTimers({ now: timestamp * 1000 });
    const verify = loadSnippet();
    expect(verify(secret, headers(), body)).toBe(true);
    expect(verify(secret, headers({ 'webhook-signature': `v1,bm90LWl0 ${signature}` }), body)).toBe(true);
  });

  it('refuses a changed body, another id, another secret and an old timestamp', () => {
    vi.useFakeTimers({ now: timestamp * 1000 });
    const verify = loadSnippet();
    expect(verify(secret, headers(), `${body} `)).toBe(false);
    expect(verify(secret, headers({ 'webhook-id': 'msg_other' }), body)).toBe(false);
    expect(verify('whsec_' + Buffer.from('outro-segredo').toString('base64'), headers(), body)).toBe(false);
    vi.setSystemTime((timestamp + 301) * 1000);
    expect(verify(secret, headers(), body)).toBe(false);
  });

  it('uses the Standard Webhooks scheme the server signs with', () => {
    expect(SIGNATURE_EXAMPLE).toContain("createHmac('sha256'");
    expect(SIGNATURE_EXAMPLE).toContain('${id}.${timestamp}.${body}');
    expect(SIGNATURE_EXAMPLE).toContain("'whsec_'");
    expect(SIGNATURE_EXAMPLE).toContain("version === 'v1'");
  });
});
