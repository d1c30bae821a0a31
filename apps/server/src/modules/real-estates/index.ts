/** The real-estates module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: real-estates.routes.ts. */
export { createRealEstate } from './create-real-estate.ts';
