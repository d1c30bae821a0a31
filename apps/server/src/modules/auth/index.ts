/** The auth module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: auth.routes.ts. */
export { createUser, getUserView } from './users.service.ts';
export { listUserAgencyIds } from './users.service.ts';
