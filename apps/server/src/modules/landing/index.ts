/** The landing module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: landing.routes.ts. */
export { LANDING_CSP } from './landing-assets.ts';
export { renderPagePreview } from './render-page-preview.ts';
