/** The deliveries module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: deliveries.routes.ts. */
export { attemptDelivery } from './attempt-delivery.ts';
export { enqueueLeadDeliveries } from './enqueue-lead-deliveries.ts';
export { resumePausedDeliveries } from './requeue-deliveries.ts';
export { rescueOverdueDeliveries } from './rescue-overdue-deliveries.ts';
export { webhookIdOf } from './lead-for-delivery.ts';
export { type DeliveryRow } from './enqueue-lead-deliveries.ts';
