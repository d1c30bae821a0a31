/**
 * The editor's preview (POST /v1/pages/{id}/preview): the page with the agent's unsaved fields, rendered
 * by the landing's own renderer and saved nowhere. A draft shows as visitors will get it once
 * published. Scripts go (the tracker, the form's helper, JSON-LD): the console shows the HTML in a
 * sandboxed frame that runs none, so that a preview never counts a visit nor sends a lead, and the
 * browser has nothing to block.
 */
import { eq } from 'drizzle-orm';
import type { PageFields } from '@vitrine/contracts';
import { realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';
import { toPageColumns } from '../pages/index.ts';
import type { PageRow } from '../pages/index.ts';
import { renderPageLanding } from './render-page-landing.ts';

/**
 * Every <script> element of a rendered landing. Safe as a pattern because the markup is ours: every
 * value in it is escaped by html`` (JSON-LD escapes "<"), so "<script" only comes from the template.
 */
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
export const withoutScripts = (html: string) => html.replace(SCRIPT_ELEMENT, '');

export async function renderPagePreview(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  input: { page: PageRow; fields: Partial<PageFields> },
): Promise<string> {
  const [agency] = await deps.db
    .select()
    .from(realEstates)
    .where(eq(realEstates.id, input.page.realEstateId))
    .limit(1);
  if (!agency) throw notFound('Página não encontrada.');
  const draft: PageRow = { ...input.page, ...toPageColumns(input.fields) };
  const page: PageRow = draft.status === 'draft' ? { ...draft, status: 'published' } : draft;
  const html = await renderPageLanding(
    deps,
    { page, agency },
    { values: {}, errors: {}, sent: false, stamp: '' },
  );
  return withoutScripts(html);
}
