import { describe, expect, it } from 'vitest';
import { parseXml } from './testing/parse-xml.ts';
import { cdata, xmlClean, xmlEscape } from './xml-text.ts';

describe('xml-text', () => {
  it('drops what XML 1.0 forbids and keeps the rest, emoji included', () => {
    expect(xmlClean('\u0000a\u0008b\u000bc\u001fd\t\n\r😀\ud800e\udc00f\uffffg')).toBe('abcd\t\n\r😀efg');
  });

  it('escapes markup in text and attributes', () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('keeps "]]>" inside a CDATA section, and any text parses back to itself', () => {
    for (const text of ['a ]]> b', ']]>', ']]]]>', 'x]]>]]>y', 'fim]]', '<b>&amp;</b> 😀', '']) {
      const doc = parseXml(`<r>${cdata(text)}</r><!-- -->`.replace('<!-- -->', ''));
      expect(doc.text).toBe(text);
      expect(parseXml(`<r a="${xmlEscape(text)}">${xmlEscape(text)}</r>`)).toMatchObject({
        text,
        attrs: { a: text },
      });
    }
  });
});
