/**
 * Text that an agency or a visitor typed (an agency's name, a visitor's name, a page title, an
 * inviter's name), as it goes into a platform e-mail: subject, heading, greeting
 * (docs/decisions/018-accounts-and-abuse.md). Our address sends it, so it must not carry what the sender did
 * not write: no links (an agency named like a phishing subject, a visitor's spam as the name of an auto-reply
 * sent to any address), no line breaks or control characters, and a length that fits a subject. The HTML part
 * escapes it besides (renderEmail).
 */
import { clipWithEllipsis, stripControlChars } from '@vitrine/contracts';

/** A link with a scheme, one starting with www., or a host name with a usual top-level domain. */
const LINK =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/\S*|www\.\S*|(?:[a-z0-9-]+\.)+(?:com|net|org|info|biz|xyz|top|site|online|store|shop|club|link|click|live|app|dev|io|me|co|ly|gl|to|tk|ru|cn|br)\b(?:\/\S*)?)/gi;

/** `value` as a one-line label of at most `max` characters, without links (empty when nothing is left). */
export function mailLabel(value: string, max: number): string {
  const text = stripControlChars(value.replace(/[\r\n\t\u2028\u2029]+/g, ' '))
    .replace(LINK, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clipWithEllipsis(text, max);
}
