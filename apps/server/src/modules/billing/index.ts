/** The billing module's public API: the plan limits other features enforce, and the payment provider. */
export {
  assertWithinLimit,
  leadsLeft,
  monthKey,
  publishedPagesLeft,
  recountLeadMonths,
} from './subscription.ts';
export { createPaymentProvider, type PaymentProvider } from './payment-provider.ts';
export { billingEventJob } from './jobs/billing-event.job.ts';
