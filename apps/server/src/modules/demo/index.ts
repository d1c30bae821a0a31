/** The demo module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: demo.routes.ts. */
export { demoPhotosWorthPreparing, prepareDemoPhotos } from './prepare-demo-photos.ts';
export { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed-demo.ts';
export { createDemoSeeding, DEMO_PREPARING_MESSAGE, type DemoSeeding } from './demo-seeding.ts';
export { lastDemoResetTime, resetDemoIfDue } from './reset-demo.ts';
export { demoResetJob } from './jobs/demo-reset.job.ts';
