/** The leads module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: leads.routes.ts. */
export { captureLead, type CapturedLead, type NewLead } from './capture-lead.ts';
export { scoreLead, scoreLeadContent } from './spam-score.ts';
export { trackingFields } from './tracking-fields.ts';
export { leadAlertJob } from './jobs/lead-alert.job.ts';
export { leadAutoReplyJob } from './jobs/lead-auto-reply.job.ts';
