/**
 * A strict XML parser for tests (saxes, the one the catalog import reads with): any well-formedness
 * error throws. Returns a small element tree with namespaces resolved.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', uri: '', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const el: XmlElement = {
      name: tag.local,
      uri: tag.uri,
      attrs: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
      children: [],
      text: '',
    };
    stack.at(-1)!.children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => {
    stack.at(-1)!.text += t;
  });
  parser.on('cdata', (t) => {
    stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root.children[0]!;
}

/** The first descendant at this path of element names ("Listings/Listing/ListingID"). */
export function find(el: XmlElement, path: string): XmlElement | undefined {
  let current: XmlElement | undefined = el;
  for (const name of path.split('/')) current = current?.children.find((c) => c.name === name);
  return current;
}

export const all = (el: XmlElement | undefined, name: string) =>
  el ? el.children.filter((c) => c.name === name) : [];

export const textOf = (el: XmlElement, path: string) => find(el, path)?.text.trim();
