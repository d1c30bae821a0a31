/**
 * A received catalog becomes an import: its row, its job and the audit entry in one transaction, then the
 * workers are woken. The upload itself is already at importFilePath(id).
 */
import { auditLog, catalogImports } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { catalogImportJob } from './jobs/catalog-import.job.ts';
import type { CatalogImportRow } from './import-view.ts';
import type { CatalogSniff } from './sniff-catalog.ts';

export interface QueuedUpload {
  id: string;
  realEstateId: number;
  userId: number;
  filename: string | null;
  bytes: number;
  publish: boolean;
  sniff: CatalogSniff;
}

export async function queueCatalogImport(
  deps: Pick<Deps, 'db' | 'queue'>,
  upload: QueuedUpload,
): Promise<CatalogImportRow> {
  const { id, sniff } = upload;
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(catalogImports)
      .values({
        id,
        realEstateId: upload.realEstateId,
        userId: upload.userId,
        status: 'queued',
        filename: upload.filename,
        format: sniff.format,
        bytes: upload.bytes,
      })
      .returning();
    await deps.queue.enqueue(tx, catalogImportJob, { importId: id, publish: upload.publish });
    await tx.insert(auditLog).values({
      realEstateId: upload.realEstateId,
      userId: upload.userId,
      action: 'catalog_import.queued',
      subject: id,
      details: {
        filename: upload.filename,
        format: sniff.format,
        encoding: sniff.encoding,
        bytes: upload.bytes,
        publish: upload.publish,
      },
    });
    return created!;
  });
  deps.queue.wake(catalogImportJob);
  return row;
}
