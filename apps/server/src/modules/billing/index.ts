/** The billing module's public API: the plan limits other features enforce. */
export { assertWithinLimit, leadsLeft, monthStart } from './subscription.ts';
