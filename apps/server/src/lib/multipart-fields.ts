/**
 * Text fields of a streamed multipart form (request.parts()): they never pass through the
 * input guard, which sees parsed JSON and form bodies only. The same rule applies here: control
 * characters (NUL above all: PostgreSQL refuses it in text and jsonb) in a field's name or value
 * are a Portuguese 422 naming the field; so is a part sent as JSON.
 */
import { controlCharsMessage, hasControlChars, stripControlChars } from '@vitrine/contracts';
import { fieldError } from './http-errors.ts';

export function multipartText(part: { fieldname: string; value?: unknown }): string {
  if (hasControlChars(part.fieldname)) {
    const name = stripControlChars(part.fieldname) || 'campo';
    throw fieldError(name, controlCharsMessage(name));
  }
  // A part sent as application/json arrives parsed: these forms take text only.
  if (part.value !== undefined && part.value !== null && typeof part.value !== 'string') {
    throw fieldError(part.fieldname, `O campo ${part.fieldname} deve ser um texto.`);
  }
  const value = part.value ?? '';
  if (hasControlChars(value)) throw fieldError(part.fieldname, controlCharsMessage(part.fieldname));
  return value;
}
