/**
 * What the landing form is signed with (APP_KEY): the time stamp the page puts in the form (`_ts`), so
 * a lead knows how long its form took to fill, and the HMAC that stands for the visitor's IP on a lead.
 */
import { createHmac, createSecretKey } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

export interface FormKeys {
  /** A signed time stamp for a form rendered now (or at `now`). */
  stamp(now?: number): string;
  /** How long ago a signed stamp was made, in ms; null when it is not one of ours. */
  stampAge(value: string | null): number | null;
  /** The lead's `ip_hash`: the IP, keyed, never stored in the clear. */
  ipHash(ip: string): string;
}

export function formKeys(key: Buffer): FormKeys {
  // Made once: an HMAC keyed with a raw Buffer imports the key again on every call (~4 % of a lead's CPU).
  const appKey = createSecretKey(key);

  const stamp = (now = Date.now()) =>
    `${now}.${createHmac('sha256', appKey).update(`form:${now}`).digest('base64url').slice(0, 22)}`;
  const stampAge = (value: string | null): number | null => {
    const [t, sig] = (value ?? '').split('.');
    if (!t || !sig || !/^\d+$/.test(t)) return null;
    const expected = stamp(Number(t)).split('.')[1]!;
    return safeEqual(sig, expected) ? Date.now() - Number(t) : null;
  };
  const ipHash = (ip: string) => createHmac('sha256', appKey).update(`ip:${ip}`).digest('hex').slice(0, 32);
  return { stamp, stampAge, ipHash };
}
