/** The integrations module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: integrations.routes.ts. */
export {
  generateWebhookSecret,
  integrationAdapters,
  RESPONSE_SNIPPET_CHARS,
  toGrupoZapLead,
  verifyWebhookSignature,
  type DeliveryResult,
  type LeadForDelivery,
  type LeadPage,
} from './adapters/index.ts';
export { jetimobLeadForm } from './adapters/jetimob.ts';
export {
  adapterContext,
  decryptPayload,
  getIntegrationRow,
  signingSecretOf,
} from './integration-settings.ts';
export { createOutboundClient, removeSecretValues, secretValuesOf } from './integration-settings.ts';
