/** The privacy module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: privacy.routes.ts. */
export { applyRetention } from './apply-retention.ts';
