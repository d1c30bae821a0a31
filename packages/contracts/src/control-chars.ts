/**
 * C0 control characters in text: PostgreSQL refuses NUL (`\u0000`) in text columns, and the others
 * (but tab, line feed and carriage return) have no business in a name, a message or a slug. The API
 * refuses them with a 422 naming the field; the public lead form strips them so a lead is never lost.
 */

/** C0 controls except \t, \n, \r. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_GLOBAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

export const hasControlChars = (value: string) => CONTROL_CHARS.test(value);

/** Removes the refused control characters (the lead form keeps the rest of what the visitor typed). */
export const stripControlChars = (value: string) => value.replace(CONTROL_CHARS_GLOBAL, '');

export const controlCharsMessage = (field: string) =>
  `O campo ${field} contém caracteres de controle inválidos (como o caractere nulo). Remova-os e tente novamente.`;

/** How deep the walks below go. */
const MAX_DEPTH = 32;

/** The dotted path of every string holding a refused character, in a JSON-like value. */
export function findControlChars(
  value: unknown,
  path: string[] = [],
  found: string[] = [],
  depth = 0,
): string[] {
  if (typeof value === 'string') {
    if (hasControlChars(value)) found.push(path.join('.') || 'body');
  } else if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    for (const [k, v] of Object.entries(value)) findControlChars(v, [...path, k], found, depth + 1);
  }
  return found;
}

/** A copy of a JSON-like value with the refused characters stripped from every string. */
export function stripControlCharsDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return stripControlChars(value) as T;
  if (Array.isArray(value))
    return (depth < MAX_DEPTH ? value.map((v) => stripControlCharsDeep(v, depth + 1)) : value) as T;
  if (value && typeof value === 'object' && depth < MAX_DEPTH) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, stripControlCharsDeep(v, depth + 1)]),
    ) as T;
  }
  return value;
}

/** A surrogate pair (an emoji), or half of one standing alone (a text cut inside an emoji, `"\ud800"`). */
const SURROGATES = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

/**
 * `value` with each lone surrogate replaced by U+FFFD, as PostgreSQL does for a text parameter: its JSON
 * refuses them (the statement fails whole), in a value or in a key. Whole pairs stay.
 */
export const wellFormedText = (value: string) =>
  value.replace(SURROGATES, (match) => (match.length === 2 ? match : '\ufffd'));

/** A JSON key or string as jsonb takes it: no refused control character, no lone surrogate. */
const jsonbText = (value: string) => wellFormedText(stripControlChars(value));

/**
 * A JSON-like value made safe to store whole in a jsonb column (an inbound request's body, what a source
 * said of a lead): the refused characters stripped from every string, keys too, and lone surrogates made
 * U+FFFD (PostgreSQL refuses a NUL or a lone `\ud800` anywhere in jsonb, and the statement with it would
 * fail the lead), and a part nested past 32 levels dropped (null), since nothing a source sends nests so deep.
 */
export function stripControlCharsForJsonb<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return jsonbText(value) as T;
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return null as T;
  if (Array.isArray(value)) return value.map((v) => stripControlCharsForJsonb(v, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [jsonbText(k), stripControlCharsForJsonb(v, depth + 1)]),
  ) as T;
}
