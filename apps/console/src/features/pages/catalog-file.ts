/** What the catalog import accepts, checked before uploading (the server checks again). */
import { CATALOG_IMPORT_MAX_BYTES } from '@vitrine/contracts';
import { formatBytes } from '@/lib/utils';

const CATALOG_EXTENSIONS = ['csv', 'tsv', 'txt', 'xml'] as const;
export const CATALOG_ACCEPT =
  '.csv,.tsv,.txt,.xml,text/csv,text/tab-separated-values,text/xml,application/xml';

/** Refuses, before uploading, what cannot be a catalog: another extension, or too big. */
export function checkCatalogFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CATALOG_EXTENSIONS as readonly string[]).includes(extension))
    return 'Envie o arquivo do catálogo em CSV, TSV ou XML (o feed de imóveis da Meta).';
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > CATALOG_IMPORT_MAX_BYTES)
    return `O arquivo tem ${formatBytes(file.size)}: o limite é ${formatBytes(CATALOG_IMPORT_MAX_BYTES)}.`;
  return null;
}
