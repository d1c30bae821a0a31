/** The billing module's public API: the plan limits other features enforce. */
export { assertWithinLimit, leadsLeftThisMonth, publishedPagesLeft } from './subscription.ts';
