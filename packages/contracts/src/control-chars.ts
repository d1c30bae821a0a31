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

/** How deep the walks below go; a deeper part is judged (and cleaned) as its JSON text. */
const MAX_DEPTH = 32;
/** A refused character as JSON.stringify writes it (`\u0000`…), for the parts past MAX_DEPTH. */
const ESCAPED_CONTROL = /\\u00(0[0-8bcef]|1[0-9a-f])/i;

/** The dotted path of every string (value or key) holding a refused character, in a JSON-like value. */
export function findControlChars(
  value: unknown,
  path: string[] = [],
  found: string[] = [],
  depth = 0,
): string[] {
  if (typeof value === 'string') {
    if (hasControlChars(value)) found.push(path.join('.') || 'body');
  } else if (value && typeof value === 'object') {
    if (depth >= MAX_DEPTH) {
      if (ESCAPED_CONTROL.test(JSON.stringify(value))) found.push(path.join('.') || 'body');
      return found;
    }
    for (const [k, v] of Object.entries(value)) {
      const at = [...path, stripControlChars(k)];
      if (hasControlChars(k)) found.push(at.join('.'));
      findControlChars(v, at, found, depth + 1);
    }
  }
  return found;
}

/**
 * A copy of a JSON-like value with the refused characters stripped from every string, keys too (a NUL
 * anywhere fails a PostgreSQL jsonb column, and with it the lead). A part nested past MAX_DEPTH is kept
 * as its JSON text, stripped the same way.
 */
export function stripControlCharsDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return stripControlChars(value) as T;
  if (value && typeof value === 'object' && depth >= MAX_DEPTH)
    return JSON.stringify(value).replace(new RegExp(ESCAPED_CONTROL.source, 'gi'), '') as T;
  if (Array.isArray(value)) return value.map((v) => stripControlCharsDeep(v, depth + 1)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [stripControlChars(k), stripControlCharsDeep(v, depth + 1)]),
    ) as T;
  return value;
}
