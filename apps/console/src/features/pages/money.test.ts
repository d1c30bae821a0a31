import { describe, expect, it } from 'vitest';
import { centsToReais, formatBRL, reaisToCents, sanitizeReaisInput } from './money';

// Intl writes a no-break space after "R$".
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('reais ↔ cents', () => {
  it.each([
    ['850.000,00', 85_000_000],
    ['850000', 85_000_000],
    ['850.000', 85_000_000],
    ['R$ 850.000,5', 85_000_050],
    ['1.250.000,99', 125_000_099],
    ['1500.50', 150_050],
    ['1500,5', 150_050],
    ['0,99', 99],
    [',5', 50],
    ['12,', 1200],
    ['0', 0],
  ])('"%s" → %i cents', (text, cents) => {
    expect(reaisToCents(text)).toBe(cents);
  });

  it('empty (or only the currency sign) is no value, not zero', () => {
    expect(reaisToCents('')).toBeNull();
    expect(reaisToCents('  R$ ')).toBeNull();
  });

  it.each(['abc', '1,2,3', '1.50.0', '12,345', '1.5.00', '.', '9'.repeat(20)])(
    '"%s" is not a number',
    (text) => {
      expect(reaisToCents(text)).toBeUndefined();
    },
  );

  it('writes cents back as pt-BR reais', () => {
    expect(centsToReais(85_000_000)).toBe('850.000,00');
    expect(centsToReais(150_050)).toBe('1.500,50');
    expect(centsToReais(7)).toBe('0,07');
    expect(centsToReais(null)).toBe('');
    expect(centsToReais(Number.NaN)).toBe('');
  });

  it('round-trips', () => {
    for (const cents of [0, 1, 99, 100, 123_456_789, 85_000_000])
      expect(reaisToCents(centsToReais(cents))).toBe(cents);
  });

  it('formats BRL with "Consulte" for no price', () => {
    expect(nbsp(formatBRL(85_000_000))).toBe('R$ 850.000,00');
    expect(formatBRL(null)).toBe('Consulte');
    expect(formatBRL(undefined, '—')).toBe('—');
  });

  it('keeps only what a money field can hold while typing', () => {
    expect(sanitizeReaisInput('R$ 1.500,505')).toBe('1.500,50');
    expect(sanitizeReaisInput('12a3')).toBe('123');
    expect(sanitizeReaisInput('1,2,3')).toBe('1,23');
  });
});
