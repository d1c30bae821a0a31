// Public API of the users feature (CONTRIBUTING.md, "Module boundaries").
export { useActiveMembers } from './api/get-members';
