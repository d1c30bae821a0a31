/**
 * Money in the console: the API speaks integer cents (`price_cents`), people type and read reais in
 * pt-BR ("850.000,00"). Parsing is forgiving about how the number is typed and never guesses wrong
 * about magnitude: "850.000" is eight hundred and fifty thousand, as any Brazilian reads it.
 */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const reais = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "R$ 850.000,00"; `fallback` (default 'Consulte') when there is no price. */
export function formatBRL(cents: number | null | undefined, fallback = 'Consulte'): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? brl.format(cents / 100) : fallback;
}

/** The text of a money input: "850.000,00", or '' for no value. */
export function centsToReais(cents: number | null | undefined): string {
  return typeof cents === 'number' && Number.isFinite(cents) ? reais.format(cents / 100) : '';
}

/** What a money input accepts while typing: digits, dots, one comma (the decimal separator). */
export function sanitizeReaisInput(text: string): string {
  const kept = text.replace(/[^\d.,]/g, '');
  const comma = kept.indexOf(',');
  if (comma === -1) return kept;
  // Everything after the first comma: digits only, at most two (centavos).
  return `${kept.slice(0, comma)},${kept
    .slice(comma + 1)
    .replace(/\D/g, '')
    .slice(0, 2)}`;
}

/**
 * Reais typed in pt-BR → integer cents. '' (or only a currency sign) → null; text that is not a
 * number → undefined. Accepts "850000", "850.000", "850.000,00", "R$ 850.000,5", "1500.50"
 * (a lone dot followed by one or two digits is read as the decimal point, as a phone keypad types it).
 */
export function reaisToCents(text: string): number | null | undefined {
  const value = text.replace(/R\$/gi, '').replace(/\s/g, '');
  if (value === '') return null;
  if (!/^[\d.,]+$/.test(value) || !/\d/.test(value)) return undefined;

  let integer: string;
  let fraction = '';
  const commas = value.split(',').length - 1;
  if (commas > 1) return undefined;
  if (commas === 1) {
    const [int = '', frac = ''] = value.split(',');
    if (!/^\d{0,2}$/.test(frac)) return undefined;
    if (int !== '' && !/^\d{1,3}(\.\d{3})*$/.test(int) && !/^\d+$/.test(int)) return undefined;
    integer = int.replace(/\./g, '');
    fraction = frac;
  } else if (/^\d+\.\d{1,2}$/.test(value)) {
    [integer = '', fraction = ''] = value.split('.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value) || /^\d+$/.test(value)) {
    integer = value.replace(/\./g, '');
  } else {
    return undefined;
  }
  const cents = Number(integer || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : undefined;
}
