// Public API of the users feature (CONTRIBUTING.md, "Module boundaries").
export { lookupInvitation } from './api/team';
export { useActiveMembers } from './api/team';
