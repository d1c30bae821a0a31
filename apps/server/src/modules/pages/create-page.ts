/** Creates a page. Without a slug, a readable one is derived from the title and made unique. */
import type { PageFields } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { assertWithinLimit } from '../billing/index.ts';
import { auditLog, pages } from '../../db/schema.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { toPageColumns } from './page-columns.ts';
import { allocateSlug, isUniqueViolationOf, SLUG_UNIQUE_INDEX } from './page-slug.ts';
import type { PageRow } from './page-view.ts';

export const SLUG_TAKEN = 'Este endereço (slug) já está em uso por outra página.';

export async function createPage(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; userId: number; fields: Partial<PageFields> & { title: string } },
): Promise<PageRow> {
  const { fields } = input;
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const slug = fields.slug ?? (await allocateSlug(tx, fields.title));
        const now = new Date();
        const status = fields.status ?? 'draft';
        if (status === 'published')
          await assertWithinLimit(
            { db: tx },
            { realEstateId: input.realEstateId, key: 'published_pages', field: 'status' },
          );
        const [row] = await tx
          .insert(pages)
          .values({
            ...toPageColumns(fields),
            realEstateId: input.realEstateId,
            title: fields.title,
            slug,
            status,
            source: 'manual',
            publishedAt: status === 'draft' ? null : now,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const audit = [
          {
            realEstateId: input.realEstateId,
            userId: input.userId,
            action: 'page.created',
            subject: String(row!.id),
            details: { slug, status },
          },
        ];
        if (status === 'published') audit.push({ ...audit[0]!, action: 'page.published' });
        await tx.insert(auditLog).values(audit);
        return row!;
      });
    } catch (err) {
      if (!isUniqueViolationOf(err, SLUG_UNIQUE_INDEX)) throw err;
      if (fields.slug) throw fieldError('slug', SLUG_TAKEN);
      // Another page took the same slug between our look-up and our insert: pick again.
      if (attempt >= 5) throw err;
    }
  }
}
