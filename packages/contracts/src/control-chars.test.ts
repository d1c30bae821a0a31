import { describe, expect, it } from 'vitest';
import { findControlChars, stripControlCharsDeep } from './control-chars.ts';

/** A value nested `levels` objects deep, holding `leaf`. */
const nested = (levels: number, leaf: unknown): unknown =>
  levels === 0 ? leaf : { n: nested(levels - 1, leaf) };

describe('control characters in JSON-like bodies', () => {
  it('strips them from values and keys, keeping tab, line feed and carriage return', () => {
    const body = {
      'a\u0000b': 'x\u0000y\u0007',
      list: ['ok\t\n\r', { 'k\u001f': 'v\u0001' }],
      n: 3,
      no: null,
    };
    expect(stripControlCharsDeep(body)).toEqual({
      ab: 'xy',
      list: ['ok\t\n\r', { k: 'v' }],
      n: 3,
      no: null,
    });
  });

  it('finds them in values and keys, naming the path', () => {
    expect(findControlChars({ 'a\u0000b': 'ok', c: { d: 'x\u0000' } })).toEqual(['ab', 'c.d']);
    expect(findControlChars({ fine: 'tab\there' })).toEqual([]);
  });

  it('past 32 levels, a part is kept as its JSON text, cleaned, and still found', () => {
    const deep = nested(40, 'fim\u0000');
    const stripped = JSON.stringify(stripControlCharsDeep(deep));
    expect(stripped).not.toMatch(/\\u0000/);
    expect(stripped).toContain('fim');
    expect(findControlChars(deep)).toHaveLength(1);
    expect(findControlChars(nested(40, 'fim'))).toEqual([]);
  });
});
