/**
 * The landing page's own script in a DOM: it fills the hidden fields from the address and from Meta's
 * `_fbp` cookie, and sends them with the form.
 */
// @ts-expect-error -- jsdom ships no types and the server's tests need only this much of it.
import { JSDOM as UntypedJsdom } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { LANDING_SCRIPT } from './landing-assets.ts';

const FORM = `<!doctype html><html><body>
<form id="lead" method="post" action="/l/casa/leads">
<input name="name" value="Maria"><input name="phone" value="11988887777">
<input type="checkbox" name="consent" value="1" checked>
<input type="hidden" name="gclid"><input type="hidden" name="fbclid"><input type="hidden" name="_fbp">
<input type="hidden" name="referrer"><input type="hidden" name="_sid">
<button type="submit">Enviar</button>
</form><div id="ok" hidden></div></body></html>`;

/** The part of a DOM window the test uses (the server compiles without the DOM's types). */
interface TestWindow {
  eval(code: string): unknown;
  fetch: unknown;
  Event: new (type: string, init?: { cancelable?: boolean }) => unknown;
  document: {
    cookie: string;
    getElementById(id: string): { dispatchEvent(event: unknown): boolean } | null;
  };
}
const JSDOM = UntypedJsdom as new (html: string, options: object) => { window: TestWindow };

async function submitWith(cookie: string | null) {
  const dom = new JSDOM(FORM, {
    url: 'https://imoveis.exemplo.com.br/casa?fbclid=IwAR123&gclid=Cj0abc',
    runScripts: 'outside-only',
  });
  const w = dom.window;
  if (cookie) w.document.cookie = cookie;
  const sent: Record<string, unknown>[] = [];
  w.fetch = (_url: string, init: { body: string }) => {
    sent.push(JSON.parse(init.body) as Record<string, unknown>);
    return Promise.resolve({ status: 201, json: () => Promise.resolve({ data: {} }) });
  };
  w.eval(LANDING_SCRIPT);
  w.document.getElementById('lead')!.dispatchEvent(new w.Event('submit', { cancelable: true }));
  await new Promise((r) => setTimeout(r, 10));
  return sent[0]!;
}

describe("the landing form's script", () => {
  it("sends Meta's _fbp cookie with the lead, with the click ids of the address", async () => {
    const body = await submitWith('_fbp=fb.1.1795784400123.1098115397');
    expect(body).toMatchObject({
      _fbp: 'fb.1.1795784400123.1098115397',
      fbclid: 'IwAR123',
      gclid: 'Cj0abc',
      consent: true,
    });
    // The page view's milliseconds in hex, then 128 random bits: keys of later views sort after.
    expect(String(body._sid)).toMatch(/^[0-9a-f]{43}$/);
    const ms = parseInt(String(body._sid).slice(0, 11), 16);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });

  it('sends the field empty when the page has no Pixel cookie', async () => {
    const body = await submitWith('outro=1');
    expect(body._fbp).toBe('');
  });
});
