/**
 * What kind of file a catalog upload is, from its first bytes: the encoding (BOM, NUL pattern, valid
 * UTF-8 or else Latin-1), the format (XML when the text starts with "<", otherwise CSV/TSV by the
 * header's delimiter) and whether it is a Meta home-listings catalog at all.
 */

export type CatalogEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type CatalogFormat = 'csv' | 'tsv' | 'xml';
export type CatalogDelimiter = ',' | '\t' | ';';

export interface CatalogSniff {
  format: CatalogFormat;
  encoding: CatalogEncoding;
  /** CSV/TSV only. */
  delimiter: CatalogDelimiter | null;
}

/** How much of the file the sniffing reads. */
export const SNIFF_BYTES = 64 * 1024;

/** The upload is not a catalog: answered 422 with this message, and nothing is written. */
export class NotACatalogError extends Error {
  override name = 'NotACatalogError';
}

const FORMATS_HINT = 'Envie o catálogo de imóveis da Meta em CSV, TSV ou XML.';

export function detectEncoding(head: Buffer): CatalogEncoding | 'binary' {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // UTF-16 without a BOM: ASCII text leaves a NUL in every other byte.
  const sample = head.subarray(0, Math.min(head.length, 1024) & ~1);
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddNul++;
    else evenNul++;
  }
  const pairs = sample.length / 2;
  if (pairs >= 2 && oddNul >= pairs * 0.3 && evenNul <= pairs * 0.05) return 'utf-16le';
  if (pairs >= 2 && evenNul >= pairs * 0.3 && oddNul <= pairs * 0.05) return 'utf-16be';
  if (evenNul + oddNul > 0 || head.includes(0)) return 'binary';
  try {
    // stream: a character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'utf-8';
  } catch {
    // Latin-1 bytes almost never form valid UTF-8 sequences; a UTF-8 file with a few broken bytes has
    // more valid accented characters than broken ones.
    const text = new TextDecoder('utf-8').decode(head, { stream: true });
    const broken = text.match(/\uFFFD/g)?.length ?? 0;
    const accented = text.match(/[^\u0000-\u007f\uFFFD]/g)?.length ?? 0; // eslint-disable-line no-control-regex
    return accented > broken ? 'utf-8' : 'windows-1252';
  }
}

function binaryMessage(head: Buffer): string {
  const magic = head.subarray(0, 4).toString('latin1');
  if (magic.startsWith('PK'))
    return `O arquivo parece ser uma planilha do Excel (.xlsx) ou um arquivo compactado (.zip), não um catálogo em texto. Exporte a planilha como CSV. ${FORMATS_HINT}`;
  if (magic === '%PDF') return `O arquivo é um PDF, não um catálogo de imóveis. ${FORMATS_HINT}`;
  if (head[0] === 0x1f && head[1] === 0x8b)
    return `O arquivo está compactado (gzip). Descompacte-o antes de enviar. ${FORMATS_HINT}`;
  if (head[0] === 0xd0 && head[1] === 0xcf)
    return `O arquivo parece ser uma planilha antiga do Excel (.xls). Exporte a planilha como CSV. ${FORMATS_HINT}`;
  return `O arquivo não é um texto (parece ser um arquivo binário, como uma imagem). ${FORMATS_HINT}`;
}

/** Splits one CSV line into cells, honouring double quotes. */
export function splitCsvLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** A header cell as the importer reads it: "Address.City " → "address.city". */
export const normalizeHeader = (cell: string) => cell.trim().toLowerCase();

function chooseDelimiter(line: string): CatalogDelimiter {
  const counts: [CatalogDelimiter, number][] = (['\t', ',', ';'] as const).map((d) => [
    d,
    splitCsvLine(line, d).length - 1,
  ]);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![1] > 0 ? counts[0]![0] : ',';
}

/** Reads the head of an upload; throws NotACatalogError with a Portuguese message when it is not a catalog. */
export function sniffCatalog(head: Buffer): CatalogSniff {
  if (head.length === 0) throw new NotACatalogError(`O arquivo está vazio. ${FORMATS_HINT}`);
  const encoding = detectEncoding(head);
  if (encoding === 'binary') throw new NotACatalogError(binaryMessage(head));
  const text = new TextDecoder(encoding).decode(head, { stream: true });
  // Control characters other than tab/CR/LF do not occur in a catalog.
  const controls = text.slice(0, 4096).match(/[\u0000-\u0008\u000e-\u001f]/g)?.length ?? 0; // eslint-disable-line no-control-regex
  if (controls > 4) throw new NotACatalogError(binaryMessage(head));
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body) throw new NotACatalogError(`O arquivo está vazio. ${FORMATS_HINT}`);

  if (body.startsWith('<')) {
    if (/<listing[\s>/]/i.test(body)) return { format: 'xml', encoding, delimiter: null };
    if (/^<!doctype html|^<html[\s>]/i.test(body)) {
      throw new NotACatalogError(`O arquivo é uma página HTML, não um catálogo. ${FORMATS_HINT}`);
    }
    throw new NotACatalogError(
      'O XML enviado não é um catálogo de imóveis da Meta: nenhum elemento “listing” foi encontrado.',
    );
  }

  const newline = body.indexOf('\n');
  if (newline < 0 && head.length >= SNIFF_BYTES) {
    throw new NotACatalogError(
      `A primeira linha do arquivo é longa demais para ser um cabeçalho de catálogo. ${FORMATS_HINT}`,
    );
  }
  const headerLine = (newline < 0 ? body : body.slice(0, newline)).replace(/\r$/, '');
  const delimiter = chooseDelimiter(headerLine);
  const columns = splitCsvLine(headerLine, delimiter).map(normalizeHeader);
  if (!columns.includes('home_listing_id')) {
    throw new NotACatalogError(
      'O arquivo não é um catálogo de imóveis da Meta: a coluna home_listing_id não foi encontrada na primeira linha (o cabeçalho).',
    );
  }
  return { format: delimiter === '\t' ? 'tsv' : 'csv', encoding, delimiter };
}
