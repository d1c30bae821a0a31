/**
 * Streams a catalog file as flat records, one per listing, without holding the file in memory:
 * bytes → text (the detected encoding) → CSV/TSV records (csv-parse) or <listing> elements (saxes).
 *
 * Records use the CSV column names of the Meta feed, also for XML: "address.city", "image[0].url",
 * "neighborhood[1]". A file broken beyond a single row (unclosed quote, malformed XML) throws
 * CatalogParseError. Read as UTF-8, it can count broken byte sequences against valid accented
 * characters, so the caller can tell a Latin-1 file from a UTF-8 one with a few broken bytes.
 */
import { createReadStream } from 'node:fs';
import { Readable, pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import { normalizeHeader, type CatalogSniff } from './sniff-catalog.ts';

export interface CatalogRecord {
  /** CSV/TSV: the spreadsheet row (the header is row 1). XML: the listing's ordinal (1 = first). */
  row: number;
  fields: Record<string, string>;
  /** A problem with this record alone (e.g. more cells than the header has). */
  problem?: string;
}

export class CatalogParseError extends Error {
  override name = 'CatalogParseError';
}

/** Characters seen while decoding UTF-8: replacement characters (broken bytes) and valid non-ASCII ones. */
export interface Utf8Stats {
  broken: number;
  accented: number;
}

export interface ReadOptions {
  /** Filled while decoding UTF-8. */
  utf8Stats?: Utf8Stats;
  /** Called with the size of every chunk of the file read. */
  onBytes?: (bytes: number) => void;
}

const CHUNK_BYTES = 256 * 1024;
/** No single field of a listing is this long; longer means a broken file. */
const MAX_RECORD_CHARS = 1024 * 1024;
const MAX_TEXT_CHARS = 64 * 1024;

async function* decode(
  file: string,
  encoding: CatalogSniff['encoding'],
  opts: ReadOptions,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  const stats = encoding === 'utf-8' ? opts.utf8Stats : undefined;
  const count = (text: string) => {
    if (!stats || !text) return;
    stats.broken += text.match(/\uFFFD/g)?.length ?? 0;
    stats.accented += text.match(/[^\u0000-\u007f\uFFFD]/g)?.length ?? 0; // eslint-disable-line no-control-regex
  };
  const stream = createReadStream(file, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      opts.onBytes?.(chunk.length);
      const text = decoder.decode(chunk, { stream: true });
      count(text);
      if (text) yield text;
    }
    const tail = decoder.decode();
    count(tail);
    if (tail) yield tail;
  } finally {
    stream.destroy();
  }
}

export function readCatalog(
  file: string,
  sniff: CatalogSniff,
  opts: ReadOptions = {},
): AsyncGenerator<CatalogRecord> {
  return sniff.format === 'xml' ? readXml(file, sniff, opts) : readDelimited(file, sniff, opts);
}

async function* readDelimited(
  file: string,
  sniff: CatalogSniff,
  opts: ReadOptions,
): AsyncGenerator<CatalogRecord> {
  const parser = parse({
    delimiter: sniff.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
  });
  pipeline(Readable.from(decode(file, sniff.encoding, opts)), parser, () => undefined);
  let header: string[] | null = null;
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (!header) {
        header = cells.map((c, i) => (i === 0 ? c.replace(/^\uFEFF/, '') : c)).map(normalizeHeader);
        continue;
      }
      if (cells.length === 1 && cells[0]!.trim() === '') continue; // blank line: counted, not a listing
      const fields: Record<string, string> = {};
      for (let i = 0; i < header.length && i < cells.length; i++) {
        const key = header[i]!;
        if (key && !(key in fields)) fields[key] = cells[i]!;
      }
      const extra = cells.slice(header.length).some((c) => c.trim() !== '');
      yield extra
        ? {
            row,
            fields,
            problem: `a linha tem ${cells.length} colunas, mas o cabeçalho tem ${header.length} (verifique aspas e separadores).`,
          }
        : { row, fields };
    }
  } catch (err) {
    const e = err as { code?: string; lines?: number; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_'))
      throw new CatalogParseError(csvErrorMessage(e, sniff.format, row + 1));
    throw err;
  }
}

function csvErrorMessage(e: { code?: string; lines?: number }, format: string, row: number): string {
  const where = `perto da linha ${e.lines ?? row}`;
  const kind = format.toUpperCase();
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `O ${kind} está malformado: há aspas abertas que nunca fecham (${where}). Nada foi importado.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `O ${kind} está malformado: aspas fechadas no meio de um campo (${where}). Nada foi importado.`;
    case 'CSV_MAX_RECORD_SIZE':
      return `O ${kind} está malformado: um registro passa de 1 MB (${where}), provavelmente por aspas sem fechar. Nada foi importado.`;
    default:
      return `O ${kind} está malformado (${where}). Nada foi importado.`;
  }
}

/** Element names without a namespace prefix ("g:price" → "price"), lower case. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

async function* readXml(file: string, sniff: CatalogSniff, opts: ReadOptions): AsyncGenerator<CatalogRecord> {
  const parser = new SaxesParser({ position: true });
  const ready: CatalogRecord[] = [];
  let ordinal = 0;
  // State inside the current <listing>.
  let fields: Record<string, string> | null = null;
  let depth = 0; // depth below <listing>
  let path: string[] = [];
  let key: string | null = null;
  let text = '';
  let tooLong = false;
  let images = 0;
  let tags = 0;
  let neighborhoods = 0;

  parser.on('error', (err) => {
    throw new CatalogParseError(
      `O XML está malformado (linha ${parser.line}, coluna ${parser.column}): ${err.message.replace(/^.*?:\d+:\d+: /, '')}. Nada foi importado.`,
    );
  });
  parser.on('opentag', (node) => {
    const name = localName(node.name);
    if (!fields) {
      if (name === 'listing') {
        fields = {};
        depth = 0;
        path = [];
        images = 0;
        neighborhoods = 0;
        tooLong = false;
      }
      return;
    }
    depth++;
    path.push(name);
    text = '';
    const top = path[0]!;
    if (depth === 1) {
      if (top === 'image') {
        images++;
        tags = 0;
        key = null;
      } else if (top === 'neighborhood') key = `neighborhood[${neighborhoods++}]`;
      else key = top === 'address' ? null : top;
    } else if (top === 'address') {
      const component = node.attributes.name;
      key =
        name === 'component' && typeof component === 'string'
          ? `address.${component.trim().toLowerCase()}`
          : `address.${name}`;
    } else if (top === 'image' && depth === 2) {
      key = name === 'tag' ? `image[${images - 1}].tag[${tags++}]` : `image[${images - 1}].${name}`;
    } else key = path.join('.');
  });
  const onText = (t: string) => {
    if (!fields || !key) return;
    if (text.length + t.length > MAX_TEXT_CHARS) tooLong = true;
    else text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (node) => {
    if (!fields) return;
    if (depth === 0) {
      if (localName(node.name) === 'listing') {
        ordinal++;
        ready.push(
          tooLong
            ? { row: ordinal, fields, problem: `um campo passa de ${MAX_TEXT_CHARS} caracteres.` }
            : { row: ordinal, fields },
        );
        fields = null;
      }
      return;
    }
    if (key && !(key in fields)) fields[key] = text.trim();
    key = null;
    text = '';
    path.pop();
    depth--;
  });

  for await (const chunk of decode(file, sniff.encoding, opts)) {
    parser.write(chunk);
    while (ready.length) yield ready.shift()!;
  }
  parser.close();
  while (ready.length) yield ready.shift()!;
}
