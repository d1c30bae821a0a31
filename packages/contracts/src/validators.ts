import { z } from 'zod';

/** Keeps only digits. */
export const digits = (value: string) => value.replace(/\D+/g, '');

/** CNPJ with its two check digits (Receita Federal algorithm). */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const calc = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
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
