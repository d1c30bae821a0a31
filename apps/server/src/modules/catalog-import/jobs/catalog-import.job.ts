/** A catalog upload imported into pages (run-catalog-import.ts). */
import { z } from 'zod';
import { defineJob } from '../../../jobs/define-job.ts';
import { importCatalog } from '../run-catalog-import.ts';

export const catalogImportJob = defineJob({
  name: 'catalog-import',
  payload: z.object({
    importId: z.uuid(),
    /**
     * Publish the listings the catalog offers (the "Publicar ao importar" box). Absent or false: new
     * pages are drafts and existing pages keep their status — nothing goes live by surprise
     * (docs/product.md#catalog-import).
     */
    publish: z.boolean().optional(),
  }),
  retry: { limit: 3, delaySeconds: 10 },
  expireInSeconds: 30 * 60,
  // One import at a time per process: each is already a long stream of batched writes.
  concurrency: { batchSize: 1 },
  async handle(payload, deps) {
    await importCatalog(deps, payload);
  },
});
