/** The privacy module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: privacy.routes.ts. */
export { privacyRetentionJob } from './jobs/privacy-retention.job.ts';
