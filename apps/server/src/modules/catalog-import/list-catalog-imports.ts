/** Catalog imports as the console polls and lists them. */
import { eq } from 'drizzle-orm';
import { catalogImports } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { newestFirstPage } from '../../lib/pagination.ts';
import { toImportView, type CatalogImportRow } from './import-view.ts';

export async function findCatalogImport(
  deps: Pick<Deps, 'db'>,
  id: string,
): Promise<CatalogImportRow | null> {
  const [row] = await deps.db.select().from(catalogImports).where(eq(catalogImports.id, id));
  return row ?? null;
}

/** One page of an agency's imports, newest first; each report keeps only its first 10 rejected rows. */
export async function listCatalogImports(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  q: { page: number; per_page: number },
) {
  const where = eq(catalogImports.realEstateId, realEstateId);
  const query = deps.db.select().from(catalogImports).where(where);
  const [rows, total] = await Promise.all([
    newestFirstPage(query.$dynamic(), catalogImports, q),
    deps.db.$count(catalogImports, where),
  ]);
  return { data: rows.map((row) => toImportView(row, { rejectedLimit: 10 })), total };
}
