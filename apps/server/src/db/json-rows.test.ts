import { describe, expect, it } from 'vitest';
import { jsonParam } from './json-rows.ts';

describe('jsonParam', () => {
  it('writes what JSON.stringify writes when every string is well formed, emoji included', () => {
    const value = [
      { name: 'Ana 😀', at: new Date('2026-11-26T12:00:00Z'), n: 1, note: 'barra \\ud83d escrita' },
    ];
    expect(jsonParam(value)).toBe(JSON.stringify(value));
  });

  it('turns half a surrogate pair into U+FFFD, so PostgreSQL reads the JSON', () => {
    const cut = 'Oi 😀'.slice(0, 4);
    expect(JSON.stringify([cut])).toContain('\\ud83d');
    expect(JSON.parse(jsonParam([{ message: cut, rest: 'ok' }]))).toEqual([
      { message: 'Oi \uFFFD', rest: 'ok' },
    ]);
    expect(JSON.parse(jsonParam({ low: '\udc00x' }))).toEqual({ low: '\uFFFDx' });
  });

  it("does the same in keys, at any depth (a source's own field names)", () => {
    const value = [
      { source_details: { 'renda\ud800': 'R$ 8 mil', nested: { '\udc00': [1, { ok: '😀' }] } } },
    ];
    expect(JSON.parse(jsonParam(value))).toEqual([
      { source_details: { 'renda\uFFFD': 'R$ 8 mil', nested: { '\uFFFD': [1, { ok: '😀' }] } } },
    ]);
  });
});
