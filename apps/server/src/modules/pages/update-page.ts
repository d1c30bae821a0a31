/** Partial update of a page: only the fields sent change; publishing sets published_at the first time. */
import { eq } from 'drizzle-orm';
import type { PageFields } from '@vitrine/contracts';
import type { Deps } from '../../deps.ts';
import { assertWithinLimit } from '../billing/index.ts';
import { auditLog, pages } from '../../db/schema.ts';
import { fieldError, notFound } from '../../lib/http-errors.ts';
import { SLUG_TAKEN } from './create-page.ts';
import { presentFields, toPageColumns } from './page-columns.ts';
import { isUniqueViolationOf, SLUG_UNIQUE_INDEX } from './page-slug.ts';
import type { PageRow } from './page-view.ts';

export async function updatePage(
  deps: Pick<Deps, 'db'>,
  input: { page: PageRow; userId: number; fields: Partial<PageFields>; action?: string },
): Promise<PageRow> {
  const { page, fields } = input;
  const changed = presentFields(fields);
  if (!changed.length) return page;
  const now = new Date();
  const publishing =
    fields.status !== undefined && fields.status !== page.status && fields.status === 'published';
  const values = {
    ...toPageColumns(fields),
    ...(fields.status && fields.status !== 'draft' && !page.publishedAt ? { publishedAt: now } : {}),
    updatedAt: now,
  };
  try {
    return await deps.db.transaction(async (tx) => {
      // The plan's published pages (Assinatura): over the limit, nothing is written.
      if (publishing)
        await assertWithinLimit(
          { db: tx },
          { realEstateId: page.realEstateId, key: 'published_pages', field: 'status' },
        );
      const [row] = await tx.update(pages).set(values).where(eq(pages.id, page.id)).returning();
      if (!row) throw notFound('Página não encontrada.');
      const base = { realEstateId: page.realEstateId, userId: input.userId, subject: String(page.id) };
      const audit = [
        {
          ...base,
          action: input.action ?? 'page.updated',
          details: { fields: changed } as Record<string, unknown>,
        },
      ];
      if (fields.status !== undefined && fields.status !== page.status) {
        audit[0]!.details.status = { from: page.status, to: fields.status };
        if (publishing) audit.push({ ...base, action: 'page.published', details: { from: page.status } });
      }
      await tx.insert(auditLog).values(audit);
      return row;
    });
  } catch (err) {
    if (isUniqueViolationOf(err, SLUG_UNIQUE_INDEX)) throw fieldError('slug', SLUG_TAKEN);
    throw err;
  }
}
