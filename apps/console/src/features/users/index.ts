// Public API of the users feature (CONTRIBUTING.md, "Module boundaries").
export { lookupInvitation } from './api/lookup-invitation';
export { useActiveMembers } from './api/get-members';
