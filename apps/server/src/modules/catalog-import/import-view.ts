/** A catalog import as the API answers it, for the console's polling. */
import type { CatalogImport } from '@vitrine/contracts';
import type { catalogImports } from '../../db/schema.ts';

export type CatalogImportRow = typeof catalogImports.$inferSelect;

export function toImportView(row: CatalogImportRow, opts: { rejectedLimit?: number } = {}): CatalogImport {
  const progress =
    row.status === 'done'
      ? 100
      : row.bytes > 0
        ? Math.min(99, Math.floor((row.bytesRead / row.bytes) * 100))
        : 0;
  return {
    id: row.id,
    real_estate_id: row.realEstateId,
    status: row.status,
    filename: row.filename,
    format: row.format,
    bytes: row.bytes,
    bytes_read: row.bytesRead,
    progress,
    rows_total: row.rowsTotal,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    over_limit_drafts: row.overLimitDrafts,
    limit_notice: row.limitNotice,
    without_price: row.withoutPrice,
    price_notice: priceNotice(row.withoutPrice),
    rejected_count: Math.max(row.rejected.length, row.rowsTotal - row.created - row.updated - row.unchanged),
    rejected: opts.rejectedLimit === undefined ? row.rejected : row.rejected.slice(0, opts.rejectedLimit),
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const count = new Intl.NumberFormat('pt-BR');

/** What the report says of the listings imported without a price (null when there are none). */
export function priceNotice(withoutPrice: number): string | null {
  if (withoutPrice <= 0) return null;
  const n = count.format(withoutPrice);
  return withoutPrice === 1
    ? '1 imóvel foi importado sem preço (em branco ou “sob consulta” no catálogo): a página mostra “Consulte” no lugar do preço. Informe o preço no editor quando quiser.'
    : `${n} imóveis foram importados sem preço (em branco ou “sob consulta” no catálogo): as páginas mostram “Consulte” no lugar do preço. Informe o preço no editor quando quiser.`;
}
