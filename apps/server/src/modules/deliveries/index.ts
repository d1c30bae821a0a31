/** The deliveries module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: deliveries.routes.ts. */
export { attemptDelivery } from './attempt-delivery.ts';
export { enqueueLeadDeliveries, queueAdConversions } from './enqueue-lead-deliveries.ts';
export { enqueueStageDeliveries } from './enqueue-stage-deliveries.ts';
export { resumePausedDeliveries } from './requeue-deliveries.ts';
export { webhookIdOf } from './lead-for-delivery.ts';
export { type DeliveryRow } from './enqueue-lead-deliveries.ts';
export { leadDeliveryJob } from './jobs/lead-delivery.job.ts';
export { AD_CONVERSIONS_MAX_IDS, adConversionsJob } from './jobs/ad-conversions.job.ts';
export { DELIVERY_GROUP_MAX, deliveryGroupPayloads } from './jobs/lead-delivery.queue.ts';
export { deliveryHandOverOf, type DeliveryHandOver } from './hand-over.ts';
export { leadPageJsonSql, leadPageFromJson } from './lead-for-delivery.ts';
export type { FoundDelivery } from './attempt-delivery.ts';
