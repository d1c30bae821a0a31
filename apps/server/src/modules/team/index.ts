/** The team module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: team.routes.ts. */
export { assignLead, assignLeadByRotation, leadScopeOf } from './lead-assignment.ts';
export { registerInvitedUser } from './invitations.ts';
