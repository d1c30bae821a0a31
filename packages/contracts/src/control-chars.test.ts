import { describe, expect, it } from 'vitest';
import { findControlChars, stripControlCharsDeep, stripControlCharsForJsonb } from './control-chars.ts';

/** A value nested `levels` arrays deep, holding `leaf`. */
const nested = (levels: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('control characters in JSON-like bodies', () => {
  it("strips them from values, keeping tab, line feed and carriage return (keys are the validators' to refuse)", () => {
    const body = { 'a\u0000b': 'x\u0000y\u0007', list: ['ok\t\n\r', { k: 'v\u0001' }], n: 3, no: null };
    expect(stripControlCharsDeep(body)).toEqual({
      'a\u0000b': 'xy',
      list: ['ok\t\n\r', { k: 'v' }],
      n: 3,
      no: null,
    });
    expect(findControlChars({ a: 'ok', c: { d: 'x\u0000' } })).toEqual(['c.d']);
  });

  it('for jsonb, strips keys too and drops what nests past 32 levels, even 100,000 deep', () => {
    expect(stripControlCharsForJsonb({ 'a\u0000b': { 'k\u001f': ['v\u0001', 1, null, true] } })).toEqual({
      ab: { k: ['v', 1, null, true] },
    });
    const deep = JSON.parse(`${'['.repeat(100_000)}"fim\\u0000"${']'.repeat(100_000)}`) as unknown;
    const kept = stripControlCharsForJsonb(deep);
    expect(JSON.stringify(kept)).toBe(`${'['.repeat(32)}null${']'.repeat(32)}`);
    expect(JSON.stringify(stripControlCharsForJsonb(nested(31, 'x\u0000')))).toBe(
      `${'['.repeat(31)}"x"${']'.repeat(31)}`,
    );
  });
});
