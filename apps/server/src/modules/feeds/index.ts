/** The feeds module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: feeds.routes.ts. */
export { checkMetaCatalog, checkVrsync } from './check-listing.ts';
