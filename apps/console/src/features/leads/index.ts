// Public API of the leads feature (CONTRIBUTING.md, "Module boundaries"); its screens are in routes/.
export { LeadsSummaryCard } from './components/leads-summary-card';
export { useDeliveries } from './api/get-deliveries';
export { useReplayDelivery } from './api/replay-delivery';
export { useWaitingLeads } from './api/get-waiting-leads';
export { usePageOptions, type PageOption } from './api/get-page-options';
export { OverdueBadge, errorText } from './components/status-badges';
