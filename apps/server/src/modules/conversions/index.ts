/** The conversions module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: conversions.routes.ts. */
export {
  captureDeliveryEvent,
  mayReportLead,
  CAPTURE_EVENT,
  type ConversionCandidate,
} from './conversion-targets.ts';
export { metaEventOf, metaLeadIdOf, type ConversionLead } from './meta-events.ts';
export { sendMetaEvent, type MetaConnection } from './send-meta-event.ts';
export { attemptConversion, openConnection } from './attempt-conversion.ts';
