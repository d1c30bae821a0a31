/**
 * Text made safe for an XML 1.0 document, whatever an agency typed: characters XML forbids (C0 controls
 * but tab and line breaks, lone surrogates, U+FFFE and U+FFFF) are dropped; emoji and every other
 * character stay. CDATA sections split a `]]>` inside the text so the section never ends early.
 */

const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything that needs work: markup characters, controls, surrogates, U+FFFE/U+FFFF (most values have none). */
// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export const xmlClean = (value: string) => value.replace(NOT_XML, '');

/** Element text or attribute value, escaped. */
export const xmlEscape = (value: string) =>
  !SPECIAL.test(value)
    ? value
    : xmlClean(value)
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');

/** A CDATA section holding the text (the portals ask for CDATA around titles and descriptions). */
export const cdata = (value: string) => `<![CDATA[${xmlClean(value).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
