/** The inbound module's public API (CONTRIBUTING.md, "Module boundaries"): leads from outside the landing pages. */
export { acceptGrupoZapPush } from './grupo-zap-accept.ts';
export { fetchMetaLeadJob } from './jobs/fetch-meta-lead.job.ts';
export {
  receiveInboundLead,
  recordInbound,
  type InboundLead,
  type InboundRecord,
  type InboundRequest,
  type InboundResult,
} from './receive-inbound-lead.ts';
export { leadApiIdempotencySweepJob } from './jobs/lead-api-idempotency-sweep.job.ts';
export { metaOAuthGrantSweepJob } from './jobs/meta-oauth-grant-sweep.job.ts';
