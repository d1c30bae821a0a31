/** The conversions feature's public API (CONTRIBUTING.md, "Module boundaries"); its screen: routes/conversions.tsx. */
export { LeadConversionsLine } from './components/lead-conversions-line';
