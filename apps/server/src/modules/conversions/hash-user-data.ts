/**
 * Customer data as the ad platforms match it (docs/privacy.md#ad-conversions): normalised as each one
 * documents, then SHA-256 in lowercase hex, so nothing typed by the visitor leaves in the clear.
 *
 * - E-mail (Meta's customer information parameters, Google's enhanced conversions): trimmed, lowercase.
 *   Google also drops the dots before the `@` of gmail.com and googlemail.com addresses.
 * - Phone: digits only, leading zeros dropped, with the country code (E.164 without the `+`). Brazilian
 *   numbers as the forms store them (DDD and number, 10 or 11 digits) get 55: `5511987654321`.
 *   Google hashes the E.164 form with its `+`.
 * - `fbc`, Meta's click id parameter: `fb.1.<click time in ms>.<fbclid>` (not hashed).
 */
import { createHash } from 'node:crypto';

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** Trimmed and lowercase; null when empty or not an address. */
export function normalizeEmail(email: string | null | undefined): string | null {
  const value = email?.trim().toLowerCase();
  return value && /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
}

/** Google's form: as Meta's, without the dots of a gmail.com / googlemail.com local part. */
export function normalizeEmailForGoogle(email: string | null | undefined): string | null {
  const value = normalizeEmail(email);
  if (!value) return null;
  const [local, domain] = value.split('@') as [string, string];
  return domain === 'gmail.com' || domain === 'googlemail.com'
    ? `${local.replace(/\./g, '')}@${domain}`
    : value;
}

/**
 * Digits with the country code, no `+` (Meta's `ph`). A number written with `+` or starting with 55 and
 * long enough keeps its country code; a Brazilian national number (10 or 11 digits: DDD + number) gets
 * 55. Null when too short or too long to be a phone number.
 */
export function normalizePhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const international = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) return null;
  let e164: string;
  if (international) e164 = digits;
  else if (digits.length === 10 || digits.length === 11) e164 = `55${digits}`;
  else e164 = digits;
  return e164.length >= 8 && e164.length <= 15 ? e164 : null;
}

/** Meta's `em`: the normalised address, hashed. */
export const hashEmail = (email: string | null | undefined) => {
  const value = normalizeEmail(email);
  return value ? sha256Hex(value) : null;
};

/** Meta's `ph`: the digits with the country code, hashed. */
export const hashPhone = (phone: string | null | undefined) => {
  const value = normalizePhone(phone);
  return value ? sha256Hex(value) : null;
};

/** Google's `hashed_email`. */
export const hashEmailForGoogle = (email: string | null | undefined) => {
  const value = normalizeEmailForGoogle(email);
  return value ? sha256Hex(value) : null;
};

/** Google's `hashed_phone_number`: E.164 with its `+`, hashed. */
export const hashPhoneForGoogle = (phone: string | null | undefined) => {
  const value = normalizePhone(phone);
  return value ? sha256Hex(`+${value}`) : null;
};

/** Meta's `fbc` from the click id and the time the visitor arrived with it (here: the lead's time). */
export function fbcOf(fbclid: string | null | undefined, clickTime: Date): string | null {
  const id = fbclid?.trim();
  return id ? `fb.1.${clickTime.getTime()}.${id}` : null;
}
