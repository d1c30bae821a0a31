import { z } from 'zod';

/**
 * `value` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair (an
 * emoji astride the cut is dropped whole, not left as a lone half PostgreSQL's JSON refuses).
 */
export function clipText(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** `text` cut to at most `max` characters, an ellipsis included when it was cut (never half an emoji). */
export const clipWithEllipsis = (text: string, max: number): string =>
  text.length > max ? `${clipText(text, max - 1).trimEnd()}…` : text;

/** Keeps only digits. */
export const digits = (value: string) => value.replace(/\D+/g, '');

/** CNPJ with its two check digits (Receita Federal algorithm). */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const calc = (len: number) => {
    const weights =
      len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return calc(12) === Number(d[12]) && calc(13) === Number(d[13]);
}

const VALID_DDD = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * Brazilian phone with DDD: 10 digits (landline) or 11 digits starting with 9 (mobile),
 * optionally prefixed by the country code 55. Returns the national number or null.
 */
export function normalizeBrazilianPhone(value: string): string | null {
  let d = digits(value);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.length !== 10 && d.length !== 11) return null;
  if (!VALID_DDD.has(Number(d.slice(0, 2)))) return null;
  if (d.length === 11 && d[2] !== '9') return null;
  if (d.length === 10 && !/[2-5]/.test(d[2] ?? '')) return null;
  return d;
}

export const emailField = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .min(1, 'Informe o e-mail.')
  .max(255, 'O e-mail deve ter no máximo 255 caracteres.')
  .pipe(z.email({ error: 'Informe um e-mail válido.' }))
  .transform((v) => v.toLowerCase());

/** Optional text: empty strings become null, long ones are refused with the field's label. */
export const optionalText = (label: string, max = 255) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

export const optionalPhone = (label: string) =>
  optionalText(label, 30).refine((v) => v === null || normalizeBrazilianPhone(v) !== null, {
    message: `${label}: informe um telefone brasileiro com DDD.`,
  });

/** CPF with its two check digits (Receita Federal algorithm). */
export function isValidCpf(value: string): boolean {
  const d = digits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const calc = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return calc(9) === Number(d[9]) && calc(10) === Number(d[10]);
}

export const optionalCpf = (label = 'O CPF') =>
  optionalText(label, 14)
    .refine((v) => v === null || isValidCpf(v), { message: `${label} não é válido: confira os 11 dígitos.` })
    .transform((v) => (v ? digits(v) : null));

/*
 * Input masks, applied as the person types (console) and to stored values shown in a form. Each
 * keeps only the digits and puts the separators back progressively, never a trailing one, so that
 * backspace always removes a digit. Used on the console; the server validates with the schemas.
 */

/** Puts `d` into `pattern` ('#' = digit) up to the last digit available. */
function fill(d: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= d.length) break;
    if (ch === '#') out += d[i++];
    else out += ch;
  }
  return out;
}

/** 00.000.000/0000-00 */
export const maskCnpj = (value: string) => fill(digits(value).slice(0, 14), '##.###.###/####-##');

/** 000.000.000-00 */
export const maskCpf = (value: string) => fill(digits(value).slice(0, 11), '###.###.###-##');

/** 00000-000 */
export const maskCep = (value: string) => fill(digits(value).slice(0, 8), '#####-###');

/**
 * (11) 98765-4321 for mobiles, (11) 3333-4444 for landlines; a leading country code 55 is dropped
 * when the rest is a full number.
 */
export function maskPhone(value: string): string {
  let d = digits(value);
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  d = d.slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  return d.length <= 10 ? fill(d, '(##) ####-####') : fill(d, '(##) #####-####');
}
