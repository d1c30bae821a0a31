/** The pages module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: pages.routes.ts. */
export { allocateSlugs, isUniqueViolationOf, SLUG_UNIQUE_INDEX } from './page-slug.ts';
export { processPhoto, type PhotoVariant } from './photo-variants.ts';
export { type PageRow } from './page-view.ts';
export { toPageColumns } from './page-columns.ts';
export { findPage } from './list-pages.ts';
