/** The team module's public API (CONTRIBUTING.md, "Module boundaries"); its routes: team.routes.ts. */
export { assignLeadByRotation, leadScopeOf } from './lead-assignment.ts';
export { isPendingAccount, registerInvitedUser } from './invitations.ts';
