/** The catalog-import module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: catalog-import.routes.ts. */
export { catalogImportJob } from './jobs/catalog-import.job.ts';
